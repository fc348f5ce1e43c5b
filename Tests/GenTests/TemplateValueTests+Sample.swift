@testable import GenPlan
import XCTest

extension TemplateValueTests {
    /// Every page of the bundled sample whose view gives its values directly gives the values its body
    /// encodes to: a property forgotten in any view the sample shows fails here, with sample data.
    func testEveryDirectPageOfTheSample() throws {
        let files = SitePlanner(markdown: { $0 }).plan(try TestSite.sampleInput())
        var checked: Set<String> = []
        func check(_ file: PlannedFile, in archive: String = "") throws {
            switch file.content {
            case .page(let template, let context):
                guard let value = context.pageValue else { return }
                try assertSame(value(), context.page, archive + file.path)
                checked.insert(template)
            case .archive(_, let entries):
                for entry in entries { try check(entry, in: file.path + ": ") }
            default: break
            }
        }
        for file in files { try check(file) }
        let direct = [
            "reports-day", "markdown/reports-day", "report-page", "markdown/report", "reports-month", "markdown/reports-month",
            "critique-gallery", "critique-detail", "mileage", "mileage-photographer", "mileage-statements", "mileage-statement",
            "markdown/mileage-statement", "stats-photographer", "school"
        ]
        XCTAssertEqual(checked.sorted(), direct.sorted(), "the sample has a page of each kind that gives its values")
    }
}

import Foundation
import GenLoad
@testable import GenPlan
import GenSample
import XCTest

extension TemplateValueTests {
    /// Every page of the bundled sample, its content pages too, gives the values its body encodes to: a
    /// property forgotten in any view the sample shows fails here, with sample data.
    func testEveryPageOfTheSample() throws {
        var input = try TestSite.sampleInput()
        input.pages = try PageLoader.load(contentDirectory: TestSite.repositoryContent).pages
        XCTAssertFalse(input.pages.isEmpty)
        let checked = try assertEveryPageSame(input)
        let templates = [
            "reports-day", "markdown/reports-day", "report-page", "markdown/report", "reports-month", "markdown/reports-month",
            "critique-gallery", "critique-detail", "mileage", "mileage-photographer", "mileage-statements", "mileage-statement",
            "markdown/mileage-statement", "stats-photographer", "school", "root-index", "org-home", "content-page", "search",
            "reports-index", "schools-index", "attention", "stats-index", "stats-manager", "stats-quality"
        ]
        XCTAssertEqual(checked.sorted(), templates.sorted(), "the sample has a page of each kind")
    }

    /// The same, for a generated sample of two organizations: more of every kind of row (managers, data
    /// problems, months to compare, follow-ups).
    func testEveryPageOfAGeneratedSample() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("gen-values-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        _ = try SampleGenerator.write(SampleOptions(reports: 400, critiques: 80, photographers: 5, organizations: 2, seed: 7), to: folder)
        let checked = try assertEveryPageSame(try TestSite.sampleInput(content: folder))
        XCTAssertTrue(checked.isSuperset(of: ["stats-manager", "stats-quality", "attention", "schools-index", "org-home"]), "\(checked)")
    }

    /// Holds every page of the site's plan, archived ones too, to its body's encoding; the templates checked.
    func assertEveryPageSame(_ input: SiteInput, file: StaticString = #filePath, line: UInt = #line) throws -> Set<String> {
        let files = SitePlanner(markdown: { $0 }).plan(input)
        var checked: Set<String> = []
        func check(_ planned: PlannedFile, in archive: String = "") throws {
            switch planned.content {
            case .page(let template, let context):
                try assertSame(context.pageValue(), context.page, archive + planned.path, file: file, line: line)
                checked.insert(template)
            case .archive(_, let entries):
                for entry in entries { try check(entry, in: planned.path + ": ") }
            default: break
            }
        }
        for planned in files { try check(planned) }
        return checked
    }
}

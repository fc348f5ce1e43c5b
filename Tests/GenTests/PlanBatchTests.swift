import Foundation
@testable import GenBuild
import GenCompute
@testable import GenPlan
@testable import GenRender
import XCTest

/// The plan in batches: a month's daily, report and monthly pages and its archive are planned (and rendered)
/// together, after the batch before them, so a build holds one month's contexts rather than the site's.
final class PlanBatchTests: XCTestCase {
    func testEveryFileInExactlyOneBatchAndEachMonthTogether() throws {
        let site = try TestSite.sampleInput()
        let planner = SitePlanner(markdown: { $0 })
        let batches = planner.batches(site)
        let files = batches.map { $0.files() }
        let paths = files.flatMap { $0.map(\.path) }
        XCTAssertEqual(paths.count, Set(paths).count, "no file in two batches")
        XCTAssertEqual(Set(paths), Set(planner.plan(site).map(\.path)))

        for input in site.organizations {
            let org = input.organization
            let monthOfReport = Dictionary(uniqueKeysWithValues: org.reports.map { (ReportPaths(org).page($0.id), $0.date.monthKey) })
            var months: [String] = []
            for (batch, files) in zip(batches, files) where batch.name.hasPrefix(org.pathSegment + " ") {
                let month = String(batch.name.dropFirst(org.pathSegment.count + 1))
                guard month.count == 7, month.dropFirst(4).first == "-" else { continue }
                months.append(month)
                let inOrg = files.map { String($0.path.dropFirst(org.pathSegment.count + 1)) }
                XCTAssertTrue(inOrg.contains("reports/monthly/\(month)/index.html"), batch.name)
                XCTAssertTrue(inOrg.contains("archive/\(month).zip"), batch.name)
                for path in inOrg where path.hasPrefix("reports/daily/") {
                    XCTAssertTrue(path.hasPrefix("reports/daily/\(month)-"), "\(path) in \(batch.name)")
                }
                for path in inOrg where path.hasPrefix("reports/report/") && path.hasSuffix(".html") {
                    XCTAssertEqual(monthOfReport[path], month, path)
                }
            }
            XCTAssertEqual(months, months.sorted())
            XCTAssertTrue(Set(org.reports.map(\.date.monthKey)).isSubset(of: Set(months)), org.id.text)
        }
        XCTAssertFalse(site.organizations.allSatisfy(\.organization.reports.isEmpty))
    }

    /// A fragment's context is made when the renderer asks for it, not when the plan is made, and once for
    /// its fingerprint and first rendering.
    func testFragmentContextIsMadeWhenRendered() async throws {
        let made = Counter()
        let fragment = Fragment(view: {
            made.increment()
            return ReportBody(
                facts: [.init(label: "Date", value: "Oct 3")], notes: ["made on demand"], fields: RepeatedRows([]), hasFields: false,
                others: RepeatedRows([]), hasOthers: false, valid: true, problems: [], problemCount: "Valid")
        })
        XCTAssertEqual(made.value, 0)
        var files = TemplateFiles.builtIn
        files.templates["test-day"] = .init(
            text: "{{% CONTENT_TYPE: HTML}}{{#page}}{{#reports}}{{>partials/report-body}}{{/reports}}{{/page}}", file: "test-day")
        let templates = try TemplateRenderer.load(files)
        let context = PageContext(
            siteTitle: "Site", title: "Day", root: "../", organization: nil, nav: [],
            page: Page(reports: [fragment]))
        let page = templates.page(context, template: "test-day")
        XCTAssertEqual(made.value, 1)
        XCTAssertTrue(try XCTUnwrap(templates.html(page.value, "test-day")).contains("made on demand"))
        XCTAssertEqual(made.value, 1, "the values made for the fingerprint are the ones rendered")
    }
}

private struct Page: Sendable, Encodable {
    var reports: [Fragment]
}

private final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0
    var value: Int { lock.withLock { count } }
    func increment() { lock.withLock { count += 1 } }
}

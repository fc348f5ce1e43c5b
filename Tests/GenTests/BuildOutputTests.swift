@testable import GenBuild
import GenModel
import GenRender
import XCTest

final class BuildOutputTests: XCTestCase {
    /// The bundled sample, built twice into two folders: identical bytes.
    func testSameInputSameBytes() async throws {
        let a = try TestSite(), b = try TestSite()
        defer { a.remove(); b.remove() }
        let first = try await BuildPipeline.run(BuildOptions(content: TestSite.repositoryContent, templates: TestSite.templates, output: a.output))
        _ = try await BuildPipeline.run(BuildOptions(content: TestSite.repositoryContent, templates: TestSite.templates, output: b.output))
        let filesA = TestSite.files(under: a.output), filesB = TestSite.files(under: b.output)
        XCTAssertEqual(filesA, filesB)
        XCTAssertGreaterThan(filesA.count, 8)
        XCTAssertEqual(first.filesWritten, filesA.count)
        for file in filesA {
            let da = try Data(contentsOf: a.output.appendingPathComponent(file))
            let db = try Data(contentsOf: b.output.appendingPathComponent(file))
            XCTAssertEqual(da, db, "\(file) differs between builds")
        }
    }

    /// A site of one report, built once.
    func builtSite() async throws -> TestSite {
        let site = try TestSite()
        try site.writeCollection("users", [Doc.user("u1", org: "o1", first: "Ann", last: "Lee")])
        try site.writeCollection("dailyJobReports", [Doc.report("r1", org: "o1", user: "u1", extra: ["schools_visited": []])])
        try await site.build()
        return site
    }

    /// Changes the site's input (the user's name) and builds it with built-in templates that lack a template or
    /// an asset (an overlay never lacks one: it falls back to the built-ins).
    func buildChanged(_ site: TestSite, without template: String? = nil, asset: String? = nil) async throws {
        try site.writeCollection("users", [Doc.user("u1", org: "o1", first: "Changed", last: "Name")])
        var options = BuildOptions(content: site.content, output: site.output)
        if let template { options.builtInTemplates.templates[template] = nil }
        if let asset { options.builtInTemplates.assets[asset] = nil }
        _ = try await BuildPipeline.run(options)
    }

    /// A build that fails midway (a page needs a template that does not exist) leaves the previous output as it was.
    func testFailedBuildLeavesPreviousOutputUntouched() async throws {
        let site = try await builtSite()
        defer { site.remove() }
        let before = TestSite.files(under: site.output).map { ($0, try? Data(contentsOf: site.output.appendingPathComponent($0))) }

        // Templates without the stylesheet: planning succeeds, rendering fails partway through.
        do {
            try await buildChanged(site, asset: "style.css")
            XCTFail("the build should fail")
        } catch {
            XCTAssertTrue("\(error)".contains("style.css"), "\(error)")
        }
        let after = TestSite.files(under: site.output).map { ($0, try? Data(contentsOf: site.output.appendingPathComponent($0))) }
        XCTAssertEqual(before.map(\.0), after.map(\.0))
        XCTAssertEqual(before.map(\.1), after.map(\.1))
        // No staging folder is left behind.
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: site.root.path).filter { $0.contains("staging") }
        XCTAssertEqual(leftovers, [])
    }

    /// The monthly page's template is needed only when a month is planned, in the middle of rendering: still
    /// unusable input (exit 2) naming the template, and the previous output is untouched.
    func testTemplateMissingForALaterBatchIsUnusableInput() async throws {
        let site = try await builtSite()
        defer { site.remove() }
        let before = TestSite.files(under: site.output)

        do {
            try await buildChanged(site, without: "reports-month")
            XCTFail("the build should fail")
        } catch let BuildFailure.input(error) {
            XCTAssertEqual(error.file, "Templates/reports-month.mustache")
            XCTAssertEqual(error.message, "template not found")
        }
        XCTAssertEqual(TestSite.files(under: site.output), before)
        XCTAssertTrue(
            try String(contentsOf: site.output.appendingPathComponent("o1/reports/report/r1.html"), encoding: .utf8)
                .contains("Ann Lee"))
    }

    func testMissingTemplateFolderIsUnusableInput() async throws {
        let site = try TestSite()
        defer { site.remove() }
        do {
            try await site.build(templates: site.root.appendingPathComponent("NoSuchTemplates"))
            XCTFail("expected a failure")
        } catch let BuildFailure.input(error) {
            XCTAssertTrue(error.file.hasSuffix("NoSuchTemplates"))
            XCTAssertTrue(error.message.contains("template folder not found"))
        }
    }

    func testSampleSiteHasEveryPageAndTheMileageData() async throws {
        let site = try TestSite()
        defer { site.remove() }
        let report = try await BuildPipeline.run(
            BuildOptions(content: TestSite.repositoryContent, templates: TestSite.templates, output: site.output))
        XCTAssertEqual(report.documentsRead["dailyJobReports"], 133)
        XCTAssertEqual(report.ignoredCollections["auditLog"], 1)  // one document, changed twice
        let org = "L7mQ2xVb9KpT4wRz8NcE"
        for path in [
            "index.html", "assets/style.css", "\(org)/index.html", "\(org)/mileage/index.html", "\(org)/data/mileage.json",
            "\(org)/data/mileage.csv", "\(org)/pages/about.html", "\(org)/pages/mileage-policy.html",
            "\(org)/critiques/index.html", "\(org)/critiques/photo/4Y0mSWHUXJfhcredYBre.html", "\(org)/manifests/thumbnails.json"
        ] {
            XCTAssertTrue(FileManager.default.fileExists(atPath: site.output.appendingPathComponent(path).path), path)
        }
        let json =
            try JSONSerialization.jsonObject(with: Data(contentsOf: site.output.appendingPathComponent("\(org)/data/mileage.json"))) as! [String: Any]
        XCTAssertEqual(Set(json.keys), ["organizationId", "unit", "ratePerMile", "rates", "reports", "photographers", "months"])
        let reports = json["reports"] as! [[String: Any]]
        XCTAssertEqual(reports.count, 133)
        XCTAssertEqual(
            Set(reports[0].keys),
            [
                "reportId", "date", "photographerId", "photographer", "schools", "legs", "computedMiles",
                "recordedMiles", "miles", "source", "flags"
            ])
        // The five seeded discrepancies are flagged.
        let flagged = reports.filter { ($0["flags"] as! [String]).contains("discrepancy") }.map { $0["reportId"] as! String }
        XCTAssertEqual(
            Set(flagged), ["9tPJWSXDXAJOtMFqa6Xg", "ViQPVVcakPYjLRBTCEbJ", "qhKUhrDk17omtQhETkAU", "TiFWyNjAmoJiYXJ65Vec", "7NMrUr0ojw1PNhPFBQKM"])
        // Late-night UTC timestamps land on the previous local day (America/Chicago).
        XCTAssertEqual(reports.first { $0["reportId"] as? String == "LUHPGyg8xx1ekTUxqCJe" }?["date"] as? String, "2024-09-30")
        // Month totals are the sums of the per-report miles.
        let months = json["months"] as! [[String: Any]]
        for month in months {
            let key = month["month"] as! String
            let sum = reports.filter { ($0["date"] as! String).hasPrefix(key) }.reduce(0.0) { $0 + ($1["miles"] as! Double) }
            XCTAssertEqual(month["miles"] as! Double, sum, accuracy: 0.05)
        }
        // The sample's photos: real renditions for every local file, an error for the truncated one,
        // the document's own URL for the remote one; drafts nowhere.
        let manifest =
            try JSONSerialization.jsonObject(with: Data(contentsOf: site.output.appendingPathComponent("\(org)/manifests/thumbnails.json")))
            as! [String: Any]
        let images = manifest["images"] as! [[String: Any]]
        XCTAssertEqual(Set(images.map { $0["critiqueId"] as! String }).count, 22)
        XCTAssertEqual(
            images.filter { $0["error"] is String }.map { $0["critiqueId"] as! String }.sorted(),
            ["3EIPMUEPpGI9egKKQT0P", "jmzogqAkIoRHuUmNB8UJ"])
        XCTAssertEqual(images.filter { $0["local"] is NSNull }.map { $0["critiqueId"] as! String }, ["WzyFqUVOjoIvO2DcLLPr"])
        XCTAssertTrue(images.filter { $0["local"] is String && $0["error"] is NSNull }.allSatisfy { ($0["renditions"] as! [Any]).count == 4 })
        XCTAssertFalse(images.contains { ["h4eUP7XzLp6Fn85sHSid", "ka6G5UFhsN4Xg2Ugd5VP"].contains($0["critiqueId"] as! String) })
        XCTAssertEqual(report.images.failed, 1)
        XCTAssertEqual(report.unpublishedCritiques, ["draft": 2])

        // The CSV has a header and one row per report.
        let csv = try site.text("\(org)/data/mileage.csv")
        XCTAssertEqual(csv.components(separatedBy: "\r\n").filter { !$0.isEmpty }.count, 134)
    }

    /// The build lets go of a report's raw fields before planning (its form holds every value): the header's
    /// job type, read from the raw `job_type`, and values the template does not describe still show.
    func testReportPagesShowRawFieldsAfterTheBuildLetGoOfThem() async throws {
        let site = try TestSite()
        defer { site.remove() }
        try site.writeCollection("users", [Doc.user("u1", org: "o1", first: "Ann", last: "Lee")])
        try site.writeCollection("reportTemplates", [Doc.template(org: "o1")])
        try site.writeCollection(
            "dailyJobReports",
            [
                Doc.report(
                    "r1", org: "o1", user: "u1",
                    extra: [
                        "schools_visited": [], "job_type": "Senior Portraits", "notes": "Front steps at noon",
                        "lens_notes": "Used the 85mm all day"
                    ])
            ])
        try await site.build()
        let page = try site.text("o1/reports/report/r1.html")
        XCTAssertTrue(page.contains("<dt>Job type</dt><dd>Senior Portraits</dd>"), "the header names the job type")
        XCTAssertTrue(page.contains("Senior Portraits"))
        XCTAssertTrue(page.contains("Front steps at noon"))
        XCTAssertTrue(page.contains("Used the 85mm all day"), "a value the template does not describe is still shown")
        XCTAssertTrue(try site.text("o1/reports/report/r1.md").contains("Used the 85mm all day"))
    }
}

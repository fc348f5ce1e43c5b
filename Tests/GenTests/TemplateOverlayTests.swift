import Foundation
import GenBuild
import GenModel
import GenRender
import GenTemplates
import XCTest
import ZIPFoundation

/// The built-in templates (the repository's `Templates/`, carried in the executable) and an overlay folder
/// (`--templates DIR`) whose files replace the built-ins of the same name.
final class TemplateOverlayTests: XCTestCase {
    static let marker = "<p>OVERLAY-MARKER</p>"
    static let stylesheet = "/* a custom stylesheet */\nbody { color: rebeccapurple; }\n"

    /// An overlay folder under `site` holding `files` (relative path → text).
    func overlay(_ site: TestSite, _ files: [String: String]) throws -> URL {
        let folder = site.root.appendingPathComponent("my-theme")
        for (path, text) in files {
            let url = folder.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }
        return folder
    }

    /// A site of one organization with one user, the default template and one report.
    static func oneReportSite() throws -> TestSite {
        let site = try TestSite()
        try site.writeCollection("users", [Doc.user("u1", org: "o1", first: "Ann", last: "Lee")])
        try site.writeCollection("reportTemplates", [Doc.template(org: "o1")])
        try site.writeCollection("dailyJobReports", [Doc.report("r1", org: "o1", user: "u1")])
        return site
    }

    /// A previous output's file list and home page, to show a failed build left it as it was.
    struct OutputSnapshot {
        let files: [String]
        let index: Data

        init(_ output: URL) throws {
            files = TestSite.files(under: output)
            index = try Data(contentsOf: output.appendingPathComponent("index.html"))
        }

        func assertUnchanged(_ output: URL, file: StaticString = #filePath, line: UInt = #line) throws {
            XCTAssertEqual(TestSite.files(under: output), files, file: file, line: line)
            XCTAssertEqual(try Data(contentsOf: output.appendingPathComponent("index.html")), index, file: file, line: line)
        }
    }

    /// The unusable input a build stops with; nil when it does not stop so.
    static func inputError(_ options: BuildOptions) async -> InputError? {
        do {
            _ = try await BuildPipeline.run(options)
        } catch {
            if case BuildFailure.input(let input) = error { return input }
        }
        return nil
    }

    /// The built-in `content-page` with the marker after its article's opening tag.
    static func markedContentPage() throws -> String {
        let text = String(decoding: try XCTUnwrap(BuiltInTemplates.files["content-page.mustache"]), as: UTF8.self)
        let marked = text.replacingOccurrences(of: "<article class=\"prose\">\n", with: "<article class=\"prose\">\n\(marker)\n")
        XCTAssertNotEqual(marked, text)
        return marked
    }

    func build(_ site: TestSite, into name: String, templates: URL?) async throws -> URL {
        let output = site.root.appendingPathComponent(name)
        _ = try await BuildPipeline.run(
            BuildOptions(
                content: TestSite.repositoryContent, templates: templates, output: output,
                cache: site.root.appendingPathComponent("cache-\(name)")))
        return output
    }

    func assertSameFiles(
        _ a: URL, _ b: URL, except: (String) -> Bool = { _ in false },
        file: StaticString = #filePath, line: UInt = #line
    ) throws {
        let files = TestSite.files(under: a)
        XCTAssertEqual(files, TestSite.files(under: b), file: file, line: line)
        for path in files where !except(path) {
            let same = try Data(contentsOf: a.appendingPathComponent(path)) == Data(contentsOf: b.appendingPathComponent(path))
            XCTAssertTrue(same, "\(path) differs", file: file, line: line)
        }
    }

    /// No templates folder at all: the built-ins, the same bytes as the repository's `Templates/` given as the
    /// folder. An overlay with a changed `content-page` and its own stylesheet: the content pages show the
    /// change, every other page is the built-ins' byte for byte, and every copy of the stylesheet is the overlay's.
    func testBuiltInsEqualTheRepositoryFolderAndAnOverlayReplacesOnlyItsFiles() async throws {
        let site = try TestSite()
        defer { site.remove() }
        let builtIn = try await build(site, into: "built-in", templates: nil)
        let repository = try await build(site, into: "repository", templates: TestSite.templates)
        try assertSameFiles(builtIn, repository)

        let theme = try overlay(site, ["content-page.mustache": try Self.markedContentPage(), "assets/style.css": Self.stylesheet])
        let themed = try await build(site, into: "themed", templates: theme)
        let contentPages = TestSite.files(under: themed).filter { $0.contains("/pages/") && $0.hasSuffix(".html") }
        XCTAssertEqual(contentPages.count, 2, "\(contentPages)")
        for path in contentPages {
            let text = String(decoding: try Data(contentsOf: themed.appendingPathComponent(path)), as: UTF8.self)
            XCTAssertTrue(text.contains(Self.marker), path)
        }
        let stylesheets = TestSite.files(under: themed).filter { $0.hasSuffix("assets/style.css") }
        XCTAssertGreaterThanOrEqual(stylesheets.count, 2, "\(stylesheets)")
        for path in stylesheets {
            XCTAssertEqual(try Data(contentsOf: themed.appendingPathComponent(path)), Data(Self.stylesheet.utf8), path)
        }
        // The monthly archives carry the stylesheet too: their other entries are unchanged, and their checksums
        // but the stylesheet's.
        let archives = TestSite.files(under: themed).filter { $0.hasSuffix(".zip") }
        XCTAssertFalse(archives.isEmpty)
        for path in archives {
            let ours = try entries(themed.appendingPathComponent(path)), theirs = try entries(builtIn.appendingPathComponent(path))
            XCTAssertEqual(ours.keys.sorted(), theirs.keys.sorted(), path)
            for (entry, data) in ours {
                if entry.hasSuffix("assets/style.css") {
                    XCTAssertEqual(data, Data(Self.stylesheet.utf8), "\(path): \(entry)")
                } else if entry.hasSuffix("/SHA256SUMS") {
                    func lines(_ data: Data?) -> [Substring] {
                        String(decoding: data ?? Data(), as: UTF8.self).split(separator: "\n").filter { !$0.hasSuffix("assets/style.css") }
                    }
                    XCTAssertEqual(lines(data), lines(theirs[entry]), "\(path): \(entry)")
                    XCTAssertNotEqual(data, theirs[entry], "\(path): \(entry)")
                } else {
                    XCTAssertEqual(data, theirs[entry], "\(path): \(entry)")
                }
            }
        }
        try assertSameFiles(builtIn, themed) { path in
            contentPages.contains(path) || stylesheets.contains(path) || archives.contains(path)
        }
    }

    func entries(_ zip: URL) throws -> [String: Data] {
        let archive = try Archive(url: zip, accessMode: .read)
        var entries: [String: Data] = [:]
        for entry in archive {
            var data = Data()
            _ = try archive.extract(entry) { data.append($0) }
            entries[entry.path] = data
        }
        return entries
    }

    /// An incremental build renders again exactly the files whose effective template or asset changed: adding
    /// an overlay file, then taking it away again.
    func testIncrementalBuildFollowsTheEffectiveTemplates() async throws {
        let site = try TestSite()
        defer { site.remove() }
        let output = site.root.appendingPathComponent("out"), cache = site.root.appendingPathComponent("cache")
        func build(_ templates: URL?) async throws -> BuildReport {
            try await BuildPipeline.run(BuildOptions(content: TestSite.repositoryContent, templates: templates, output: output, cache: cache))
        }
        let first = try await build(nil)
        let before = TestSite.allText(under: output)
        let theme = try overlay(site, ["content-page.mustache": try Self.markedContentPage()])
        let themed = try await build(theme)
        XCTAssertEqual(themed.filesWritten - themed.filesKept, 2, "only the two content pages are rendered again")
        XCTAssertEqual(themed.filesWritten, first.filesWritten)
        XCTAssertTrue(
            try String(
                contentsOf: output.appendingPathComponent(TestSite.files(under: output).first { $0.contains("/pages/") }!),
                encoding: .utf8
            ).contains(Self.marker))
        // The same overlay file, unchanged: nothing to do.
        let again = try await build(theme)
        XCTAssertTrue(again.upToDate)
        // Back to the built-ins: the same two pages again, and the output is the first build's.
        try FileManager.default.removeItem(at: theme.appendingPathComponent("content-page.mustache"))
        let back = try await build(theme)
        XCTAssertEqual(back.filesWritten - back.filesKept, 2)
        XCTAssertEqual(TestSite.allText(under: output), before)
    }

    /// A partial in a subfolder is overridden by the overlay's file of the same path: the HTML field row
    /// (`partials/field-row`) shows the overlay's marker on report pages, and the Markdown twin
    /// (`markdown/partials/field-row`) is left as it was.
    func testOverlayReplacesAPartialInItsSubfolder() async throws {
        let site = try TestSite()
        defer { site.remove() }
        let row = String(decoding: try XCTUnwrap(BuiltInTemplates.files["partials/field-row.mustache"]), as: UTF8.self)
        let marked = row.replacingOccurrences(of: "<th scope=\"row\">", with: "<th scope=\"row\" data-theme=\"mine\">")
        XCTAssertNotEqual(marked, row)
        let theme = try overlay(site, ["partials/field-row.mustache": marked])
        let builtIn = try await build(site, into: "built-in", templates: nil)
        let themed = try await build(site, into: "themed", templates: theme)
        let reports = TestSite.files(under: themed).filter { $0.contains("/reports/") && $0.hasSuffix(".html") }
        XCTAssertFalse(reports.isEmpty)
        let pages = try reports.map { try String(contentsOf: themed.appendingPathComponent($0), encoding: .utf8) }
        XCTAssertTrue(pages.contains { $0.contains("data-theme=\"mine\"") })
        let markdown = TestSite.files(under: themed).filter { $0.contains("/reports/") && $0.hasSuffix(".md") }
        XCTAssertFalse(markdown.isEmpty)
        for path in markdown {
            XCTAssertEqual(
                try Data(contentsOf: themed.appendingPathComponent(path)), try Data(contentsOf: builtIn.appendingPathComponent(path)), path)
        }
    }

    /// A linked folder of partials is refused, not left out without a word.
    func testLinkedFolderInTheOverlayIsUnusableInput() throws {
        let site = try TestSite()
        defer { site.remove() }
        let theme = try overlay(site, ["shared/partials/badge.mustache": "{{label}}"])
        let link = site.root.appendingPathComponent("my-theme/partials")
        try FileManager.default.createSymbolicLink(atPath: link.path, withDestinationPath: theme.appendingPathComponent("shared/partials").path)
        XCTAssertThrowsError(try TemplateFiles.builtIn.overlaid(with: theme)) { error in
            XCTAssertEqual((error as? InputError)?.file, link.path)
        }
    }

    /// A tag naming a value the page's view does not have (misspelt) is a warning naming the overlay's file,
    /// line and column, from `gen check` (which renders the first pages of each template) and `gen build`.
    func testMisspeltNameInAnOverlayIsReportedWithItsPosition() async throws {
        let site = try Self.oneReportSite()
        defer { site.remove() }
        let page = String(decoding: try XCTUnwrap(BuiltInTemplates.files["report-page.mustache"]), as: UTF8.self)
        let misspelt = page.replacingOccurrences(of: "{{markdownHref}}", with: "{{markdownHerf}}")
        XCTAssertNotEqual(misspelt, page)
        let theme = try overlay(site, ["report-page.mustache": misspelt])
        let line = misspelt.components(separatedBy: "{{markdownHerf}}")[0].components(separatedBy: "\n").count
        let column = misspelt.components(separatedBy: "{{markdownHerf}}")[0].components(separatedBy: "\n").last!.count + 1
        let expected = "line \(line), column \(column): {{markdownHerf}} names no value of the page it is rendered in"
        for write in [false, true] {
            let report = try await BuildPipeline.run(
                BuildOptions(content: site.content, templates: theme, output: site.output, writeOutput: write))
            let found = report.warnings.filter { $0.message.contains("names no value") }
            XCTAssertEqual(found.map(\.file), [theme.appendingPathComponent("report-page.mustache").path], "write: \(write)")
            XCTAssertTrue(found.first?.message.hasPrefix(expected) ?? false, "\(found)")
        }
    }

    /// An overlay file that no page uses (a misspelt folder, a partial nothing includes, an asset gen does not
    /// copy) is a warning naming it, from `gen check` and `gen build`; a partial of the overlay's own that an
    /// overlaid template includes is shown, and not warned about. The pages are built as they would be without
    /// the unused files.
    func testOverlayFileThatNoPageUsesIsAWarning() async throws {
        let site = try Self.oneReportSite()
        defer { site.remove() }
        let page = String(decoding: try XCTUnwrap(BuiltInTemplates.files["report-page.mustache"]), as: UTF8.self)
        let tag = "{{#report}}{{>partials/report}}{{/report}}"
        let including = page.replacingOccurrences(of: tag, with: "{{>partials/mine}}" + tag)
        XCTAssertNotEqual(including, page)
        let theme = try overlay(
            site,
            [
                "partial/field-row.mustache": "<tr>misplaced</tr>\n", "partials/unused.mustache": "unused\n",
                "report-page.mustache": including, "partials/mine.mustache": "<p>MINE-MARKER</p>\n",
                "assets/styles.css": "body { color: red; }\n"
            ])
        for write in [false, true] {
            let report = try await BuildPipeline.run(
                BuildOptions(content: site.content, templates: theme, output: site.output, writeOutput: write))
            let found = report.warnings.filter { $0.code == .templateFileUnused }
            XCTAssertEqual(
                found.map(\.file),
                ["partial/field-row.mustache", "partials/unused.mustache", "assets/styles.css"].map { theme.appendingPathComponent($0).path },
                "write: \(write)")
            XCTAssertTrue(
                found.last?.message.hasPrefix("asset styles.css is not one gen copies (search.js, site.js, style.css)") ?? false, "\(found)")
            XCTAssertTrue(found.first?.message.hasPrefix("template partial/field-row replaces no built-in template") ?? false, "\(found)")
        }
        let pages = TestSite.files(under: site.output).filter { $0.hasPrefix("o1/reports/report/") && $0.hasSuffix(".html") }
        XCTAssertEqual(pages.count, 1)
        let html = try String(contentsOf: site.output.appendingPathComponent(pages[0]), encoding: .utf8)
        XCTAssertTrue(html.contains("<p>MINE-MARKER</p>"))
        XCTAssertFalse(html.contains("misplaced"))
    }

    /// A template of the overlay that does not parse: unusable input naming the overlay's file, line and column;
    /// nothing is written.
    func testOverlayTemplateThatDoesNotParseNamesItsFileAndLine() async throws {
        let site = try TestSite()
        defer { site.remove() }
        try site.writeCollection("users", [Doc.user("u1", org: "o1", first: "Ann", last: "Lee")])
        let theme = try overlay(site, ["partials/badge.mustache": "{{% CONTENT_TYPE: HTML}}\n<span>\n{{#label}}{{/style}}\n"])
        do {
            try await site.build(templates: theme)
            XCTFail("the build should fail")
        } catch let BuildFailure.input(error) {
            XCTAssertEqual(error.file, theme.appendingPathComponent("partials/badge.mustache").path)
            XCTAssertEqual(error.line, 3)
            XCTAssertNotNil(error.column)
            XCTAssertTrue(error.message.hasPrefix("template does not parse"), error.message)
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: site.output.path))
    }

    /// A partial of the overlay that includes itself without end (it crashed gen, out of stack): unusable
    /// input naming the overlay's file, line and column of the tag where rendering stopped, and the page; the
    /// previous output stays as it was.
    func testOverlayPartialThatIncludesItselfStopsTheBuildAtItsTag() async throws {
        let site = try Self.oneReportSite()
        defer { site.remove() }
        try await site.build()
        let before = try OutputSnapshot(site.output)
        let theme = try overlay(site, ["partials/field-row.mustache": "<tr>\n  {{>partials/field-row}}\n</tr>\n"])
        do {
            try await site.build(templates: theme)
            XCTFail("the build should fail")
        } catch let BuildFailure.render(message) {
            let file = theme.appendingPathComponent("partials/field-row.mustache").path
            XCTAssertTrue(message.hasPrefix("\(file):2:3: sections, partials and parents nested more than 200 deep"), message)
            XCTAssertTrue(message.contains("(rendering o1/reports/"), message)
        }
        try before.assertUnchanged(site.output)
        // `gen check` renders a report page too, and stops the same way.
        do {
            _ = try await BuildPipeline.run(BuildOptions(content: site.content, templates: theme, output: site.output, writeOutput: false))
            XCTFail("the check should fail")
        } catch let BuildFailure.render(message) {
            XCTAssertTrue(message.contains("partials/field-row.mustache:2:3: sections, partials and parents nested"), message)
        }
    }

    /// A misspelt partial or parent would render as nothing (the spec's rule), dropping a part of every page
    /// or the whole page without a word: it is unusable input naming the overlay's file, line and column, and
    /// the previous output stays as it was; `gen check` refuses it the same way.
    func testOverlayNamingATemplateThatDoesNotExistIsUnusableInput() async throws {
        let site = try Self.oneReportSite()
        defer { site.remove() }
        try await site.build()
        let before = try OutputSnapshot(site.output)
        let row = String(decoding: try XCTUnwrap(BuiltInTemplates.files["partials/field-row.mustache"]), as: UTF8.self)
        let misspelt = row.replacingOccurrences(of: "{{>partials/field-value}}", with: "{{>partials/feild-value}}")
        XCTAssertNotEqual(misspelt, row)
        let prefix = misspelt.components(separatedBy: "{{>partials/feild-value}}")[0].components(separatedBy: "\n")
        let cases: [(file: String, text: String, line: Int, column: Int, tag: String)] = [
            ("partials/field-row.mustache", misspelt, prefix.count, prefix.last!.count + 1, "{{>partials/feild-value}}"),
            ("content-page.mustache", "{{% CONTENT_TYPE: HTML}}\n  {{<layuot}}{{/layuot}}\n", 2, 3, "{{<layuot}}")
        ]
        for (file, text, line, column, tag) in cases {
            let theme = try overlay(site, [file: text])
            for write in [true, false] {
                let options = BuildOptions(content: site.content, templates: theme, output: site.output, writeOutput: write)
                let error = await Self.inputError(options)
                XCTAssertEqual(error?.file, theme.appendingPathComponent(file).path, "write: \(write)")
                XCTAssertEqual(error?.line, line, file)
                XCTAssertEqual(error?.column, column, file)
                XCTAssertTrue(error?.message.hasPrefix("\(tag) names no template") ?? false, "\(String(describing: error))")
            }
            try FileManager.default.removeItem(at: theme)
        }
        try before.assertUnchanged(site.output)
    }

    /// A link where a template would be is refused: only regular files are read (and hashed for the next build).
    func testLinkInTheOverlayIsUnusableInput() async throws {
        let site = try TestSite()
        defer { site.remove() }
        let theme = try overlay(site, ["elsewhere.txt": "{{<layout}}{{/layout}}"])
        try FileManager.default.createSymbolicLink(
            atPath: theme.appendingPathComponent("content-page.mustache").path,
            withDestinationPath: theme.appendingPathComponent("elsewhere.txt").path)
        XCTAssertThrowsError(try TemplateFiles.builtIn.overlaid(with: theme)) { error in
            let input = error as? InputError
            XCTAssertEqual(input?.file, theme.appendingPathComponent("content-page.mustache").path)
        }
    }

    /// `gen templates`: every file of the repository's `Templates/`, byte for byte; a second run refuses to
    /// overwrite and writes nothing, unless told to.
    func testWrittenBuiltInsEqualTheRepositoryFolder() throws {
        let site = try TestSite()
        defer { site.remove() }
        let folder = site.root.appendingPathComponent("written")
        let written = try BuiltInTemplates.write(to: folder)
        let repository = TestSite.files(under: TestSite.templates).filter { !$0.split(separator: "/").contains { $0.hasPrefix(".") } }
        XCTAssertEqual(written, repository)
        XCTAssertEqual(TestSite.files(under: folder), repository)
        XCTAssertEqual(TestSite.allText(under: folder), TestSite.allText(under: TestSite.templates))

        let layout = folder.appendingPathComponent("layout.mustache")
        try Data("mine".utf8).write(to: layout)
        XCTAssertThrowsError(try BuiltInTemplates.write(to: folder)) { error in
            XCTAssertTrue("\(error)".contains("assets/search.js: already exists"), "\(error)")
        }
        XCTAssertEqual(try String(contentsOf: layout, encoding: .utf8), "mine")
        try BuiltInTemplates.write(to: folder, overwrite: true)
        XCTAssertEqual(TestSite.allText(under: folder), TestSite.allText(under: TestSite.templates))
    }
}

import Foundation
import GenBuild
import XCTest

/// docs/output.md shows what a build of the sample (`Content/`) writes: every fenced block whose info string
/// names a file of the organization's folder (```` ```jsonc data/stats.json ````) is checked against that file
/// of a real build. `…` stands for what a block leaves out; anything else must be there as shown.
///
/// - JSON (comments `//` allowed): an object shows exactly the file's keys, unless it holds `…`, when its keys
///   are some of them; an array shows the file's elements in order, `…` standing for any run of them; `{…}` is
///   any value; numbers compare as numbers (`35.0` is `35`).
/// - CSV: the block's lines are the file's first lines (its header first, without the byte-order mark), a line
///   `…` standing for any run of lines; the file may go on after them.
final class OutputDocsTests: XCTestCase {
    static var docs: URL {
        TestSite.templates.deletingLastPathComponent().appendingPathComponent("docs/output.md")
    }

    /// The files the page must show an example of.
    static let required: Set<String> = [
        "data/stats.json", "data/mileage.json", "data/mileage.csv", "data/reports/fall-sports-daily-report.csv",
        "data/reports/fall-sports-daily-report.columns.csv"
    ]

    func testTheDocumentedExamplesAreWhatABuildOfTheSampleWrites() async throws {
        let site = try TestSite()
        defer { site.remove() }
        try await BuildPipeline.run(BuildOptions(content: TestSite.repositoryContent, templates: TestSite.templates, output: site.output))
        let org = site.output.appendingPathComponent("L7mQ2xVb9KpT4wRz8NcE")
        let blocks = Self.blocks(try String(contentsOf: Self.docs, encoding: .utf8))
        XCTAssertTrue(Self.required.isSubset(of: blocks.map(\.file)), "examples of \(Self.required.subtracting(blocks.map(\.file)))")
        for block in blocks {
            let written = try String(contentsOf: org.appendingPathComponent(block.file), encoding: .utf8)
            var problems: [String] = []
            if block.language == "csv" {
                Self.compareLines(block.lines, Array(written.drop { $0 == "\u{FEFF}" }.components(separatedBy: "\r\n").dropLast()), &problems)
            } else {
                let shown = try JSONSerialization.jsonObject(with: Data(Self.strictJSON(block.lines.joined(separator: "\n")).utf8))
                Self.compare(shown, try JSONSerialization.jsonObject(with: Data(written.utf8)), at: "", &problems)
            }
            XCTAssertEqual(problems, [], "docs/output.md, the example of \(block.file)")
        }
    }

    /// A check of the checker: a value, a key or a line the build does not write is found.
    func testADifferenceIsFound() throws {
        var problems: [String] = []
        let written: [String: Any] = ["jobTypes": ["Picture Day": 45, "Fall Sports": 61], "rates": [1, 2, 3]]
        let shown = try JSONSerialization.jsonObject(
            with: Data(Self.strictJSON(#"{"jobTypes": {"picture_day": 8, …}, "rates": [1, …]} // ok"#).utf8))
        Self.compare(shown, written, at: "", &problems)
        XCTAssertEqual(problems, [".jobTypes.picture_day: not written"])
        problems = []
        Self.compare(try JSONSerialization.jsonObject(with: Data(Self.strictJSON(#"{"rates": [2, 3, …]}"#).utf8)), written, at: "", &problems)
        XCTAssertEqual(problems, [".rates: [2,3,…] is not what is written, [1,2,3]", ": jobTypes written, not shown"])
        problems = []
        Self.compareLines(["a,b", "…", "x"], ["a,b", "c", "d"], &problems)
        XCTAssertEqual(problems, ["line \"x\" not written after line 1"])
    }

    // MARK: Reading the page

    struct Block {
        var language: String
        var file: String
        var lines: [String]
    }

    /// Every fenced block whose info string is a language and a file: ```` ```jsonc data/stats.json ````.
    static func blocks(_ markdown: String) -> [Block] {
        var blocks: [Block] = []
        var open: Block?
        for line in markdown.components(separatedBy: "\n") {
            if line.hasPrefix("```") {
                if let block = open {
                    blocks.append(block)
                    open = nil
                } else {
                    // Any other fence (no language, or no file) is read, and left out below.
                    let info = line.dropFirst(3).split(separator: " ").map(String.init)
                    open = Block(language: info.first ?? "", file: info.count == 2 ? info[1] : "", lines: [])
                }
            } else {
                open?.lines.append(line)
            }
        }
        return blocks.filter { !$0.file.isEmpty }
    }

    /// The block's JSON as JSON: comments dropped; `{…}` as a value the string "…"; `…` among an array's
    /// elements the element "…", among an object's members the member `"…": "…"`.
    static func strictJSON(_ text: String) -> String {
        var out = "", stack: [Character] = [], inString = false, escaped = false
        let chars = Array(text)
        var i = 0
        while i < chars.count {
            let c = chars[i]
            if inString {
                out.append(c)
                if escaped { escaped = false } else if c == "\\" { escaped = true } else if c == "\"" { inString = false }
            } else if c == "\"" {
                inString = true
                out.append(c)
            } else if c == "/" && i + 1 < chars.count && chars[i + 1] == "/" {
                while i < chars.count && chars[i] != "\n" { i += 1 }
                continue
            } else if c == "{" && i + 2 < chars.count && chars[i + 1] == "…" && chars[i + 2] == "}" {
                out += "\"…\""
                i += 3
                continue
            } else if c == "…" {
                out += stack.last == "{" ? "\"…\": \"…\"" : "\"…\""
            } else {
                if c == "{" || c == "[" { stack.append(c) }
                if c == "}" || c == "]" { stack.removeLast() }
                out.append(c)
            }
            i += 1
        }
        return out
    }

    // MARK: Comparing

    static func isGap(_ value: Any) -> Bool { value as? String == "…" }

    static func compare(_ shown: Any, _ written: Any, at path: String, _ problems: inout [String]) {
        if isGap(shown) { return }
        switch (shown, written) {
        case (let shown as [String: Any], let written as [String: Any]):
            for (key, value) in shown where key != "…" {
                guard let actual = written[key] else {
                    problems.append("\(path).\(key): not written")
                    continue
                }
                compare(value, actual, at: "\(path).\(key)", &problems)
            }
            if shown["…"] == nil {
                for key in written.keys.sorted() where shown[key] == nil { problems.append("\(path): \(key) written, not shown") }
            }
        case (let shown as [Any], let written as [Any]):
            if !matches(shown[...], written[...], at: path) {
                problems.append("\(path): \(describe(shown)) is not what is written, \(describe(written))")
            }
        case (let shown as NSNumber, let written as NSNumber) where shown == written: return
        case (let shown as String, let written as String) where shown == written: return
        case (is NSNull, is NSNull): return
        default: problems.append("\(path): shown \(describe(shown)), written \(describe(written))")
        }
    }

    /// Whether `shown` (elements and gaps) is `written`, element for element, a gap standing for any run.
    static func matches(_ shown: ArraySlice<Any>, _ written: ArraySlice<Any>, at path: String) -> Bool {
        guard let first = shown.first else { return written.isEmpty }
        if isGap(first) {
            return (written.startIndex...written.endIndex).contains { matches(shown.dropFirst(), written[$0...], at: path) }
        }
        guard let head = written.first else { return false }
        var problems: [String] = []
        compare(first, head, at: path, &problems)
        return problems.isEmpty && matches(shown.dropFirst(), written.dropFirst(), at: path)
    }

    static func compareLines(_ shown: [String], _ written: [String], _ problems: inout [String]) {
        var next = 0
        var gap = false
        for line in shown {
            if line == "…" {
                gap = true
                continue
            }
            let found = gap ? written[next...].firstIndex(of: line) : (next < written.count && written[next] == line ? next : nil)
            guard let found else {
                problems.append("line \"\(line)\" not written \(gap ? "after" : "at") line \(next + (gap ? 0 : 1))")
                return
            }
            next = found + 1
            gap = false
        }
    }

    static func describe(_ value: Any) -> String {
        guard JSONSerialization.isValidJSONObject([value]),
            let data = try? JSONSerialization.data(withJSONObject: [value], options: [.sortedKeys, .fragmentsAllowed])
        else { return "\(value)" }
        return String(String(decoding: data, as: UTF8.self).dropFirst().dropLast()).replacingOccurrences(of: "\"…\"", with: "…")
    }
}

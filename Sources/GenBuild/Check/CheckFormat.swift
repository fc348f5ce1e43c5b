import Foundation
import GenModel
import GenSupport

/// How `gen check` writes its problems (`--format`, docs/cli.md#output-formats): `text` for people, as it always
/// has; `json`, one object per line, for tools; `github`, workflow commands that annotate the export file in a
/// pull request. One line per problem in each, so no document can forge a line of its own.
public enum CheckFormat: String, CaseIterable, Sendable {
    case text, json, github

    /// The code and name of the error that stops a run (exit 2) in json and github output: no data problem,
    /// never baselined.
    public static let unusableInput = (code: "GEN001", name: "unusable-input")

    /// Whether the summary goes to stderr, leaving stdout to the problems (json and github: their lines alone).
    public var summaryOnStderr: Bool { self != .text }

    /// One problem's line. `failing`: it fails this run (a skipped document; any problem with `--strict`), so it
    /// is an error, not a warning. `content`: the content folder as given on the command line, which the paths
    /// of json and github output start with, as a tool running beside gen finds them (`Content/export/x.json`);
    /// a template's file is not in it.
    public func line(_ d: Diagnostic, failing: Bool, content: String) -> String {
        let file = d.file.map { Self.path($0, in: d.code.fileIsInContentFolder ? content : nil) }
        switch self {
        case .text:
            return d.description
        case .json:
            return Self.jsonLine(
                severity: failing ? "error" : "warning", code: d.code.rawValue, name: d.code.name, file: file, line: d.line,
                column: d.column, collection: d.collection, documentID: d.documentID, field: d.field, message: d.message)
        case .github:
            var subject = d.collection.map { c in d.documentID.map { "\(c)/\($0)" } ?? c } ?? ""
            if let field = d.field { subject += (subject.isEmpty ? "" : ", ") + "field \"\(field)\"" }
            let text = (subject.isEmpty ? "" : subject + ": ") + (d.kind == .skipped ? "skipped: " : "") + d.message
            return Self.workflowCommand(
                failing ? "error" : "warning", file: file, line: d.line, column: d.column,
                title: "\(d.code.rawValue) \(d.code.name)", text)
        }
    }

    /// The line for the error that stopped the run (exit 2), or nil in text output (which says `error: …` on
    /// stderr, as every command does). Its file is joined to the content folder (`content` as given, `folder` where
    /// it is) when it names a file there.
    public func line(_ failure: BuildFailure, content: String, folder: URL) -> String? {
        var file: String?, line: Int?, column: Int?
        let message: String
        switch failure {
        case .input(let error):
            file = error.file
            line = error.line
            column = error.column
            message = error.message
        case .render(let m), .write(let m):
            message = m
        }
        if let name = file {
            let inContent = !name.hasPrefix("/") && FileManager.default.fileExists(atPath: folder.appendingPathComponent(name).path)
            file = Self.path(name, in: inContent ? content : nil)
        }
        return unusableInputLine(file: file, line: line, column: column, message: message)
    }

    /// The unusable-input line for a file gen was given directly (a baseline), or nil in text output.
    public func unusableInputLine(file: String?, line: Int? = nil, column: Int? = nil, message: String) -> String? {
        let file = file.map { Self.path($0, in: nil) }
        switch self {
        case .text:
            return nil
        case .json:
            return Self.jsonLine(
                severity: "error", code: Self.unusableInput.code, name: Self.unusableInput.name, file: file, line: line,
                column: column, collection: nil, documentID: nil, field: nil, message: message)
        case .github:
            return Self.workflowCommand(
                "error", file: file, line: line, column: column,
                title: "\(Self.unusableInput.code) \(Self.unusableInput.name)", message)
        }
    }

    /// A file as a path from where gen runs. One of the content folder (`content`, as given) is joined to it:
    /// `export/x.json` in `Content` → `Content/export/x.json`, in `.` or `./` as it is. Then an absolute path
    /// inside the working directory is made relative to it, as GitHub wants its paths (`--content
    /// "$GITHUB_WORKSPACE/Content"`, an overlay template's file).
    static func path(
        _ file: String, in content: String?, workingDirectory: String = FileManager.default.currentDirectoryPath
    ) -> String {
        var path = file
        if var folder = content, !file.hasPrefix("/") {
            while folder.hasSuffix("/"), folder.count > 1 { folder.removeLast() }
            while folder.hasPrefix("./") { folder.removeFirst(2) }
            if !(folder.isEmpty || folder == ".") { path = folder == "/" ? "/" + file : folder + "/" + file }
        }
        var base = workingDirectory
        while base.hasSuffix("/") { base.removeLast() }
        if !base.isEmpty, path.hasPrefix(base + "/") { path.removeFirst(base.count + 1) }
        return path
    }

    // MARK: - json

    private static func jsonLine(
        severity: String, code: String, name: String, file: String?, line: Int?, column: Int?, collection: String?,
        documentID: String?, field: String?, message: String
    ) -> String {
        let members: [(String, String)] = [
            ("severity", jsonValue(severity)), ("code", jsonValue(code)), ("name", jsonValue(name)),
            ("file", jsonValue(file)), ("line", jsonValue(line)), ("column", jsonValue(column)),
            ("collection", jsonValue(collection)), ("documentId", jsonValue(documentID)), ("field", jsonValue(field)),
            ("message", jsonValue(message))
        ]
        return "{" + members.map { "\"\($0.0)\":\($0.1)" }.joined(separator: ",") + "}"
    }

    static func jsonValue(_ value: Int?) -> String { value.map(String.init) ?? "null" }

    /// A JSON string, or null. Besides what JSON requires (quotes, backslashes, C0 controls), every character a
    /// log line escapes (`LogText`) is written as `\uXXXX`, so a line read in a terminal reads as its bytes.
    static func jsonValue(_ value: String?) -> String {
        guard let value else { return "null" }
        var out = "\""
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where needsEscape(scalar):
                let hex = String(scalar.value, radix: 16, uppercase: false)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }

    /// The characters `String.escapingControlCharacters` escapes: C0 and C1 controls, DEL, the line and
    /// paragraph separators, the bidirectional overrides and isolates.
    static func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00...0x1F, 0x7F...0x9F, 0x2028, 0x2029, 0x202A...0x202E, 0x2066...0x2069: return true
        default: return false
        }
    }

    // MARK: - github

    /// `::warning file=F,line=L,col=C,title=T::text`; properties that are nil are left out, so a problem without
    /// a line annotates its file as a whole.
    static func workflowCommand(
        _ level: String, file: String?, line: Int?, column: Int?, title: String, _ text: String
    ) -> String {
        var properties: [String] = []
        if let file { properties.append("file=" + escapeProperty(file)) }
        if let line { properties.append("line=\(line)") }
        if let column, line != nil { properties.append("col=\(column)") }
        properties.append("title=" + escapeProperty(title))
        return "::\(level) \(properties.joined(separator: ","))::\(escapeData(text))"
    }

    /// GitHub's escaping of a workflow command's data (`%`, CR, LF), so a message of several lines is one
    /// command; any other control character is written as in a log line (`\u{1B}`).
    static func escapeData(_ text: String) -> String { escape(text, property: false) }

    /// GitHub's escaping of a property value: the data's, and `:` and `,`, which end a property.
    static func escapeProperty(_ text: String) -> String { escape(text, property: true) }

    private static func escape(_ text: String, property: Bool) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "%": out += "%25"
            case "\r": out += "%0D"
            case "\n": out += "%0A"
            case ":" where property: out += "%3A"
            case "," where property: out += "%2C"
            case _ where needsEscape(scalar): out += String(scalar).escapingControlCharacters
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}

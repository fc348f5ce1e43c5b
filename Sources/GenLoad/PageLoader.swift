import Foundation
import GenModel
import GenSupport

/// Reads `CONTENT/pages/*.md`: YAML front matter (`title`, optional `order`) and a Markdown body.
public enum PageLoader {
    public static func load(contentDirectory: URL) throws(InputError) -> (pages: [ContentPage], diagnostics: [Diagnostic]) {
        let folder = contentDirectory.appendingPathComponent("pages")
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder.path) else { return ([], []) }
        var pages: [ContentPage] = []
        var diagnostics: [Diagnostic] = []
        let content = ContentFolder(contentDirectory)
        for name in names.sorted() where name.hasSuffix(".md") {
            let file = "pages/\(name)"
            guard content.contains(folder.appendingPathComponent(name).path) else {
                diagnostics.append(Diagnostic(.outsideContentFolder, file: file, message: ContentFolder.outsideMessage))
                continue
            }
            guard let data = FileManager.default.contents(atPath: folder.appendingPathComponent(name).path) else {
                throw InputError(file: file, message: "cannot read file")
            }
            let (page, warnings) = try parse(String(decoding: data, as: UTF8.self), name: String(name.dropLast(3)), file: file)
            pages.append(page)
            diagnostics += warnings
        }
        pages.sort { ($0.order ?? Int.max, $0.name) < ($1.order ?? Int.max, $1.name) }
        return (pages, diagnostics)
    }

    static func parse(_ text: String, name: String, file: String) throws(InputError) -> (ContentPage, [Diagnostic]) {
        var body = text
        var meta: [String: Any] = [:]
        var diagnostics: [Diagnostic] = []
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        if lines.first?.trimmedBlanks == "---",
            let end = lines.dropFirst().firstIndex(where: { $0.trimmedBlanks == "---" })
        {
            let yaml = lines[1..<end].joined(separator: "\n")
            body = lines[(end + 1)...].joined(separator: "\n")
            meta = (try YAMLGuard.load(yaml, file: file, lineOffset: 1) as? [String: Any]) ?? [:]  // after the opening ---
        }
        for key in Set(meta.keys).subtracting(["title", "order"]).sorted() {
            diagnostics.append(Diagnostic(.unknownFrontMatterKey, file: file, field: key, message: "unknown front matter key; ignored"))
        }
        let title: String
        if let t = meta["title"] as? String, !t.trimmedBlanks.isEmpty {
            title = t
        } else {
            title = name
            diagnostics.append(Diagnostic(.pageWithoutTitle, file: file, field: "title", message: "page has no title; its file name is used"))
        }
        return (ContentPage(name: name, title: title, order: meta["order"] as? Int, markdown: body, file: file), diagnostics)
    }
}

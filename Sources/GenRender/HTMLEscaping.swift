import MustacheEngine

/// HTML escaping, as the templates' `HTML` content type does it (`MustacheLibrary.escapeHTML`): `<`, `>`, `&`,
/// `"` and `'` become entities. For text gen writes into HTML outside a template.
public enum HTMLEscaping {
    public static func escape(_ text: String) -> String {
        var out: [UInt8] = []
        MustacheLibrary.escapeHTML(text, &out)
        return String(decoding: out, as: UTF8.self)
    }
}

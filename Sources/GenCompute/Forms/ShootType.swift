import GenSupport

/// A shoot type as people read it. Templates and reports store a code (`picture_day`) where the `job_type`
/// choice reads "Picture Day": the code is shown, and counted, as those words.
public enum ShootType {
    /// `picture_day`, `fall-sports`, `yearbook` → "Picture Day", "Fall Sports", "Yearbook"; text that is
    /// not a code (it has capitals or spaces, "Fall Sports") stays as it is.
    public static func label(_ stored: String) -> String {
        let text = stored.trimmed
        let isCode = !text.isEmpty && !text.utf8.contains(UInt8(ascii: " ")) && text == text.lowercased()
        guard isCode else { return text }
        return text.split(whereSeparator: { $0 == "_" || $0 == "-" }).map { $0.prefix(1).uppercased() + $0.dropFirst() }
            .joined(separator: " ")
    }
}

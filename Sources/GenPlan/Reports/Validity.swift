/// Whether a report passed its template's validation, as a page names it (`status-{{validity}}`). Why a
/// word and not a `Bool`: a template chooses between two words with two sections, each a lookup and a
/// section rendered, on every report of every daily, monthly and report page.
enum Validity: String, Sendable, Encodable {
    case valid
    case invalid

    init(_ isValid: Bool) {
        self = isValid ? .valid : .invalid
    }
}

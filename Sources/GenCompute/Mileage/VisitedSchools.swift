import GenModel
import GenResolve
import GenSupport

/// The schools a report says were visited, in order: from `schools_visited` (names or ids),
/// else from the report's `school_name` smart field (comma-separated names).
/// `names == nil` means the report has neither source; `[]` means a present, empty list.
struct VisitedSchools {
    var names: [String]?
    var field: String
    var diagnostics: [Diagnostic] = []

    static func find(in report: DailyJobReport, org: Organization) -> VisitedSchools {
        if let value = report.fields["schools_visited"], !value.isNull {
            switch value {
            case .array(let items):
                var out = VisitedSchools(names: [], field: "schools_visited")
                for item in items {
                    switch item {
                    case .string(let s) where !s.trimmedBlanks.isEmpty: out.names!.append(s.trimmedBlanks)
                    case .reference(let r): out.names!.append(r.documentID)
                    case .string, .null: break
                    default:
                        out.diagnostics.append(
                            Diagnostic(
                                .badSchoolsVisited, report.source, field: "schools_visited",
                                "an element is \(item.kindName), not a school name; ignored"))
                    }
                }
                return out
            case .string(let s):
                return VisitedSchools(names: splitNames(s, org: org), field: "schools_visited")
            default:
                return VisitedSchools(
                    names: nil, field: "schools_visited",
                    diagnostics: [
                        Diagnostic(.badSchoolsVisited, report.source, field: "schools_visited", "expected a list of schools, found \(value.kindName)")
                    ])
            }
        }
        let field = schoolNameField(of: report, org: org)
        if let value = report.fields[field]?.string {
            return VisitedSchools(names: splitNames(value, org: org), field: field)
        }
        return VisitedSchools(names: nil, field: "schools_visited")
    }

    /// The id of the template's `school_name` field, else a field literally named `school_name`.
    static func schoolNameField(of report: DailyJobReport, org: Organization) -> String {
        let template = report.templateId.flatMap { org.templatesByID[$0] }
        return template?.fields.first { $0.type == "school_name" || $0.smartConfig?.calculationType == "school_name" }?.id ?? "school_name"
    }

    /// Splits `"A, B, C"` into names, rejoining neighbours when a school's own name holds a comma
    /// ("Adams School, Marion" stays one school when that is a school of the organization).
    static func splitNames(_ text: String, org: Organization) -> [String] {
        let parts = text.split(separator: ",").map { $0.trimmedBlanks }
        var names: [String] = []
        var i = 0
        while i < parts.count {
            var matched = 1
            for length in stride(from: parts.count - i, to: 1, by: -1) {
                let joined = parts[i..<(i + length)].joined(separator: ", ")
                if org.school(matching: joined) != nil { matched = length; break }
            }
            let name = parts[i..<(i + matched)].joined(separator: ", ")
            if !name.isEmpty { names.append(name) }
            i += matched
        }
        return names
    }
}

import GenModel
import GenSupport

/// One organization's documents, and nothing of any other organization's. Every later stage
/// works on one `Organization` at a time, which is what keeps organizations apart.
public struct Organization: Sendable {
    public var id: DocumentID
    public var name: String
    /// The folder name under the output root, unique among organizations.
    public var pathSegment: String
    public var users: [User]
    public var schools: [School]
    public var templates: [ReportTemplate]
    /// Ordered by date, then photographer, then creation time, then id.
    public var reports: [DailyJobReport]
    public var critiques: [Critique]

    public let usersByID: [DocumentID: User]
    public let schoolsByID: [DocumentID: School]
    /// Trimmed, case-folded school names → school (first by id on duplicates).
    public let schoolsByName: [String: School]
    /// The same schools by their names as stored: a route names most of them so, and is then matched without
    /// trimming and case-folding its text.
    private let schoolsByStoredName: [String: School]
    public let templatesByID: [DocumentID: ReportTemplate]
    /// Users' full names, made once: every page that names a photographer asks.
    private let namesByUserID: [DocumentID: String]

    public init(
        id: DocumentID, name: String, pathSegment: String, users: [User], schools: [School],
        templates: [ReportTemplate], reports: [DailyJobReport], critiques: [Critique]
    ) {
        self.id = id
        self.name = name
        self.pathSegment = pathSegment
        self.users = users.sorted { $0.id < $1.id }
        self.schools = schools.sorted { $0.id < $1.id }
        self.templates = templates.sorted { $0.id < $1.id }
        self.reports = reports
        self.critiques = critiques.sorted { ($0.createdAt ?? Timestamp(seconds: .min), $0.id) < ($1.createdAt ?? Timestamp(seconds: .min), $1.id) }
        usersByID = Dictionary(users.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
        schoolsByID = Dictionary(schools.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
        var byName: [String: School] = [:]
        for school in self.schools where byName[Organization.nameKey(school.value)] == nil {
            byName[Organization.nameKey(school.value)] = school
        }
        schoolsByName = byName
        var byStoredName: [String: School] = [:]
        for school in self.schools where byStoredName[school.value] == nil && byName[Organization.nameKey(school.value)]?.id == school.id {
            byStoredName[school.value] = school
        }
        schoolsByStoredName = byStoredName
        templatesByID = Dictionary(templates.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
        namesByUserID = usersByID.compactMapValues(\.fullName)
    }

    /// How school names are compared: trimmed and case-folded.
    public static func nameKey(_ name: String) -> String {
        name.trimmed.lowercased()
    }

    /// A user's full name (first and last, trimmed), or nil for an unknown user or one without a name.
    public func userName(_ id: DocumentID?) -> String? { id.flatMap { namesByUserID[$0] } }

    /// The display name of a report's photographer: the user's name, else what the report stored.
    public func photographerName(of report: DailyJobReport) -> String {
        if let id = report.userId, let name = namesByUserID[id] { return name }
        return report.photographer ?? report.userId?.text ?? "Unknown photographer"
    }

    /// A school by document id, else by name.
    public func school(matching reference: String) -> School? {
        schoolsByID[DocumentID(reference)] ?? schoolsByStoredName[reference] ?? schoolsByName[Organization.nameKey(reference)]
    }
}

extension Organization {
    /// The organization with each report's raw fields cut to `keys` (the typed properties stay).
    public func keepingReportFields(_ keys: [String]) -> Organization {
        var org = self
        // On all cores: each report's values are copied to be changed (they are shared with `self`), while
        // nothing else runs.
        org.reports = ParallelMap.map(reports) { report in
            var report = report
            let fields = report.fields
            report.fields = Dictionary(uniqueKeysWithValues: keys.compactMap { key in fields[key].map { (key, $0) } })
            return report
        }
        return org
    }
}

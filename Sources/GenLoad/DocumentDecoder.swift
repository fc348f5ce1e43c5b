import Foundation
import GenModel
import GenSupport

/// Every typed document of an export, plus the problems met on the way.
public struct TypedExport: Sendable {
    public var users: [User] = []
    public var schools: [School] = []
    public var templates: [ReportTemplate] = []
    public var reports: [DailyJobReport] = []
    public var critiques: [Critique] = []
    /// Documents read per collection (before any were skipped).
    public var documentsRead: [String: Int] = [:]
    public var diagnostics: [Diagnostic] = []

    public init() {}

    /// What a run of the export's documents adds, in their order.
    fileprivate struct Part: Sendable {
        var users: [User] = []
        var schools: [School] = []
        var templates: [ReportTemplate] = []
        var reports: [DailyJobReport] = []
        var critiques: [Critique] = []
        /// Documents read per collection, a run of one collection at a time (the export is sorted by collection).
        var read: [(collection: String, count: Int)] = []
        var diagnostics: [Diagnostic] = []
    }
}

/// Stage 1b: raw documents → typed models. A document missing what it cannot do without
/// is skipped with a diagnostic naming collection, id and field; everything else goes on.
public enum DocumentDecoder {
    public static func decode(_ loaded: LoadedExport, timeZone: TimeZone) -> TypedExport {
        // Decoded (and hashed) and gathered a part of the export at a time, on all cores; the parts joined in
        // the export's order, so the typed export is the same whatever the number of cores. (Gathered on one
        // core, document by document, the gathering alone kept the other cores waiting.)
        let documents = loaded.documents
        let parts = ParallelMap.map(ParallelMap.ranges(count: documents.count, parts: 64)) { range in
            var part = TypedExport.Part()
            for doc in documents[range] {
                part.add(doc.collection, decodeOne(doc, timeZone: timeZone))
            }
            return part
        }
        var out = TypedExport()
        out.diagnostics = loaded.diagnostics
        out.reports.reserveCapacity(parts.reduce(0) { $0 + $1.reports.count })
        for part in parts {
            for (collection, count) in part.read { out.documentsRead[collection, default: 0] += count }
            out.users += part.users
            out.schools += part.schools
            out.templates += part.templates
            out.reports += part.reports
            out.critiques += part.critiques
            out.diagnostics += part.diagnostics
        }
        return out
    }

    /// One document decoded, with its problems.
    fileprivate struct Decoded: Sendable {
        enum Document: Sendable {
            case user(User?)
            case school(School?)
            case template(ReportTemplate?)
            case report(DailyJobReport?)
            case critique(Critique?)
            case unknown
        }
        var document: Document
        var diagnostics: [Diagnostic]
    }

    private static func decodeOne(_ doc: RawDocument, timeZone: TimeZone) -> Decoded {
        var reader = FieldReader(doc)
        let document: Decoded.Document
        switch KnownCollection(rawValue: doc.collection) {
        case .users?:
            var user = decodeUser(&reader)
            user?.digest = doc.digest
            document = .user(user)
        case .schools?:
            var school = decodeSchool(&reader)
            school?.digest = doc.digest
            document = .school(school)
        case .reportTemplates?:
            var template = decodeTemplate(&reader)
            template?.digest = doc.digest
            document = .template(template)
        case .dailyJobReports?:
            document = .report(
                decodeReport(&reader, timeZone: timeZone).map { report in
                    var report = report
                    report.digest = doc.digest
                    return report
                })
        case .photoCritiques?:
            document = .critique(
                decodeCritique(&reader).map { critique in
                    var critique = critique
                    critique.digest = doc.digest
                    return critique
                })
        case nil: document = .unknown
        }
        // Attribute the document's problems to the organization it names (even when it is skipped for
        // something else), so only that organization's data-quality page shows them.
        let owner = ["organizationID", "organizationId"].lazy
            .compactMap { reader[$0]?.string?.trimmed }.first { !$0.isEmpty }.map { DocumentID($0) }
        return Decoded(document: document, diagnostics: reader.diagnostics.map { $0.owned(by: owner) })
    }

    private static func skip(_ reader: inout FieldReader, _ code: Diagnostic.Code, _ field: String, _ message: String) {
        reader.diagnostics.append(Diagnostic(code, reader.document.source, field: field, message))
    }

    private static func organization(_ reader: inout FieldReader, _ key: String) -> DocumentID? {
        if let org = reader.organization(preferred: key) { return org }
        skip(&reader, .noOrganization, key, "no organization: the document belongs to no site")
        return nil
    }

    static func decodeUser(_ r: inout FieldReader) -> User? {
        guard let org = organization(&r, "organizationID") else { return nil }
        let role = r.string("role")
        return User(
            id: r.document.id, organizationID: org, firstName: r.nonBlank("firstName"),
            lastName: r.nonBlank("lastName"), email: r.nonBlank("email"), role: role,
            isPhotographer: r.bool("isPhotographer") ?? (role?.lowercased() == "photographer"),
            userCoordinates: r.coordinates("userCoordinates"), source: r.document.source)
    }

    static func decodeSchool(_ r: inout FieldReader) -> School? {
        guard let org = organization(&r, "organizationID") else { return nil }
        guard let name = r.nonBlank("value") ?? r.nonBlank("name") else {
            skip(&r, .schoolWithoutName, "value", "a school needs its display name")
            return nil
        }
        return School(
            id: r.document.id, organizationID: org, value: name, street: r.nonBlank("street"),
            city: r.nonBlank("city"), state: r.nonBlank("state"), zipCode: r.nonBlank("zipCode"),
            coordinates: r.coordinates("coordinates"), source: r.document.source)
    }

    static func decodeTemplate(_ r: inout FieldReader) -> ReportTemplate? {
        guard let org = organization(&r, "organizationID") else { return nil }
        var fields: [TemplateField] = []
        switch r["fields"] {
        case .array(let items)?:
            for (i, item) in items.enumerated() {
                if let field = decodeField(item, index: i, reader: &r) { fields.append(field) }
            }
        case nil:
            r.warn(.templateWithoutFields, "fields", "template has no fields")
        case let v?:
            r.warn(.wrongValueType, "fields", "expected a list of fields, found \(v.kindName)")
        }
        let name =
            r.nonBlank("name")
            ?? {
                r.warn(.templateWithoutName, "name", "template has no name; its id is shown instead")
                return r.document.id.text
            }()
        return ReportTemplate(
            id: r.document.id, organizationID: org, name: name, description: r.nonBlank("description"),
            shootType: r.nonBlank("shootType"), isDefault: r.bool("isDefault") ?? false,
            isActive: r.bool("isActive") ?? true, version: r.int("version") ?? 1, fields: fields,
            createdAt: r.timestamp("createdAt"), updatedAt: r.timestamp("updatedAt"),
            createdBy: r.string("createdBy"), source: r.document.source)
    }

    private static func decodeField(_ value: FirestoreValue, index: Int, reader r: inout FieldReader) -> TemplateField? {
        guard case .map(let m) = value else {
            r.warn(.badTemplateField, "fields", "field \(index + 1) is \(value.kindName), not a field definition; left out")
            return nil
        }
        guard let id = m["id"]?.string, !id.isEmpty else {
            r.warn(.badTemplateField, "fields[\(index)].id", "field \(index + 1) has no id; left out")
            return nil
        }
        let type =
            m["type"]?.string
            ?? {
                r.warn(.badTemplateField, "fields[\(index)].type", "field \"\(id)\" has no type; shown as text")
                return "text"
            }()
        var smart: SmartFieldConfig?
        if case .map(let s)? = m["smartConfig"] {
            smart = SmartFieldConfig(
                calculationType: s["calculationType"]?.string ?? type,
                fallbackValue: s["fallbackValue"]?.scalarText, autoUpdate: s["autoUpdate"]?.bool ?? false,
                format: s["format"]?.string, formula: s["formula"]?.string)
        }
        return TemplateField(
            id: id, type: type, label: m["label"]?.string ?? id, required: m["required"]?.bool ?? false,
            options: m["options"]?.array?.compactMap(\.scalarText), placeholder: m["placeholder"]?.string,
            defaultValue: m["defaultValue"]?.scalarText, smartConfig: smart,
            readOnly: m["readOnly"]?.bool, logic: m["logic"])
    }

    static func decodeReport(_ r: inout FieldReader, timeZone: TimeZone) -> DailyJobReport? {
        guard let org = organization(&r, "organizationID") else { return nil }
        let createdAt = r.timestamp("createdAt")
        guard let date = reportDate(&r, createdAt: createdAt, timeZone: timeZone) else { return nil }
        return DailyJobReport(
            id: r.document.id, organizationID: org, userId: r.id("userId"), date: date,
            photographer: r.nonBlank("photographer"), templateId: r.id("templateId"),
            templateName: r.nonBlank("templateName"), templateVersion: r.int("templateVersion"),
            reportType: r.nonBlank("reportType"), smartFieldsUsed: r.strings("smartFieldsUsed"),
            createdAt: createdAt, updatedAt: r.timestamp("updatedAt"),
            fields: r.document.fields, source: r.document.source)
    }

    /// The report's local day: a plain `YYYY-MM-DD` as is; a full timestamp converted to the
    /// configured zone first (`2024-02-01T03:30:00Z` is 2024-01-31 in America/Chicago).
    /// Without a usable `date`, the creation time stands in, with a warning.
    static func reportDate(_ r: inout FieldReader, createdAt: Timestamp?, timeZone: TimeZone) -> LocalDate? {
        // A date outside `Timestamp.plausibleYears` is no date: the rules for a missing one apply.
        func implausible(_ reason: String) -> LocalDate? {
            if let createdAt {
                r.warn(.dateFromCreationTime, "date", "\(reason); the creation day is used")
                return LocalDate(createdAt, in: timeZone)
            }
            skip(&r, .noUsableDate, "date", "\(reason), and there is no createdAt")
            return nil
        }
        switch r["date"] {
        case .string(let s)?:
            let text = s.trimmedBlanks
            if let day = LocalDate(iso: text) {
                return day.isPlausible
                    ? day : implausible("\"\(s)\" is outside \(Timestamp.plausibleYears.lowerBound)–\(Timestamp.plausibleYears.upperBound)")
            }
            if let t = Timestamp(parsing: text) {
                return t.isPlausible ? LocalDate(t, in: timeZone) : implausible("\"\(s)\" \(t.implausibleReason)")
            }
            if let createdAt {
                r.warn(.dateFromCreationTime, "date", "\"\(s)\" is not a date; the creation day is used")
                return LocalDate(createdAt, in: timeZone)
            }
            skip(&r, .noUsableDate, "date", "\"\(s)\" is not a date and there is no createdAt")
        case .timestamp(let t)?:
            return t.isPlausible ? LocalDate(t, in: timeZone) : implausible("the timestamp \(t.seconds) s \(t.implausibleReason)")
        case let v?:
            if let createdAt {
                r.warn(.dateFromCreationTime, "date", "expected a date, found \(v.kindName); the creation day is used")
                return LocalDate(createdAt, in: timeZone)
            }
            skip(&r, .noUsableDate, "date", "expected a date, found \(v.kindName), and there is no createdAt")
        case nil:
            if let createdAt {
                r.warn(.dateFromCreationTime, "date", "no date; the creation day is used")
                return LocalDate(createdAt, in: timeZone)
            }
            skip(&r, .noUsableDate, "date", "no date and no createdAt")
        }
        return nil
    }

    static func decodeCritique(_ r: inout FieldReader) -> Critique? {
        guard let org = organization(&r, "organizationId") else { return nil }
        // Older critiques carry one image in imageUrl/thumbnailUrl instead of the arrays.
        var images = r.strings("imageUrls") ?? []
        if images.isEmpty, let single = r.nonBlank("imageUrl") { images = [single] }
        var thumbs = r.strings("thumbnailUrls") ?? []
        if thumbs.isEmpty, let single = r.nonBlank("thumbnailUrl") { thumbs = [single] }
        let exampleType = r.nonBlank("exampleType")
        if exampleType != "example", exampleType != "improvement" {
            r.warn(
                .unknownExampleType, "exampleType",
                exampleType.map { "unknown example type \"\($0)\"; shown with a neutral badge" }
                    ?? "no example type; shown with a neutral badge")
        }
        return Critique(
            id: r.document.id, organizationID: org, submitterId: r.id("submitterId"),
            submitterName: r.nonBlank("submitterName"), submitterEmail: r.nonBlank("submitterEmail"),
            targetPhotographerId: r.id("targetPhotographerId"),
            targetPhotographerName: r.nonBlank("targetPhotographerName"),
            imageUrls: images, thumbnailUrls: thumbs, imageCount: r.int("imageCount") ?? images.count,
            managerNotes: r.string("managerNotes"), exampleType: exampleType,
            status: r.nonBlank("status"), createdAt: r.timestamp("createdAt"),
            updatedAt: r.timestamp("updatedAt"), source: r.document.source)
    }
}

extension TypedExport.Part {
    /// One document of `collection`, decoded, after the ones before it.
    fileprivate mutating func add(_ collection: String, _ one: DocumentDecoder.Decoded) {
        if let last = read.last, last.collection == collection {
            read[read.count - 1].count += 1
        } else {
            read.append((collection, 1))
        }
        switch one.document {
        case .user(let user): user.map { users.append($0) }
        case .school(let school): school.map { schools.append($0) }
        case .template(let template): template.map { templates.append($0) }
        case .report(let report?): reports.append(report)
        case .critique(let critique?): critiques.append(critique)
        case .report(nil), .critique(nil), .unknown: break
        }
        if !one.diagnostics.isEmpty { diagnostics += one.diagnostics }
    }
}

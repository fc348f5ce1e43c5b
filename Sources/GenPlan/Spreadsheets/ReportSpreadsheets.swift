import Foundation
import GenCompute
import GenMedia
import GenModel
import GenResolve
import GenSupport

/// `data/reports/<template>.csv`: every report of one template as one row, its values as the report's page
/// shows them (read from its form, never from raw fields, which the planner's organization has let go);
/// `data/reports/other.csv` for legacy and missing-template reports. Each has a sidecar
/// `<name>.columns.csv` (column number, label, field id, kind) so the spreadsheet itself opens with one
/// header row of labels.
///
/// The same code makes a month's slice inside its archive from the month's reports alone: which files
/// there are, their columns and their rows depend only on the reports given and on the organization's
/// templates, users and schools, which a month records that it reads (`MonthReads`), and on inputs (media,
/// configuration), which the build's shared key holds.
struct ReportSpreadsheets: Sendable {
    static let folder = "data/reports"
    /// The file of legacy and missing-template reports.
    static let otherName = "other"
    /// `x.csv`'s column list is `x.columns.csv`.
    static let columnsSuffix = ".columns"

    /// File names (without `.csv`) by template id, for every template of the organization whether it has
    /// reports or not: a template's file name then never depends on which reports exist, so a month's
    /// slice is named as the site's file without looking at other months.
    let names: [DocumentID: String]
    let input: OrganizationInput

    init(_ input: OrganizationInput) {
        self.input = input
        names = Self.allocate(input.organization.templatesByID.values.map { ($0.id, $0.name) })
    }

    /// Unique ASCII file names from the templates' names (`Fall Sports Daily Report` →
    /// `fall-sports-daily-report`), which people recognise where an id (`Y6AaDg1PSfOxNu8t76mZ`) tells them
    /// nothing; two templates of one name are told apart by `-2`, in the order of their ids. A sidecar's name
    /// (`x.columns.csv`) is a name a template's own file could take (a template named `x.columns`): such a
    /// template gives way to it, as to a reserved name, so no file of the folder is written twice.
    static func allocate(_ templates: [(id: DocumentID, name: String)]) -> [DocumentID: String] {
        var stems: [DocumentID: DocumentID] = [:]
        var taken = Set<String>()
        for template in templates.sorted(by: { $0.id < $1.id }) {
            let stem = fileStem(template.name) ?? fileStem(template.id.text) ?? "template"
            var candidate = stem
            var n = 2
            while !taken.insert(candidate).inserted {
                candidate = "\(stem)-\(n)"
                n += 1
            }
            stems[template.id] = DocumentID(candidate)
        }
        var reserved: Set<String> = []
        while true {
            let allocator = SiteFolder.spreadsheets.names(for: stems.values, alsoReserving: reserved)
            let names = stems.mapValues { allocator[$0] }
            let sidecars = Set(names.values.map { "\($0)\(columnsSuffix).csv".lowercased() })
            let clashes = names.values.map { "\($0).csv".lowercased() }.filter { sidecars.contains($0) }
            // A reserved name is never handed out, so each round reserves at least one new name.
            if clashes.isEmpty { return names }
            reserved.formUnion(clashes)
        }
    }

    /// One spreadsheet: its reports, in the order given.
    struct Group: Sendable {
        /// Nil for `other.csv`.
        var template: ReportTemplate?
        var name: String
        var reports: [DailyJobReport]

        var title: String { template?.name ?? "Legacy and missing-template reports" }
        var path: String { "\(ReportSpreadsheets.folder)/\(name).csv" }
        var columnsPath: String { "\(ReportSpreadsheets.folder)/\(name)\(ReportSpreadsheets.columnsSuffix).csv" }
    }

    /// The spreadsheets `reports` fill: one per template read through, by file name, then `other.csv`.
    func groups(_ reports: [DailyJobReport]) -> [Group] {
        let templates = input.organization.templatesByID
        var byTemplate: [DocumentID: [DailyJobReport]] = [:]
        var other: [DailyJobReport] = []
        for report in reports {
            if input.forms[report.id]?.layout == .template, let id = report.templateId, templates[id] != nil {
                byTemplate[id, default: []].append(report)
            } else {
                other.append(report)
            }
        }
        var groups = byTemplate.map { id, reports in Group(template: templates[id], name: names[id]!, reports: reports) }
            .sorted { bytesBefore($0.name, $1.name) }
        if !other.isEmpty { groups.append(Group(template: nil, name: Self.otherName, reports: other)) }
        return groups
    }

    /// Each spreadsheet of `reports` and its column list, as files under `prefix` (the organization's folder
    /// in the site, nothing inside an archive).
    func files(_ reports: [DailyJobReport], prefix: String = "") -> [PlannedFile] {
        groups(reports).flatMap { group -> [PlannedFile] in
            let sheet = Sheet(group, input: input)
            return [
                PlannedFile(path: prefix + group.path, content: .csv(sheet.table)),
                PlannedFile(path: prefix + group.columnsPath, content: .csv(sheet.columnTable))
            ]
        }
    }
}

/// One spreadsheet's columns and rows.
struct Sheet: Sendable {
    /// Where a column's cells come from.
    enum Cell: Sendable, Hashable {
        case reportId, date, photographer, templateName, templateVersion, kind, templateId, problems
        case computedMiles, recordedMiles, media
        /// A value of the form's fields, by id (a template's field, or a generic report's key).
        case field(String)
        /// How a smart field was filled, by id.
        case origin(String)
        /// A value of the form's other values, by id and label (a hidden field's value and its stored
        /// result share the field's id).
        case other(id: String, label: String)
        /// A generic report's key, among its fields or other values.
        case key(String)
    }

    struct Column: Sendable {
        var label: String
        /// The sidecar's `fieldId`: the field's id, or a fixed column's key.
        var id: String
        /// The sidecar's `kind`.
        var kind: String
        var cell: Cell
        /// How its cells are written (the values of the form's fields: read off the cells; fixed columns
        /// are written as they are).
        var format = SpreadsheetColumn.text
        /// The header as written: the label, the unit after it, made unique in the file.
        var header = ""

        /// A value of the form's fields, whose format is read off its cells; fixed and "how filled" columns
        /// are written as they are.
        var isReadOffCells: Bool { kind != "fixed" && kind != "how-filled" }
    }

    let columns: [Column]
    let reports: [DailyJobReport]
    let input: OrganizationInput

    init(_ group: ReportSpreadsheets.Group, input: OrganizationInput) {
        self.reports = group.reports
        self.input = input
        let forms = group.reports.map { input.forms[$0.id]! }
        var columns: [Column]
        if let template = group.template {
            columns = Self.fixed(generic: false) + Self.templateColumns(template, reports: group.reports, forms: forms)
        } else {
            columns = Self.fixed(generic: true) + Self.genericColumns(forms)
        }
        let formats = Self.formats(columns, reports: group.reports, input: input)
        var used = Set<String>()
        for i in columns.indices {
            columns[i].format = formats[i]
            let label = columns[i].label + (formats[i].unit.map { " (\($0))" } ?? "")
            // A field labelled as a fixed column ("Photographer") or as another field: its id tells them apart.
            var header = used.contains(label.lowercased()) ? "\(label) [\(columns[i].id)]" : label
            var n = 2
            while used.contains(header.lowercased()) {
                header = "\(label) [\(columns[i].id)] \(n)"
                n += 1
            }
            used.insert(header.lowercased())
            columns[i].header = header
        }
        self.columns = columns
    }

    /// Each column's format: for the form's values, the kind every filled cell shares (read in parts on all
    /// cores); fixed columns as they are.
    static func formats(_ columns: [Column], reports: [DailyJobReport], input: OrganizationInput) -> [SpreadsheetColumn] {
        let fixed: [Cell: SpreadsheetColumn] = [.date: .date, .templateVersion: .number, .computedMiles: .number, .recordedMiles: .number]
        // Only the columns read off their cells are made here; the rest are made when the file is written.
        let read = columns.filter(\.isReadOffCells)
        let parts = stride(from: 0, to: reports.count, by: 512).map { $0..<min(reports.count, $0 + 512) }
        let found = ParallelMap.map(parts) { part -> [SpreadsheetColumn?] in
            var kinds = [SpreadsheetColumn?](repeating: nil, count: read.count)
            for index in part {
                for (i, cell) in row(reports[index], columns: read, input: input).enumerated() where !cell.isEmpty && kinds[i] != .text {
                    kinds[i] = SpreadsheetColumn.merge(kinds[i], SpreadsheetColumn.kind(of: cell) ?? .text)
                }
            }
            return kinds
        }
        var next = 0
        return columns.map { column in
            guard column.isReadOffCells else { return fixed[column.cell] ?? .text }
            defer { next += 1 }
            return found.reduce(nil) { SpreadsheetColumn.merge($0, $1[next]) } ?? .text
        }
    }

    /// The columns every spreadsheet starts with; `other.csv` also says how each report was read.
    static func fixed(generic: Bool) -> [Column] {
        func column(_ label: String, _ id: String, _ cell: Cell) -> Column { Column(label: label, id: id, kind: "fixed", cell: cell) }
        var columns = [
            column("Report", "reportId", .reportId), column("Date", "date", .date),
            column("Photographer", "photographer", .photographer), column("Template", "templateName", .templateName),
            column("Template version", "templateVersion", .templateVersion)
        ]
        if generic { columns += [column("Read as", "kind", .kind), column("Template id", "templateId", .templateId)] }
        return columns + [
            column("Validation problems", "problems", .problems), column("Computed miles", "computedMiles", .computedMiles),
            column("Recorded miles", "recordedMiles", .recordedMiles), column("Local media", "localMedia", .media)
        ]
    }

    /// The template's fields in template order, each smart one followed by how it was filled; then the keys
    /// reports filed with another version hold and this version does not declare (fields an older version
    /// had: by the oldest version that holds them, then key); then the other values the page lists — hidden
    /// fields' values and stored results by field, then the remaining keys in key order.
    static func templateColumns(_ template: ReportTemplate, reports: [DailyJobReport], forms: [ReportForm]) -> [Column] {
        var seen = Set<String>()
        let declared = template.fields.filter { !ReportForm.metadataKeys.contains($0.id) && seen.insert($0.id).inserted }
        var columns: [Column] = []
        for field in declared {
            columns.append(Column(label: field.label, id: field.id, kind: "field", cell: .field(field.id)))
            if field.isSmart {
                columns.append(Column(label: "\(field.label) (how filled)", id: field.id, kind: "how-filled", cell: .origin(field.id)))
            }
        }
        let position = Dictionary(declared.enumerated().map { ($1.id, $0) }, uniquingKeysWith: { a, _ in a })
        let templateIDs = Set(template.fields.map(\.id))
        var aside: [Cell: (position: Int, label: String)] = [:]
        var extras: [String: String] = [:]
        var oldest: [String: Int] = [:]
        for (report, form) in zip(reports, forms) {
            for value in form.otherValues {
                if templateIDs.contains(value.id) {
                    aside[.other(id: value.id, label: value.label)] = (position[value.id] ?? Int.max, value.label)
                } else {
                    extras[value.id] = value.label
                    if form.versionMismatch, let filed = report.templateVersion {
                        oldest[value.id] = min(oldest[value.id] ?? filed, filed)
                    }
                }
            }
        }
        columns += oldest.sorted { $0.value != $1.value ? $0.value < $1.value : bytesBefore($0.key, $1.key) }.map { id, _ in
            Column(label: extras[id]!, id: id, kind: "older-version", cell: .other(id: id, label: extras[id]!))
        }
        columns += aside.sorted {
            $0.value.position != $1.value.position ? $0.value.position < $1.value.position : bytesBefore($0.value.label, $1.value.label)
        }.map { cell, value in
            guard case .other(let id, _) = cell else { preconditionFailure("only other values are set aside") }
            return Column(label: value.label, id: id, kind: "other", cell: cell)
        }
        columns += extras.filter { oldest[$0.key] == nil }.sorted { bytesBefore($0.key, $1.key) }.map { id, label in
            Column(label: label, id: id, kind: "other", cell: .other(id: id, label: label))
        }
        return columns
    }

    /// A generic report's keys (every value it holds), in key order.
    static func genericColumns(_ forms: [ReportForm]) -> [Column] {
        var labels: [String: String] = [:]
        for form in forms {
            for value in form.fields + form.otherValues where labels[value.id] == nil { labels[value.id] = value.label }
        }
        return labels.sorted { bytesBefore($0.key, $1.key) }.map { Column(label: $1, id: $0, kind: "key", cell: .key($0)) }
    }

    /// The spreadsheet: one header row of labels, one row per report (made as the file is written).
    var table: CSVTable {
        let columns = columns
        let reports = reports
        let input = input
        return CSVTable(header: columns.map(\.header), count: reports.count) { index in
            zip(columns, Self.row(reports[index], columns: columns, input: input)).map { $0.format.cell($1) }
        }
    }

    /// The column list: `column` (from 1), `label` (the header as written), `fieldId`, `kind`, `format` (how
    /// its cells are written: `text`, `number`, `money`, `miles`, `percent`, `date`).
    var columnTable: CSVTable {
        CSVTable(
            rows: [["column", "label", "fieldId", "kind", "format"]]
                + columns.enumerated().map { [String($0 + 1), $1.header, $1.id, $1.kind, "\($1.format)"] })
    }

    static func row(_ report: DailyJobReport, columns: [Column], input: OrganizationInput) -> [String] {
        let form = input.forms[report.id]!
        let mileage = input.mileageByReport[report.id]
        let fields = Dictionary(form.fields.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
        let others = Dictionary(form.otherValues.map { (Cell.other(id: $0.id, label: $0.label), $0) }, uniquingKeysWith: { a, _ in a })
        let otherByKey = Dictionary(form.otherValues.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
        return columns.map { column in
            switch column.cell {
            case .reportId: return report.id.text
            case .date: return report.date.description
            case .photographer: return input.organization.photographerName(of: report)
            case .templateName: return form.templateName ?? report.templateName ?? ""
            // The version the report was filed with, which is what differs from row to row.
            case .templateVersion: return (report.templateVersion ?? form.templateVersion).map(String.init) ?? ""
            case .kind:
                switch form.layout {
                case .template: return "template"
                case .missingTemplate: return "missing-template"
                case .legacy: return "legacy"
                }
            case .templateId: return report.templateId?.text ?? ""
            case .problems: return form.problems.map { "\($0.label): \($0.message)" }.joined(separator: "; ")
            case .computedMiles: return mileage?.computedMiles.map(MileageCSV.number) ?? ""
            case .recordedMiles: return mileage?.recordedMiles.map(MileageCSV.number) ?? ""
            case .media: return localMedia(form, media: input.media).joined(separator: "; ")
            case .field(let id): return fields[id].map { text($0.value) } ?? ""
            case .origin(let id):
                guard let field = fields[id], field.origin != .entered else { return "" }
                return field.origin.rawValue
            case .other: return others[column.cell].map { text($0.value) } ?? ""
            case .key(let id): return (fields[id] ?? otherByKey[id]).map { text($0.value) } ?? ""
            }
        }
    }

    /// The display size of each attached image with a local copy, as the report's page links it: relative
    /// to the organization's folder in the site, and to the month's folder in its archive, which holds the
    /// same `media/` files.
    static func localMedia(_ form: ReportForm, media: [String: ProcessedImage]) -> [String] {
        form.attachments.compactMap { attachment in
            MediaLocator.mediaPath(for: attachment.file.url).flatMap { media[$0] }?.rendition("display", "jpeg").map(MediaFiles.path)
        }
    }

    /// A value as one cell: text as the page shows it, lists joined with "; ", files as `name | URL` (with
    /// their stored details after another ` | `).
    static func text(_ value: FieldValue) -> String {
        switch value {
        case .empty: return ""
        case .text(let s), .paragraphs(let s), .email(let s), .phone(let s): return s
        case .list(let items): return items.joined(separator: "; ")
        case .yesNo(let b): return b ? "Yes" : "No"
        case .files(let links):
            return links.map { link in ([link.name, link.url] + (link.details.map { [$0] } ?? [])).joined(separator: " | ") }
                .joined(separator: "; ")
        case .pairs(let pairs): return pairs.map { "\($0.label): \($0.value)" }.joined(separator: "; ")
        }
    }
}

/// A name as a file's stem: its letters and digits in ASCII (accents dropped), lowercase, words joined by `-`;
/// nil when nothing is left.
private func fileStem(_ name: String) -> String? {
    let folded = name.folding(options: [.diacriticInsensitive, .widthInsensitive], locale: nil).lowercased()
    var stem = ""
    for scalar in folded.unicodeScalars {
        if scalar.isASCII, scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) {
            stem.unicodeScalars.append(scalar)
        } else if !stem.isEmpty, !stem.hasSuffix("-") {
            stem += "-"
        }
    }
    stem = String(stem.prefix(48))
    while stem.hasSuffix("-") { stem.removeLast() }
    return stem.isEmpty ? nil : stem
}

/// Keys and names in the order of their bytes: the same order on every machine and locale.
private func bytesBefore(_ a: String, _ b: String) -> Bool { a.utf8.lexicographicallyPrecedes(b.utf8) }

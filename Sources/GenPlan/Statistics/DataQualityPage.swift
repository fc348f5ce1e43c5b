import Foundation
import GenCompute
import GenModel
import GenResolve

/// `stats/data-quality.html`: what in this organization's export needs a manager's attention, grouped by
/// what to do about it, one sentence per problem in a manager's words, linked to the report or critique it
/// is about; the file, document, field and gen's own message stay a click away (`gen check` lists the same).
/// Only problems of documents that name this organization appear here.
enum DataQualityPage {
    /// One problem: who or what it is about (linked where a page shows it), what is wrong, and the detail.
    struct Item: Sendable, Encodable {
        var subject: String
        var href: String?
        var sentence: String
        /// `file: collection/id · field: message`, as `gen check` prints it; nil where the sentence is all.
        var detail: String?
    }

    struct Group: Sendable, Encodable {
        var id: String
        var title: String
        /// What to do about the problems of this group.
        var action: String
        var items: [Item]
        var count: String
    }

    struct Body: Sendable, Encodable {
        var cards: [StatCard]
        var groups: [Group]
        var hasGroups: Bool
        var overviewHref: String
    }

    /// What a manager does about a problem: the groups of the page, in the order it shows them.
    enum Concern: String, CaseIterable {
        case validation, mileageDiscrepancy = "discrepancy", mileageMissing = "mileage", calculation, photo, template,
            skipped, other

        var title: String {
            switch self {
            case .validation: return FollowUpWords.Shared.validation.title
            case .mileageDiscrepancy: return FollowUpWords.Shared.mileageDiscrepancy.title
            case .mileageMissing: return "Mileage that could not be worked out"
            case .calculation: return "Calculated values that could not be worked out"
            case .photo: return "Photos that could not be shown"
            case .template: return "Reports shown without their template"
            case .skipped: return "Records left out of the site"
            case .other: return "Other things to check"
            }
        }

        /// `tolerance`: the organization's, which its discrepancies exceed.
        func action(_ tolerance: MileageTolerance) -> String {
            switch self {
            case .validation: return FollowUpWords.Shared.validation.action(tolerance)
            case .mileageDiscrepancy: return FollowUpWords.Shared.mileageDiscrepancy.action(tolerance)
            case .mileageMissing:
                return "Add the missing map coordinates or correct the school names, and the next build computes the route."
            case .calculation: return "Correct the numbers the formula reads; until then the template's stand-in is shown."
            case .photo: return "Upload the photo again; the copy in the export cannot be read. The page shows “Image unavailable”."
            case .template: return "Every value is shown, but not in the template's order: restore the template, or file the report again."
            case .skipped: return "These records are on no page. Correct them in the app or the export."
            case .other: return "Worth a look; nothing is left out because of them."
            }
        }

        /// The group of a warning or skipped document, by its code.
        init(_ d: Diagnostic) {
            if d.kind == .skipped {
                self = .skipped
                return
            }
            switch d.code {
            case .unusableImage: self = .photo
            case .formulaError, .calculationWithoutFormula: self = .calculation
            case .templateNotInOrganization: self = .template
            case .badSchoolsVisited, .noVisitedSchools, .unknownSchool, .schoolWithoutCoordinates, .photographerHomeUnknown,
                .homeWithoutCoordinates, .badRecordedMileage, .userNotInOrganization, .reportWithoutUser:
                self = .mileageMissing
            default: self = .other
            }
        }
    }

    static func make(_ input: OrganizationInput, links: StatisticsPages.Links, stats: OrganizationStatistics) -> Body {
        let org = input.organization
        let up = "../"
        let reports = Dictionary(org.reports.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
        let critiques = Dictionary(org.critiques.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
        var groups: [Concern: [Item]] = [:]

        func reportSubject(_ report: DailyJobReport) -> (String, String) {
            ("\(Format.day(report.date)) · \(org.photographerName(of: report))", up + links.paths.page(report.id))
        }
        for (report, form) in zip(org.reports, input.summaries) where !form.isValid {
            let (subject, href) = reportSubject(report)
            for problem in form.problems {
                groups[.validation, default: []].append(
                    Item(subject: subject, href: href, sentence: "\(problem.label) \(problem.message).", detail: nil))
            }
        }
        for r in input.mileage.reports where r.isDiscrepancy {
            let subject = reports[r.reportId].map(reportSubject)?.0 ?? "\(Format.day(r.date)) · \(r.photographer)"
            let sentence = FollowUpWords.discrepancy(r) + "."
            groups[.mileageDiscrepancy, default: []].append(
                Item(subject: subject, href: up + links.paths.page(r.reportId), sentence: sentence, detail: nil))
        }
        // Sorted by where they were found, so the page does not depend on which stage found what.
        let diagnostics = input.diagnostics.sorted {
            ($0.file ?? "", $0.collection ?? "", $0.documentID ?? "", $0.field ?? "", $0.message)
                < ($1.file ?? "", $1.collection ?? "", $1.documentID ?? "", $1.field ?? "", $1.message)
        }
        for d in diagnostics {
            let concern = Concern(d)
            let id = d.documentID.map { DocumentID($0) }
            var subject = [d.collection, d.documentID].compactMap { $0 }.joined(separator: " ")
            var href: String?
            var label = d.field
            if d.collection == "dailyJobReports", let id, let report = reports[id] {
                (subject, href) = reportSubject(report)
                let fields: [FormField] = input.forms[id].map { $0.fields + $0.otherValues } ?? []
                if let field = d.field { label = fields.first { $0.id == field }?.label ?? field }
            } else if d.collection == "photoCritiques", let id, let critique = critiques[id] {
                subject = "Training photo for \(critique.targetPhotographerName ?? "a photographer")"
                href = links.galleries.detailPaths[id].map { up + $0 }
            } else if d.collection == "users", let id, let user = org.usersByID[id] {
                subject = user.fullName ?? subject
            } else if d.collection == "schools", let id, let school = org.schoolsByID[id] {
                subject = school.value
            } else if subject.isEmpty {
                subject = d.file ?? "The export"
            }
            let detail = [
                [d.file, [d.collection, d.documentID].compactMap { $0 }.joined(separator: "/")].compactMap { $0 }
                    .filter { !$0.isEmpty }.joined(separator: ": "),
                [d.field, d.message].compactMap { $0 }.joined(separator: ": ")
            ].filter { !$0.isEmpty }.joined(separator: " · ")
            groups[concern, default: []].append(
                Item(subject: subject, href: href, sentence: sentence(concern, d, label: label), detail: detail))
        }
        let shown = Concern.allCases.compactMap { concern -> Group? in
            guard let items = groups[concern] else { return nil }
            return Group(
                id: concern.rawValue, title: concern.title, action: concern.action(input.mileage.tolerance), items: items,
                count: Format.integer(items.count))
        }
        let invalid = zip(org.reports, input.summaries).count { !$1.isValid }
        func count(_ concern: Concern) -> Int { groups[concern]?.count ?? 0 }
        return Body(
            cards: [
                StatCard(value: Format.integer(invalid), label: "Invalid reports", style: "plain", isCritique: false),
                StatCard(value: Format.integer(count(.mileageDiscrepancy)), label: "Mileage discrepancies", style: "plain", isCritique: false),
                StatCard(value: Format.integer(count(.skipped)), label: "Records left out", style: "plain", isCritique: false),
                StatCard(
                    value: Format.integer(
                        shown.reduce(0) { $0 + $1.items.count } - count(.validation) - count(.mileageDiscrepancy) - count(.skipped)),
                    label: "Other problems", style: "plain", isCritique: false)
            ],
            groups: shown, hasGroups: !shown.isEmpty, overviewHref: "index.html")
    }

    /// A warning in a manager's words; `label` is the field's label where the report's template names it.
    static func sentence(_ concern: Concern, _ d: Diagnostic, label: String?) -> String {
        let field = d.field ?? "", message = d.message
        let what = label.map { "“\($0)”" } ?? "A value"
        switch concern {
        case .calculation: return "\(what) could not be calculated, so the template's stand-in is shown."
        case .photo:
            if field.hasPrefix("imageUrls["), let n = Int(field.dropFirst(10).prefix { $0.isNumber }) {
                return "Photo \(n + 1) could not be read."
            }
            return "A photo in \(what) could not be read."
        case .template: return "The report names a template this organization does not have."
        case .mileageMissing:
            switch d.code {
            case .homeWithoutCoordinates: return "The photographer's home has no usable map coordinates, so no route was computed."
            case .photographerHomeUnknown, .userNotInOrganization, .reportWithoutUser:
                return "The report names no photographer of this organization, so their home is unknown."
            case .unknownSchool: return "A school the report names is not one of the organization's schools."
            case .schoolWithoutCoordinates: return "A school on the route has no usable map coordinates."
            case .badRecordedMileage: return "The recorded mileage cannot be read as a distance."
            case .noVisitedSchools: return "The report names no school visited, so no route was computed."
            default: return "The route could not be worked out."
            }
        case .skipped: return "Left out: \(message)" + (message.hasSuffix(".") ? "" : ".")
        case .validation, .mileageDiscrepancy, .other:
            let name = label ?? (field.isEmpty ? nil : field)
            return (name.map { "\($0): " } ?? "") + message + (message.hasSuffix(".") ? "" : ".")
        }
    }
}

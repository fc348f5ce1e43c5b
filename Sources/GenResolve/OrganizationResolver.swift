import GenLoad
import GenModel
import GenSupport

/// All organizations of an export, each self-contained.
public struct ResolvedSite: Sendable {
    public var organizations: [Organization]
    public var diagnostics: [Diagnostic]
}

/// Stage 2: splits typed documents by organization, gives each a unique folder, and checks
/// references. A reference is looked up only inside the document's own organization.
public enum OrganizationResolver {
    public static func resolve(_ export: TypedExport, config: SiteConfig) -> ResolvedSite {
        var diagnostics: [Diagnostic] = []
        let ids = Set(
            export.users.map { $0.organizationID } + export.schools.map { $0.organizationID }
                + export.templates.map { $0.organizationID } + export.reports.map { $0.organizationID }
                + export.critiques.map { $0.organizationID })
        let folders = SiteFolder.organizations.names(for: ids)
        let users = Dictionary(grouping: export.users, by: { $0.organizationID })
        let schools = Dictionary(grouping: export.schools, by: { $0.organizationID })
        let templates = Dictionary(grouping: export.templates, by: { $0.organizationID })
        let reports = Dictionary(grouping: export.reports, by: { $0.organizationID })
        let critiques = Dictionary(grouping: export.critiques, by: { $0.organizationID })

        var organizations: [Organization] = []
        for id in ids.sorted() {
            var org = Organization(
                id: id, name: config.organizationName(id), pathSegment: folders[id],
                users: users[id] ?? [], schools: schools[id] ?? [], templates: templates[id] ?? [],
                reports: [], critiques: critiques[id] ?? [])
            // By day, photographer's name, creation time and id. Keys made once per report, not once per
            // comparison; positions sorted, not the reports (a report is a large value, and a sort moves its
            // elements many times); a name compared by its rank among the few distinct names, so a comparison
            // compares numbers until the ids (comparing the names was half a second at 100,000 reports).
            let unsorted = reports[id] ?? []
            let named = org
            let names = ParallelMap.map(unsorted) { named.photographerName(of: $0) }
            let rank = Ranks.of(names)
            let keys = unsorted.indices.map { i in
                (day: unsorted[i].date, name: rank[names[i]]!, created: unsorted[i].createdAt ?? Timestamp(seconds: .min))
            }
            org.reports = keys.indices.sorted { a, b in
                if keys[a].day != keys[b].day { return keys[a].day < keys[b].day }
                if keys[a].name != keys[b].name { return keys[a].name < keys[b].name }
                if keys[a].created != keys[b].created { return keys[a].created < keys[b].created }
                return unsorted[a].id < unsorted[b].id
            }.map { unsorted[$0] }
            diagnostics += checkReferences(org).map { $0.owned(by: org.id) }
            organizations.append(org)
        }
        return ResolvedSite(organizations: organizations, diagnostics: diagnostics)
    }

    static func checkReferences(_ org: Organization) -> [Diagnostic] {
        // The reports a part at a time on all cores, the parts' findings joined in the reports' order: reading
        // a large export's reports, scattered in memory, is slow on one core.
        let reports = org.reports
        let parts = ParallelMap.map(ParallelMap.ranges(count: reports.count, parts: 32)) { checkReports(reports[$0], in: org) }
        var out = parts.flatMap { $0 }
        for critique in org.critiques {
            if let target = critique.targetPhotographerId, org.usersByID[target] == nil {
                out.append(
                    Diagnostic(
                        .userNotInOrganization, critique.source, field: "targetPhotographerId",
                        "photographer \"\(target)\" is not in this organization"))
            }
        }
        return out
    }

    private static func checkReports(_ reports: ArraySlice<DailyJobReport>, in org: Organization) -> [Diagnostic] {
        var out: [Diagnostic] = []
        for report in reports {
            if let user = report.userId, org.usersByID[user] == nil {
                out.append(Diagnostic(.userNotInOrganization, report.source, field: "userId", "user \"\(user)\" is not in this organization"))
            } else if report.userId == nil {
                out.append(Diagnostic(.reportWithoutUser, report.source, field: "userId", "report has no userId; its photographer's home is unknown"))
            }
            if let template = report.templateId, org.templatesByID[template] == nil {
                out.append(
                    Diagnostic(.templateNotInOrganization, report.source, field: "templateId", "template \"\(template)\" is not in this organization")
                )
            }
        }
        return out
    }
}

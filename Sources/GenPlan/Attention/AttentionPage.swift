import Foundation
import GenCompute
import GenModel
import GenResolve
import GenSupport

/// `attention/index.html`: what a manager must follow up, as of the last day the export holds anything for
/// (never the clock: the same export gives the same page), grouped by what to do, each item linked to its
/// report and the schools it names. The home page shows each group's count; each month's archive holds the
/// list as it stood at the month's end (`attention.html`, with links only inside the archive). The rules are
/// `FollowUps`'.
enum AttentionPage {
    static let path = "attention/index.html"
    /// The month-end list's file in a month's archive, beside its `index.html`.
    static let archivePath = "attention.html"

    /// The groups, in the order the page shows them.
    enum Group: String, CaseIterable {
        case upcoming = "makeups-upcoming", open = "makeups-open", retakes, invalid = "validation", discrepancies = "mileage",
            late

        var title: String {
            switch self {
            case .upcoming: return "Makeup days coming up"
            case .open: return "Makeup days with no report"
            case .retakes: return "Reports with retakes"
            case .invalid: return FollowUpWords.Shared.validation.title
            case .discrepancies: return FollowUpWords.Shared.mileageDiscrepancy.title
            case .late: return "Reports filed late"
            }
        }

        /// What to do, in one line.
        func action(tolerance: MileageTolerance, lateAfterDays: Int) -> String {
            switch self {
            case .upcoming: return "Confirm the day with the school and that a photographer is booked; the soonest is first."
            case .open:
                return
                    "The day has passed and no report at the school has been filed since: ask the photographer whether it took "
                    + "place, or set a new day."
            case .retakes: return "Check that the retakes were shot and read why; talk with the photographer or the school if they keep coming back."
            case .invalid: return FollowUpWords.Shared.validation.action(tolerance)
            case .discrepancies: return FollowUpWords.Shared.mileageDiscrepancy.action(tolerance)
            case .late:
                return "Filed more than \(Format.count(lateAfterDays, "day")) after the day they report: remind the photographer to file on the day."
            }
        }
    }

    struct Item: Sendable, Encodable {
        /// What needs following up, with its day: `Makeup day Thu, Nov 7, 2024`, `17 retakes`.
        var heading: String
        /// How far the day is from the day the page is as of (`in 7 days`, `today`, `16 days ago`).
        var when: String?
        /// The report it is about, its day and photographer.
        var report: String
        /// The report's page (or its place in the archive's monthly page); nil where the page cannot link it.
        var href: String?
        var schools: [SchoolVisits.Link]
        var hasSchools: Bool
        var detail: String?
        /// Text the photographer typed (why the retakes), shown as typed.
        var quote: String?
    }

    struct GroupView: Sendable, Encodable {
        var id: String
        var title: String
        var action: String
        var count: String
        var items: [Item]
        var hasItems: Bool
    }

    /// A group's count, as the page's cards and the home page show it.
    struct Count: Sendable, Encodable {
        var label: String
        var value: String
        var href: String
        /// Nothing in the group.
        var none: Bool
    }

    struct Body: Sendable, Encodable {
        var heading: String
        var lede: String
        /// The day the list stands on, as the page says it.
        var asOf: String?
        var counts: [Count]
        var groups: [GroupView]
        var isEmpty: Bool
        /// The archive's monthly page, from the archive's list; nil in the site.
        var monthHref: String?
    }

    /// Whose list, for whom: everything the pages make their items from, made once per organization.
    struct Planner: Sendable {
        let input: OrganizationInput
        let followUps: FollowUps
        /// The export's last day: what the site's list is as of.
        let lastDay: LocalDate?
        let paths: ReportPaths
        let schools: SchoolVisits
        let lateAfterDays: Int

        init(_ input: OrganizationInput, config: SiteConfig, paths: ReportPaths) {
            self.input = input
            self.paths = paths
            lateAfterDays = config.attention.lateAfterDays
            followUps = FollowUps(
                input.organization, summaries: input.summaries, mileage: input.mileageByReport, lateAfterDays: lateAfterDays,
                zone: config.timeZone)
            lastDay = ExportSpan.lastDay(input.organization, zone: config.timeZone)
            schools = SchoolVisits(input)
        }

        /// The site's page.
        func page() -> PlannedPage {
            let due = followUps.due(asOf: lastDay)
            let asOf = lastDay.map { Format.day($0) }
            var lede = "No daily reports yet: nothing to follow up."
            if let asOf {
                lede =
                    "As of \(asOf), the last day this export holds anything for (its newest report or save): "
                    + "\(Self.summary(due)). Newest first in each group, each linked to its report."
            }
            let paths = self.paths
            let items = Items(planner: self, day: due.asOf, schoolPrefix: "../") { Link(href: "../" + paths.page($0.id), archive: nil) }
            return PlannedPage(
                path: AttentionPage.path, template: "attention", title: "Needs attention",
                direct: body(due, heading: "Needs attention", lede: lede, asOf: asOf, items: items, monthHref: nil))
        }

        /// Each group's count for the home page, linking to the group on this page.
        func homeCounts() -> [Count] { counts(followUps.due(asOf: lastDay), prefix: AttentionPage.path) }

        /// The day a month's archived list stands on: the month's last day, or the export's when it ends first.
        func asOf(month: String) -> LocalDate? {
            guard let end = FollowUps.lastDay(of: month) else { return nil }
            return lastDay.map { min($0, end) } ?? end
        }

        /// The archive's list of `month`: as it stood at the month's end; the month's reports link to their place
        /// on the archive's monthly page, an earlier month's (a makeup day still to hold) name their archive.
        /// `paths`: the month's, which record the reports it names (`MonthReads`).
        func archiveBody(month: String, paths: ReportPaths) -> Body {
            let day = asOf(month: month)
            let due = followUps.due(month: month, asOf: day)
            let title = Format.monthTitle(month)
            let asOf = day.map { Format.day($0) }
            let lede =
                "As it stood at the end of \(title)\(asOf.map { " (\($0))" } ?? ""): \(Self.summary(due)). The makeup days "
                + "not yet held, those asked for in earlier months too, and the month's reports with retakes, validation "
                + "problems, mileage to check or filed late."
            return body(
                due, heading: "Needs attention: \(title)", lede: lede, asOf: asOf,
                items: archiveItems(due, month: month, paths: paths),
                monthHref: "index.html")
        }

        /// The archive's items: the month's reports link to their place on its monthly page, an earlier month's
        /// (a makeup day still to hold) name the archive that holds them; schools are named without links.
        private func archiveItems(_ due: FollowUps.Due, month: String, paths: ReportPaths) -> Items {
            Items(planner: self, day: due.asOf, schoolPrefix: nil) { report in
                guard report.date.monthKey == month else { return Link(href: nil, archive: Format.monthTitle(report.date.monthKey)) }
                return Link(href: "index.html#" + paths.anchor(report.id), archive: nil)
            }
        }

        /// What the archive's list of `month` reads from outside the month, recorded as one read of the month's
        /// (`MonthReads.attention`): the day it stands on (the month's last, or the export's last when the export
        /// ends first, which any document may move) and the makeup days it lists as they show (those asked for in
        /// earlier months and not held by the month's start, and the month's own, which a report of another
        /// month may have held). Its other groups show the month's reports alone.
        func archiveKey(month: String) -> ContentDigest? {
            let day = asOf(month: month)
            let due = followUps.due(month: month, asOf: day)
            let items = archiveItems(due, month: month, paths: paths)
            var hasher = StableHasher()
            hasher.add(day?.description)
            guard let upcoming = ContentDigest.of(due.upcoming.map { items.makeup($0, open: false) }),
                let open = ContentDigest.of(due.open.map { items.makeup($0, open: true) })
            else { return nil }
            hasher.add(upcoming)
            hasher.add(open)
            return hasher.finalize()
        }

        static func summary(_ due: FollowUps.Due) -> String {
            let n = due.upcoming.count + due.open.count + due.retakes.count + due.invalid.count + due.discrepancies.count + due.late.count
            return n == 0 ? "nothing to follow up" : Format.count(n, "thing") + " to follow up"
        }

        private func counts(_ due: FollowUps.Due, prefix: String) -> [Count] {
            let numbers: [Group: Int] = [
                .upcoming: due.upcoming.count, .open: due.open.count, .retakes: due.retakes.count, .invalid: due.invalid.count,
                .discrepancies: due.discrepancies.count, .late: due.late.count
            ]
            return Group.allCases.map { group in
                Count(label: group.title, value: Format.integer(numbers[group]!), href: "\(prefix)#\(group.rawValue)", none: numbers[group] == 0)
            }
        }

        /// Where an item's report is: its page (or its place in the archive), or the month whose archive holds it.
        struct Link {
            var href: String?
            var archive: String?
        }

        /// Makes the items of one page: `day` is the day it stands on, `link` places a report, `schoolPrefix`
        /// leads to the organization folder (nil where schools are named without links).
        struct Items {
            let planner: Planner
            let day: LocalDate?
            let schoolPrefix: String?
            let link: (DailyJobReport) -> Link

            func item(_ index: Int, heading: String, when: String? = nil, detail: String? = nil, quote: String? = nil) -> Item {
                let report = planner.followUps.reports[index]
                let place = link(report)
                let named = planner.schools.named(report.id)
                let who = planner.input.organization.photographerName(of: report)
                var about = "Report of \(Weekday.short(report.date)), \(Format.day(report.date)) · \(who)"
                if let archive = place.archive { about += " (in the \(archive) archive)" }
                return Item(
                    heading: heading, when: when, report: about, href: place.href,
                    schools: planner.schools.links(named, prefix: schoolPrefix), hasSchools: !named.isEmpty, detail: detail,
                    quote: quote)
            }

            /// How far `date` is from the page's day: `in 7 days`, `today`, `16 days ago`.
            func relative(_ date: LocalDate) -> String? {
                guard let day else { return nil }
                let n = date.daysSinceEpoch - day.daysSinceEpoch
                return n == 0 ? "today" : n > 0 ? "in \(Format.count(n, "day"))" : "\(Format.count(-n, "day")) ago"
            }

            func makeup(_ m: FollowUps.Makeup, open: Bool) -> Item {
                let names = planner.schools.named(planner.followUps.reports[m.report].id).map(\.name)
                let at = names.isEmpty ? "" : " at " + names.joined(separator: " or ")
                guard let date = m.date else {
                    let what = m.dateAsStored.map { "Makeup day “\($0)”, which is not a date" } ?? "Makeup day, no date set"
                    return item(m.report, heading: what, detail: open ? "No report\(at) has been filed since." : nil)
                }
                return item(
                    m.report, heading: "Makeup day \(Weekday.short(date)), \(Format.day(date))", when: relative(date),
                    detail: open ? "No report\(at) on or since that day." : nil)
            }
        }

        private func body(_ due: FollowUps.Due, heading: String, lede: String, asOf: String?, items maker: Items, monthHref: String?) -> Body {
            let reports = followUps.reports
            let forms = input.summariesByReport
            let mileage = input.mileageByReport
            var items: [Group: [Item]] = [:]
            items[.upcoming] = due.upcoming.map { maker.makeup($0, open: false) }
            items[.open] = due.open.map { maker.makeup($0, open: true) }
            items[.retakes] = due.retakes.map { i in
                let facts = forms[reports[i].id]?.followUp
                return maker.item(i, heading: Format.count(facts?.retakes ?? 0, "retake"), quote: facts?.retakeReason)
            }
            items[.invalid] = due.invalid.map { i in
                let problems = forms[reports[i].id]?.problems ?? []
                return maker.item(
                    i, heading: Format.count(problems.count, "validation problem"),
                    detail: problems.map { "\($0.label) \($0.message)" }.joined(separator: "; ") + ".")
            }
            items[.discrepancies] = due.discrepancies.map { i in
                maker.item(i, heading: FollowUpWords.discrepancy(mileage[reports[i].id]))
            }
            items[.late] = due.late.map { late in
                maker.item(
                    late.report, heading: "Filed \(Format.count(late.days, "day")) after its day",
                    detail: "Filed on \(Weekday.short(late.filed)), \(Format.day(late.filed)).")
            }
            let tolerance = input.mileage.tolerance
            let groups = Group.allCases.map { group in
                let list = items[group] ?? []
                return GroupView(
                    id: group.rawValue, title: group.title, action: group.action(tolerance: tolerance, lateAfterDays: lateAfterDays),
                    count: Format.integer(list.count), items: list, hasItems: !list.isEmpty)
            }
            return Body(
                heading: heading, lede: lede, asOf: asOf, counts: counts(due, prefix: ""), groups: groups, isEmpty: due.isEmpty,
                monthHref: monthHref)
        }
    }
}

extension Weekday {
    /// `Thu`.
    static func short(_ date: LocalDate) -> String { String(name(date).prefix(3)) }
}

import Foundation
import GenModel
import GenResolve

/// What a manager must follow up in one organization's reports, worked out once from the reports' summaries
/// and mileage rows; `due(asOf:)` and `due(month:asOf:)` say what stands on a day. The day is never the
/// clock's: the site's is the export's last day (`ExportSpan.lastDay`), a monthly archive's the month's last.
///
/// The rules, each on the report's own data:
/// - a **makeup day** is asked for by a report with `makeup_needed` on (`FollowUpFacts`). It is *held* once
///   another report names one of the schools the asking report names, dated on or after the makeup day (after
///   the asking report's day when no makeup date is set) and no later than the day asked about; else it is
///   *upcoming* while its day has not passed (the day itself included), and *open* once it has, or when it has
///   no date;
/// - **retakes**: a report counting more than none;
/// - **validation problems**: a report whose form fails validation;
/// - a **mileage discrepancy**: a report whose mileage row is flagged (`MileageTolerance`);
/// - **filed late**: a report saved (`createdAt`, its day in the configured zone) more than `lateAfterDays`
///   days after the day it reports; exactly that many days is on time.
public struct FollowUps: Sendable {
    /// A makeup day one report asks for.
    public struct Makeup: Sendable, Equatable {
        /// The asking report's index in the organization's reports.
        public var report: Int
        public var date: LocalDate?
        /// What the report stored, when it is not a date.
        public var dateAsStored: String?
        /// The schools the asking report names (`schoolKey`), where a later report closes it.
        public var schools: [String]
    }

    /// A report filed more than the allowed days after its day.
    public struct Late: Sendable, Equatable {
        public var report: Int
        /// The day it was saved, in the configured zone.
        public var filed: LocalDate
        /// Days from the report's day to `filed`.
        public var days: Int
    }

    /// What stands on one day: makeup days still to hold (soonest first) and past ones never reported (newest
    /// first), and the reports of each other rule, newest first (by day, the later report of a day first).
    public struct Due: Sendable, Equatable {
        public var asOf: LocalDate?
        public var upcoming: [Makeup] = []
        public var open: [Makeup] = []
        public var retakes: [Int] = []
        public var invalid: [Int] = []
        public var discrepancies: [Int] = []
        public var late: [Late] = []

        public var isEmpty: Bool {
            upcoming.isEmpty && open.isEmpty && retakes.isEmpty && invalid.isEmpty && discrepancies.isEmpty && late.isEmpty
        }
    }

    public enum MakeupState: Sendable, Equatable {
        case upcoming, open
        /// Held: the index of the first report at one of its schools on or after its day.
        case held(by: Int)
    }

    public let reports: [DailyJobReport]
    public let lateAfterDays: Int
    /// Every makeup day asked for, in report order.
    public let makeups: [Makeup]
    public let retakes: [Int]
    public let invalid: [Int]
    public let discrepancies: [Int]
    public let late: [Late]
    /// The reports naming each school (`schoolKey`), ordered by day, then index.
    private let visits: [String: [(date: LocalDate, report: Int)]]

    /// `summaries` is aligned with `org.reports`; `mileage` holds the reports' rows by id.
    public init(
        _ org: Organization, summaries: [FormSummary], mileage: [DocumentID: ReportMileage], lateAfterDays: Int, zone: TimeZone
    ) {
        reports = org.reports
        self.lateAfterDays = lateAfterDays
        var makeups: [Makeup] = []
        var retakes: [Int] = []
        var invalid: [Int] = []
        var discrepancies: [Int] = []
        var late: [Late] = []
        var visits: [String: [(date: LocalDate, report: Int)]] = [:]
        for (i, report) in org.reports.enumerated() {
            let summary = i < summaries.count ? summaries[i] : nil
            let row = mileage[report.id]
            let schools = Self.schoolKeys(row?.schools ?? [], in: org)
            for key in schools { visits[key, default: []].append((report.date, i)) }
            if let facts = summary?.followUp {
                if facts.makeupNeeded {
                    makeups.append(Makeup(report: i, date: facts.makeupDate, dateAsStored: facts.makeupDateAsStored, schools: schools))
                }
                if facts.retakes != nil { retakes.append(i) }
            }
            if summary?.isValid == false { invalid.append(i) }
            if row?.isDiscrepancy == true { discrepancies.append(i) }
            if let created = report.createdAt {
                let filed = LocalDate(created, in: zone)
                let days = filed.daysSinceEpoch - report.date.daysSinceEpoch
                if days > lateAfterDays { late.append(Late(report: i, filed: filed, days: days)) }
            }
        }
        self.makeups = makeups
        self.retakes = retakes
        self.invalid = invalid
        self.discrepancies = discrepancies
        self.late = late
        self.visits = visits.mapValues { $0.sorted { ($0.date, $0.report) < ($1.date, $1.report) } }
    }

    /// A school as makeup days match it: the organization's school a name or id matches (as mileage matches
    /// them), else the name itself, trimmed and case-folded; each once, in route order.
    static func schoolKeys(_ names: [String], in org: Organization) -> [String] {
        var keys: [String] = []
        for name in names {
            let key = org.school(matching: name).map { "id:" + $0.id.text } ?? "name:" + Organization.nameKey(name)
            if !keys.contains(key) { keys.append(key) }
        }
        return keys
    }

    /// Where `makeup` stands on `day`, counting only reports dated no later than `day`.
    public func state(_ makeup: Makeup, asOf day: LocalDate) -> MakeupState {
        let asked = reports[makeup.report].date
        // Without a date, any later visit to the school may have been the makeup day.
        let from = makeup.date ?? LocalDate(daysSinceEpoch: asked.daysSinceEpoch + 1)
        var held: (date: LocalDate, report: Int)?
        if from <= day {
            for school in makeup.schools {
                guard let list = visits[school] else { continue }
                var at = Self.firstIndex(in: list, notBefore: from)
                while at < list.count, list[at].date <= day {
                    if list[at].report != makeup.report {
                        if held.map({ (list[at].date, list[at].report) < ($0.date, $0.report) }) ?? true { held = list[at] }
                        break
                    }
                    at += 1
                }
            }
        }
        if let held { return .held(by: held.report) }
        if let date = makeup.date, date >= day { return .upcoming }
        return .open
    }

    /// What stands on `day` over every report (the site's page); makeup days count from the day they were asked for.
    public func due(asOf day: LocalDate?) -> Due {
        due(asOf: day, makeupsThrough: nil) { _ in true }
    }

    /// What stood at the end of `month` (`YYYY-MM`), for its archive: the makeup days asked for by then and
    /// not held by then (those of earlier months too), and the month's own reports for the other rules. `day`
    /// is the month's last day, or the export's when the export ends before it.
    public func due(month: String, asOf day: LocalDate?) -> Due {
        due(asOf: day, makeupsThrough: month) { reports[$0].date.monthKey == month }
    }

    private func due(asOf day: LocalDate?, makeupsThrough month: String?, include: (Int) -> Bool) -> Due {
        var due = Due(asOf: day)
        guard let day else { return due }
        for makeup in makeups where reports[makeup.report].date <= day && month.map({ reports[makeup.report].date.monthKey <= $0 }) ?? true {
            switch state(makeup, asOf: day) {
            case .upcoming: due.upcoming.append(makeup)
            case .open: due.open.append(makeup)
            case .held: break
            }
        }
        let date = { (i: Int) in reports[i].date }
        due.upcoming.sort { ($0.date!, date($0.report), $0.report) < ($1.date!, date($1.report), $1.report) }
        due.open.sort {
            ($0.date ?? date($0.report), date($0.report), $0.report) > ($1.date ?? date($1.report), date($1.report), $1.report)
        }
        func newestFirst(_ indices: [Int]) -> [Int] {
            indices.filter(include).sorted { (date($0), $0) > (date($1), $1) }
        }
        due.retakes = newestFirst(retakes)
        due.invalid = newestFirst(invalid)
        due.discrepancies = newestFirst(discrepancies)
        due.late = late.filter { include($0.report) }.sorted { (date($0.report), $0.report) > (date($1.report), $1.report) }
        return due
    }

    /// The first position in `list` (ordered by date) whose date is on or after `day`.
    private static func firstIndex(in list: [(date: LocalDate, report: Int)], notBefore day: LocalDate) -> Int {
        var low = 0, high = list.count
        while low < high {
            let mid = (low + high) / 2
            if list[mid].date < day { low = mid + 1 } else { high = mid }
        }
        return low
    }

    /// The last day of `month` (`YYYY-MM`).
    public static func lastDay(of month: String) -> LocalDate? {
        guard let first = LocalDate(iso: month + "-01") else { return nil }
        return LocalDate(year: first.year, month: first.month, day: LocalDate.daysIn(year: first.year, month: first.month))
    }
}

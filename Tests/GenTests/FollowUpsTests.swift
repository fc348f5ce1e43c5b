import Foundation
import GenCompute
import GenModel
import GenResolve
import XCTest

/// The rules of the "Needs attention" page, worked out in GenCompute: what a report's form says (retakes, a
/// makeup day), which makeup days are upcoming, open or held on a day, and which reports were filed late.
final class FollowUpsTests: XCTestCase {
    let zone = TimeZone(identifier: "America/Chicago")!
    let other = DocumentSource(file: "f", collection: "c", documentID: "d")

    /// The app's Picture Day fields: the reason shown only with retakes, the date hidden without a makeup day.
    var template: ReportTemplate {
        func logic(_ action: String, _ field: String, _ op: String, _ value: FirestoreValue?) -> FirestoreValue {
            var c: [String: FirestoreValue] = ["field": .string(field), "condition": .string(op)]
            if let value { c["value"] = value }
            return .map(["action": .string(action), "eval": .string("or"), "conditions": .array([.map(c)])])
        }
        return ReportTemplate(
            id: "t1", organizationID: "o", name: "Picture Day Report", version: 1,
            fields: [
                TemplateField(id: "schools_visited", type: "multiselect", label: "Schools Visited"),
                TemplateField(id: "contact", type: "text", label: "Front Office Contact", required: true),
                TemplateField(id: "retakes", type: "number", label: "Retakes"),
                TemplateField(
                    id: "retake_reason", type: "textarea", label: "Why the Retakes", logic: logic("show", "retakes", ">", .int(0))),
                TemplateField(id: "makeup_needed", type: "toggle", label: "Makeup Day Needed"),
                TemplateField(id: "makeup_date", type: "date", label: "Makeup Date", logic: logic("hide", "makeup_needed", "=", .bool(false))),
                TemplateField(id: "mileage", type: "text", label: "Mileage")
            ],
            source: other)
    }

    func org(_ reports: [DailyJobReport] = [], templates more: [ReportTemplate] = []) -> Organization {
        Organization(
            id: "o", name: "O", pathSegment: "o",
            users: [
                User(
                    id: "u1", organizationID: "o", firstName: "Ann", lastName: "Lee", isPhotographer: true,
                    userCoordinates: "37.7306, -88.9331", source: other)
            ],
            schools: [
                School(id: "sA", organizationID: "o", value: "Adams School", coordinates: "37.7334,-88.9337", source: other),
                School(id: "sB", organizationID: "o", value: "Baker School", coordinates: "37.8106,-89.0276", source: other),
                School(id: "sC", organizationID: "o", value: "Carver School", coordinates: "37.7500,-88.9000", source: other)
            ],
            templates: [template] + more, reports: reports, critiques: [])
    }

    /// A report at `schools` on `date`, filed `filedAfter` days later at 3 pm Chicago time (always valid unless
    /// `valid` is false: the required contact is left out).
    func report(
        _ id: String, _ date: String, at schools: [String], filedAfter: Int? = 0, valid: Bool = true,
        _ values: [String: FirestoreValue] = [:], templateId: DocumentID? = "t1"
    ) -> DailyJobReport {
        let day = LocalDate(iso: date)!
        var fields = values
        fields["schools_visited"] = .array(schools.map { .string($0) })
        if valid { fields["contact"] = .string("Office") }
        let created = filedAfter.map { Timestamp(seconds: Int64((day.daysSinceEpoch + $0) * 86_400 + 20 * 3_600), nanoseconds: 0) }
        return DailyJobReport(
            id: DocumentID(id), organizationID: "o", userId: "u1", date: day, templateId: templateId,
            reportType: templateId == nil ? "legacy" : "template", createdAt: created, fields: fields,
            source: DocumentSource(file: "f", collection: "dailyJobReports", documentID: id))
    }

    func followUps(_ reports: [DailyJobReport], lateAfterDays: Int = 2) -> FollowUps {
        let org = org(reports)
        let calculator = MileageCalculator(averageSpeedKmh: 50)
        let rows = reports.map { calculator.compute($0, in: org).0 }
        let summaries = zip(reports, rows).map { report, row in
            FormSummary(ReportForm.build(report, in: org, mileage: row, timeZone: zone), of: report, in: org)
        }
        return FollowUps(
            org, summaries: summaries, mileage: Dictionary(uniqueKeysWithValues: rows.map { ($0.reportId, $0) }),
            lateAfterDays: lateAfterDays, zone: zone)
    }

    func facts(_ values: [String: FirestoreValue], templateId: DocumentID? = "t1") -> FollowUpFacts {
        let r = report("r", "2024-10-03", at: [], values, templateId: templateId)
        return ReportForm.build(r, in: org([r]), mileage: nil, timeZone: zone).followUp
    }

    // MARK: - What a report says

    func testRetakesAndTheirReason() {
        let f = facts(["retakes": .int(17), "retake_reason": .string("  Blinks (9), glare (8)\n")])
        XCTAssertEqual(f.retakes, 17)
        XCTAssertEqual(f.retakeReason, "Blinks (9), glare (8)")
        XCTAssertEqual(facts(["retakes": .string("1,204")]).retakes, 1204, "read as the form reads a number")
        XCTAssertNil(facts(["retakes": .string("1,204")]).retakeReason)
        // None, or a reason the template hides without retakes.
        XCTAssertEqual(facts(["retakes": .int(0), "retake_reason": .string("n/a")]), FollowUpFacts())
        XCTAssertEqual(facts(["retakes": .string("several")]), FollowUpFacts())
    }

    func testAMakeupDayIsAskedForOnlyWithMakeupNeeded() {
        XCTAssertEqual(
            facts(["makeup_needed": .bool(true), "makeup_date": .string("2024-11-07")]),
            FollowUpFacts(makeupNeeded: true, makeupDate: LocalDate(iso: "2024-11-07")))
        // A date the template hides while no makeup day is needed is none.
        XCTAssertEqual(facts(["makeup_needed": .bool(false), "makeup_date": .string("2024-11-12")]), FollowUpFacts())
        XCTAssertEqual(facts(["makeup_date": .string("2024-11-12")]), FollowUpFacts())
        // Written as apps write a toggle; a timestamp's day in the zone (Nov 7, 11:30 pm in Chicago).
        XCTAssertEqual(
            facts(["makeup_needed": .string("Yes"), "makeup_date": .timestamp(Timestamp(parsing: "2024-11-08T05:30:00Z")!)]).makeupDate,
            LocalDate(iso: "2024-11-07"))
        XCTAssertEqual(
            facts(["makeup_needed": .bool(true), "makeup_date": .string("11/7/2024")]).makeupDate, LocalDate(iso: "2024-11-07"))
        XCTAssertEqual(facts(["makeup_needed": .bool(true)]), FollowUpFacts(makeupNeeded: true))
        XCTAssertEqual(
            facts(["makeup_needed": .bool(true), "makeup_date": .string(" next week ")]),
            FollowUpFacts(makeupNeeded: true, makeupDateAsStored: "next week"))
    }

    /// A value its template does not declare (an older version's field) is the report's all the same.
    func testAValueOfAnOlderTemplateVersionCounts() {
        let old = ReportTemplate(
            id: "t2", organizationID: "o", name: "Daily", version: 2, fields: [TemplateField(id: "notes", type: "textarea", label: "Notes")],
            source: other)
        let r = report("r", "2024-10-03", at: [], ["makeup_needed": .bool(true), "makeup_date": .string("2024-11-07")], templateId: "t2")
        XCTAssertEqual(
            ReportForm.build(r, in: org([r], templates: [old]), mileage: nil, timeZone: zone).followUp,
            FollowUpFacts(makeupNeeded: true, makeupDate: LocalDate(iso: "2024-11-07")))
    }

    func testALegacyReportSaysTheSame() {
        let f = facts(["makeup_needed": .bool(true), "makeup_date": .string("2024-11-07"), "retakes": .int(3)], templateId: nil)
        XCTAssertEqual(f, FollowUpFacts(retakes: 3, makeupNeeded: true, makeupDate: LocalDate(iso: "2024-11-07")))
    }

    // MARK: - Makeup days

    /// Oct 31 is the day asked about. Adams: asked Oct 3 for Oct 20, a report there Oct 21 (held). Baker: asked
    /// Oct 5 for Oct 15, a report there Oct 10 (before the day: not the makeup day), none after (open). Carver:
    /// asked Oct 10 for Nov 7 (upcoming); asked Oct 25 without a date, nothing there since (open). Adams again:
    /// asked Oct 28 for Oct 31, the day itself, nothing yet (upcoming, not open).
    var makeupReports: [DailyJobReport] {
        func makeup(_ date: String?) -> [String: FirestoreValue] {
            var v: [String: FirestoreValue] = ["makeup_needed": .bool(true)]
            if let date { v["makeup_date"] = .string(date) }
            return v
        }
        return [
            report("adams-asks", "2024-10-03", at: ["Adams School"], makeup("2024-10-20")),
            report("baker-asks", "2024-10-05", at: ["Baker School"], makeup("2024-10-15")),
            report("carver-asks", "2024-10-10", at: ["carver school"], makeup("2024-11-07")),
            report("baker-before", "2024-10-10", at: ["Baker School"]),
            report("adams-held", "2024-10-21", at: ["sA"]),
            report("carver-undated", "2024-10-25", at: ["Carver School"], makeup(nil)),
            report("adams-today", "2024-10-28", at: ["Adams School"], makeup("2024-10-31"))
        ]
    }

    func testMakeupDaysAreUpcomingOpenOrHeld() {
        let f = followUps(makeupReports)
        let reports = makeupReports
        func id(_ m: FollowUps.Makeup) -> String { reports[m.report].id.text }
        let states = Dictionary(uniqueKeysWithValues: f.makeups.map { (id($0), f.state($0, asOf: LocalDate(iso: "2024-10-31")!)) })
        XCTAssertEqual(states["adams-asks"], .held(by: 4))
        XCTAssertEqual(states["baker-asks"], .open)
        XCTAssertEqual(states["carver-asks"], .upcoming)
        XCTAssertEqual(states["carver-undated"], .open)
        XCTAssertEqual(states["adams-today"], .upcoming)

        let due = f.due(asOf: LocalDate(iso: "2024-10-31"))
        XCTAssertEqual(due.upcoming.map(id), ["adams-today", "carver-asks"], "soonest first")
        XCTAssertEqual(due.open.map(id), ["carver-undated", "baker-asks"], "newest first, an undated one by the day it was asked")
        // On its day Adams' makeup day was still upcoming; held from the day of the report there.
        XCTAssertEqual(f.state(f.makeups[0], asOf: LocalDate(iso: "2024-10-20")!), .upcoming)
        XCTAssertEqual(f.state(f.makeups[0], asOf: LocalDate(iso: "2024-10-21")!), .held(by: 4))
        // As of Oct 20, only what was asked for by then.
        let earlier = f.due(asOf: LocalDate(iso: "2024-10-20"))
        XCTAssertEqual(earlier.open.map(id), ["baker-asks"])
        XCTAssertEqual(earlier.upcoming.map(id), ["adams-asks", "carver-asks"])
    }

    /// A report of the asking report's own day and school is not the makeup day; nor is the asking report.
    func testTheAskingReportDoesNotHoldItsOwnMakeupDay() {
        let r = report("asks", "2024-10-03", at: ["Adams School"], ["makeup_needed": .bool(true), "makeup_date": .string("2024-10-03")])
        let f = followUps([r])
        XCTAssertEqual(f.state(f.makeups[0], asOf: LocalDate(iso: "2024-10-05")!), .open)
        let g = followUps([r, report("same-day", "2024-10-03", at: ["Adams School"])])
        XCTAssertEqual(g.state(g.makeups[0], asOf: LocalDate(iso: "2024-10-05")!), .held(by: 1))
    }

    /// A month's archive: the makeup days asked for by its end and not held by then, those of earlier months
    /// too; the month's own reports for everything else.
    func testAMonthsListIsAsItStoodAtItsEnd() {
        var reports = makeupReports
        reports.insert(report("sep-asks", "2024-09-20", at: ["Baker School"], ["makeup_needed": .bool(true)]), at: 0)
        reports.insert(report("sep-retakes", "2024-09-21", at: ["Carver School"], ["retakes": .int(2)]), at: 1)
        reports.append(report("nov-baker", "2024-11-02", at: ["Baker School"], ["retakes": .int(5)]))
        let f = followUps(reports)
        func ids(_ makeups: [FollowUps.Makeup]) -> [String] { makeups.map { reports[$0.report].id.text } }
        let september = f.due(month: "2024-09", asOf: FollowUps.lastDay(of: "2024-09"))
        XCTAssertEqual(ids(september.open), ["sep-asks"])
        XCTAssertEqual(september.retakes.map { reports[$0].id.text }, ["sep-retakes"])
        let october = f.due(month: "2024-10", asOf: FollowUps.lastDay(of: "2024-10"))
        // Baker was visited on Oct 5 and 10, after September's undated request: held.
        XCTAssertEqual(ids(october.open), ["carver-undated", "baker-asks"])
        XCTAssertEqual(ids(october.upcoming), ["adams-today", "carver-asks"])
        XCTAssertEqual(october.retakes, [], "September's and November's retakes are theirs")
        let november = f.due(month: "2024-11", asOf: FollowUps.lastDay(of: "2024-11"))
        XCTAssertEqual(ids(november.open), ["carver-asks", "adams-today", "carver-undated"], "Baker's held on Nov 2")
        XCTAssertEqual(november.retakes.map { reports[$0].id.text }, ["nov-baker"])
        XCTAssertEqual(FollowUps.lastDay(of: "2024-02"), LocalDate(iso: "2024-02-29"))
    }

    // MARK: - The other rules

    func testRetakesProblemsDiscrepanciesAndLateReportsNewestFirst() {
        let reports = [
            report("retakes", "2024-10-01", at: ["Adams School"], ["retakes": .int(4)]),
            report("no-retakes", "2024-10-02", at: ["Adams School"], ["retakes": .int(0)]),
            report("invalid", "2024-10-03", at: ["Adams School"], valid: false),
            // The route is 0.4 miles.
            report("discrepancy", "2024-10-04", at: ["Adams School"], ["mileage": .string("9.0 miles")]),
            report("within", "2024-10-05", at: ["Adams School"], ["mileage": .string("0.5 miles")]),
            report("late", "2024-10-06", at: ["Adams School"], filedAfter: 3),
            report("at-the-limit", "2024-10-07", at: ["Adams School"], filedAfter: 2),
            report("early", "2024-10-08", at: ["Adams School"], filedAfter: -1),
            report("unsaved", "2024-10-09", at: ["Adams School"], filedAfter: nil),
            report("invalid-too", "2024-10-10", at: ["Adams School"], valid: false, ["retakes": .int(1)])
        ]
        let f = followUps(reports)
        let due = f.due(asOf: LocalDate(iso: "2024-10-31"))
        func ids(_ indices: [Int]) -> [String] { indices.map { reports[$0].id.text } }
        XCTAssertEqual(ids(due.retakes), ["invalid-too", "retakes"])
        XCTAssertEqual(ids(due.invalid), ["invalid-too", "invalid"])
        XCTAssertEqual(ids(due.discrepancies), ["discrepancy"])
        XCTAssertEqual(due.late.map { reports[$0.report].id.text }, ["late"])
        XCTAssertEqual(due.late.first?.days, 3)
        XCTAssertEqual(due.late.first?.filed, LocalDate(iso: "2024-10-09"))
        // The limit is configurable: at 1, the report filed 2 days after is late too; at 3, none is.
        XCTAssertEqual(followUps(reports, lateAfterDays: 1).late.map { reports[$0.report].id.text }, ["late", "at-the-limit"])
        XCTAssertEqual(followUps(reports, lateAfterDays: 3).late, [])
        XCTAssertTrue(f.due(asOf: nil).isEmpty, "no day, nothing due")
    }

    /// The day a report was filed is its day in the configured zone: saved at 11 pm in Chicago on Oct 8 is
    /// Oct 9 in UTC, and 2 days after Oct 6, not 3.
    func testTheFilingDayIsTakenInTheZone() {
        var r = report("r", "2024-10-06", at: [], filedAfter: nil)
        r.createdAt = Timestamp(parsing: "2024-10-09T04:00:00Z")
        XCTAssertEqual(followUps([r]).late, [])
        r.createdAt = Timestamp(parsing: "2024-10-09T06:00:00Z")
        XCTAssertEqual(followUps([r]).late.map(\.days), [3])
    }

    // MARK: - The day asked about

    func testTheExportsLastDayIsItsNewestReportDayOrSaveTime() {
        var reports = [report("a", "2024-10-03", at: [], filedAfter: 0), report("b", "2024-10-20", at: [], filedAfter: 0)]
        XCTAssertEqual(ExportSpan.lastDay(org(reports), zone: zone), LocalDate(iso: "2024-10-20"))
        reports[0].updatedAt = Timestamp(parsing: "2024-11-02T15:00:00Z")
        XCTAssertEqual(ExportSpan.lastDay(org(reports), zone: zone), LocalDate(iso: "2024-11-02"))
        XCTAssertNil(ExportSpan.lastDay(org([]), zone: zone))
    }
}

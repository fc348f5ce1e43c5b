import Foundation
import GenCompute
import GenModel
import GenResolve
import XCTest

/// OrganizationStatistics (`data/stats.json`): every number checked against a hand count of one small
/// organization (the counts are written next to each assertion).
///
/// The fixture, in America/Chicago:
///
///     report  day         photographer  template          notes
///     r1      2024-09-03  u1 Ann Lee    t1 Fall Sports    Sunny 72°F, 10.5 mi
///     r2      2024-09-10  u2 Ben Cho    t1                Partly Cloudy 65°F, 20.2 mi, job "team photos"
///     r3      2024-09-20  u1            t1                INVALID (photos_taken "abc"), Sunny 80°F, 5.3 mi
///     r4      2024-10-02  u2            t2 Picture Day    Rain (no temperature), 12.0 mi
///     r5      2024-10-15  u1            t2                72°F (no condition), 8.4 mi, job_type "Retake Day"
///     r6      2024-10-20  u2            legacy            Overcast 50°F, 3.1 mi, shootType "events"
///     r7      2024-10-25  u1            tGone (missing)   no weather, no mileage (0)
///
/// Rate 0.50 $/mi. Recorded mileage only (no schools), so each report's miles is its recorded value.
final class StatisticsTests: XCTestCase {
    let zone = TimeZone(identifier: "America/Chicago")!
    let src = DocumentSource(file: "f", collection: "c", documentID: "d")

    // MARK: - Fixture

    func user(_ id: DocumentID, _ first: String, _ last: String, photographer: Bool = true) -> User {
        User(
            id: id, organizationID: "o", firstName: first, lastName: last, isPhotographer: photographer,
            userCoordinates: "37.7306, -88.9331", source: src)
    }

    func field(
        _ id: String, _ type: String, required: Bool = false, options: [String]? = nil,
        formula: String? = nil
    ) -> TemplateField {
        let smart: SmartFieldConfig? =
            switch type {
            case "calculation": SmartFieldConfig(calculationType: "calculation", fallbackValue: "N/A", formula: formula)
            case "weather_conditions": SmartFieldConfig(calculationType: "weather_conditions", fallbackValue: "Weather unavailable")
            default: nil
            }
        return TemplateField(id: id, type: type, label: id, required: required, options: options, smartConfig: smart)
    }

    lazy var fallSports = ReportTemplate(
        id: "t1", organizationID: "o", name: "Fall Sports Report", shootType: "sports",
        fields: [
            field("job_type", "select", required: true, options: ["Fall Sports", "Team Photos", "Picture Day"]),
            field("photos_taken", "number", required: true),
            field("extra_costs", "currency"),
            field("equipment", "multiselect", options: ["Camera", "Tripod", "Flash"]),
            field("backup", "toggle", required: true),
            field("weather", "weather_conditions"),
            field("notes", "textarea")
        ], source: src)

    lazy var pictureDay = ReportTemplate(
        id: "t2", organizationID: "o", name: "Picture Day Report", shootType: "picture_day",
        fields: [
            field("session", "select", required: true, options: ["Fall Picture Day", "Retakes"]),
            field("students", "number", required: true),
            field("double_students", "calculation", formula: "students * 2"),
            field("weather", "weather_conditions"),
            field("makeup", "toggle", required: true)
        ], source: src)

    /// Never used: listed with zero reports, and null mean/min/max.
    lazy var unused = ReportTemplate(id: "t3", organizationID: "o", name: "Unused", fields: [field("count", "number")], source: src)

    func report(
        _ id: DocumentID, _ day: Int, month: Int, user: DocumentID, template: DocumentID?, legacy: Bool = false,
        _ values: [String: FirestoreValue]
    ) -> DailyJobReport {
        var fields = values
        fields["userId"] = .string(user.text)
        if let template { fields["templateId"] = .string(template.text) }
        return DailyJobReport(
            id: id, organizationID: "o", userId: user, date: LocalDate(year: 2024, month: month, day: day),
            templateId: template, templateName: template == "tGone" ? "Old Form" : nil,
            reportType: legacy ? "legacy" : "template", fields: fields, source: src)
    }

    /// 2024-…T…Z in UTC.
    func at(_ iso: String) -> Timestamp { Timestamp(parsing: iso)! }

    func critique(
        _ id: DocumentID, target: DocumentID?, targetName: String? = nil, by submitter: DocumentID?, submitterName: String?,
        _ type: String?, status: String = "published", at created: Timestamp?
    ) -> Critique {
        Critique(
            id: id, organizationID: "o", submitterId: submitter, submitterName: submitterName,
            targetPhotographerId: target, targetPhotographerName: targetName, exampleType: type, status: status,
            createdAt: created, source: src)
    }

    lazy var org = Organization(
        id: "o", name: "O", pathSegment: "o",
        users: [
            user("u1", "Ann", "Lee"), user("u2", "Ben", "Cho"), user("u3", "Cara", "Diaz"),
            user("m1", "Dana", "Park", photographer: false)
        ],
        schools: [],
        templates: [fallSports, pictureDay, unused],
        reports: [
            report(
                "r1", 3, month: 9, user: "u1", template: "t1",
                [
                    "job_type": .string("Fall Sports"), "photos_taken": .int(100), "extra_costs": .string("$1,234.50"),
                    "equipment": .array([.string("Camera"), .string("Tripod"), .string("camera")]), "backup": .bool(true),
                    "weather": .string("Sunny, 72°F"), "notes": .string("Fine"), "mileage": .string("10.5 miles")
                ]),
            report(
                "r2", 10, month: 9, user: "u2", template: "t1",
                [
                    "job_type": .string("team photos"), "photos_taken": .string("1,200"), "extra_costs": .double(0.1),
                    "equipment": .array([.string("camera")]), "backup": .string("no"),
                    "weather": .string("Partly Cloudy, 65°F"), "mileage": .string("20.2")
                ]),
            report(
                "r3", 20, month: 9, user: "u1", template: "t1",
                [
                    "job_type": .string("Fall Sports"), "photos_taken": .string("abc"), "extra_costs": .string("0.2"),
                    "equipment": .array([]), "backup": .bool(false),
                    "weather": .string("Sunny, 80°F"), "mileage": .string("5.3 miles")
                ]),
            report(
                "r4", 2, month: 10, user: "u2", template: "t2",
                [
                    "session": .string("Retakes"), "students": .int(40), "makeup": .bool(true),
                    "double_students": .int(999),  // a stale stored result: the page (and stats) show 40 * 2 = 80
                    "weather": .string("Rain"), "mileage": .string("12.0")
                ]),
            report(
                "r5", 15, month: 10, user: "u1", template: "t2",
                [
                    "session": .string("Fall Picture Day"), "students": .int(60), "makeup": .bool(false),
                    "job_type": .string("Retake Day"), "weather": .string("72°F"), "mileage": .string("8.4")
                ]),
            report(
                "r6", 20, month: 10, user: "u2", template: nil, legacy: true,
                [
                    "shootType": .string("events"), "weather": .string("Overcast, 50°F"), "mileage": .string("3.1")
                ]),
            report(
                "r7", 25, month: 10, user: "u1", template: "tGone",
                [
                    "notes": .string("template is gone")
                ])
        ],
        critiques: [
            // c2 is 2024-10-01 04:30 UTC, still Sep 30 in Chicago (UTC-5): a September critique.
            critique("c1", target: "u1", by: "m1", submitterName: "Dana P.", "example", at: at("2024-09-05T15:00:00Z")),
            critique("c2", target: "u1", by: "m2", submitterName: "Eli Ford", "improvement", at: at("2024-10-01T04:30:00Z")),
            critique("c3", target: "u2", by: "m1", submitterName: "Dana P.", "improvement", at: at("2024-10-10T15:00:00Z")),
            critique("c4", target: "u3", by: "m1", submitterName: "Dana P.", "behind-the-scenes", at: at("2024-10-12T15:00:00Z")),
            critique("c5", target: "u2", by: "m2", submitterName: "Eli Ford", "example", status: "draft", at: at("2024-10-13T15:00:00Z")),
            critique("c6", target: "u2", by: "m2", submitterName: "Eli Ford", "example", at: nil),
            critique(
                "c7", target: nil, targetName: "Old Name", by: nil, submitterName: "Former Manager", "example",
                at: at("2024-10-20T15:00:00Z"))
        ])

    func compute() -> (OrganizationStatistics, MileageSummary, [ReportForm]) {
        let (mileage, _) = MileageSummary.compute(for: org, config: SiteConfig.Mileage(ratePerMile: 0.5))
        let byReport = Dictionary(mileage.reports.map { ($0.reportId, $0) }, uniquingKeysWith: { a, _ in a })
        let forms = org.reports.map { ReportForm.build($0, in: org, mileage: byReport[$0.id], timeZone: zone) }
        return (OrganizationStatistics.compute(for: org, mileage: mileage, forms: forms, timeZone: zone), mileage, forms)
    }

    // MARK: - Fixture sanity

    func testFixtureFormsAreAsDescribed() {
        let (_, _, forms) = compute()
        // Only r3 is invalid ("abc" is not a number).
        XCTAssertEqual(forms.map(\.isValid), [true, true, false, true, true, true, true], "\(forms.map(\.problems))")
        XCTAssertEqual(forms[2].problems.map(\.fieldId), ["photos_taken"])
        XCTAssertEqual(forms[5].layout, .legacy)
        XCTAssertEqual(forms[6].layout, .missingTemplate("tGone"))
    }

    // MARK: - Critiques

    func testCritiqueTotalsCountPublishedOnly() {
        let c = compute().0.critiques
        // Published: c1 c2 c3 c4 c6 c7 (c5 is a draft). Good: c1 c6 c7; improvement: c2 c3; other: c4.
        XCTAssertEqual(c.total, 6)
        XCTAssertEqual(c.good, 3)
        XCTAssertEqual(c.improvement, 2)
        XCTAssertEqual(c.other, 1)
        XCTAssertEqual(c.undated, 1)  // c6
    }

    func testCritiquesPerPhotographer() {
        let p = compute().0.critiques.photographers
        XCTAssertEqual(Set(p.keys), ["u1", "u2", "u3", "Old Name"])
        // u1: c1 good, c2 improvement.
        XCTAssertEqual(p["u1"], PersonCritiques(name: "Ann Lee", total: 2, good: 1, improvement: 1, other: 0))
        // u2: c3 improvement, c6 good (undated still counts here); c5 is a draft.
        XCTAssertEqual(p["u2"], PersonCritiques(name: "Ben Cho", total: 2, good: 1, improvement: 1, other: 0))
        XCTAssertEqual(p["u3"], PersonCritiques(name: "Cara Diaz", total: 1, good: 0, improvement: 0, other: 1))
        // c7 names its photographer only by name: keyed by that name.
        XCTAssertEqual(p["Old Name"], PersonCritiques(name: "Old Name", total: 1, good: 1, improvement: 0, other: 0))
    }

    func testCritiquesPerManager() {
        let m = compute().0.critiques.managers
        XCTAssertEqual(Set(m.keys), ["m1", "m2", "Former Manager"])
        // m1 is a user: the user's name wins over the stored "Dana P.". c1 good, c3 improvement, c4 other.
        XCTAssertEqual(m["m1"], PersonCritiques(name: "Dana Park", total: 3, good: 1, improvement: 1, other: 1))
        // m2 is no user: the stored name. c2 improvement, c6 good (c5 draft left out).
        XCTAssertEqual(m["m2"], PersonCritiques(name: "Eli Ford", total: 2, good: 1, improvement: 1, other: 0))
        XCTAssertEqual(m["Former Manager"], PersonCritiques(name: "Former Manager", total: 1, good: 1, improvement: 0, other: 0))
    }

    func testCritiquesPerMonthInTheZone() {
        let s = compute().0
        // September: c1, and c2 (Sep 30 in Chicago although Oct 1 in UTC).
        let sep = s.months["2024-09"]!.critiques
        XCTAssertEqual([sep.total, sep.good, sep.improvement, sep.other, sep.undated], [2, 1, 1, 0, 0])
        XCTAssertEqual(sep.photographers, ["u1": PersonCritiques(name: "Ann Lee", total: 2, good: 1, improvement: 1)])
        XCTAssertEqual(
            sep.managers,
            [
                "m1": PersonCritiques(name: "Dana Park", total: 1, good: 1),
                "m2": PersonCritiques(name: "Eli Ford", total: 1, improvement: 1)
            ])
        // October: c3 improvement, c4 other, c7 good (c5 draft, c6 undated: in no month).
        let oct = s.months["2024-10"]!.critiques
        XCTAssertEqual([oct.total, oct.good, oct.improvement, oct.other], [3, 1, 1, 1])
        XCTAssertEqual(oct.photographers["u2"], PersonCritiques(name: "Ben Cho", total: 1, improvement: 1))
        XCTAssertNil(oct.photographers["u1"])
        // Months add up to the total minus the undated one: 2 + 3 = 6 - 1.
        XCTAssertEqual(s.months.values.reduce(0) { $0 + $1.critiques.total }, s.critiques.total - s.critiques.undated)
    }

    // MARK: - Reports

    func testReportTotalsAndPerMonth() {
        let s = compute().0
        XCTAssertEqual(s.reports.total, 7)
        XCTAssertEqual(s.reports.invalid, 1)  // r3
        XCTAssertEqual(s.monthKeys, ["2024-09", "2024-10"])
        // September r1 r2 r3 (r3 invalid); October r4 r5 r6 r7.
        XCTAssertEqual(s.months["2024-09"]!.reports.total, 3)
        XCTAssertEqual(s.months["2024-09"]!.reports.invalid, 1)
        XCTAssertEqual(s.months["2024-10"]!.reports.total, 4)
        XCTAssertEqual(s.months["2024-10"]!.reports.invalid, 0)
    }

    func testReportsPerPhotographer() {
        let s = compute().0
        // u1: r1 r3 r5 r7 (r3 invalid); u2: r2 r4 r6.
        XCTAssertEqual(
            s.reports.photographers,
            [
                "u1": PhotographerReports(name: "Ann Lee", reports: 4, invalid: 1),
                "u2": PhotographerReports(name: "Ben Cho", reports: 3, invalid: 0)
            ])
        XCTAssertEqual(
            s.months["2024-09"]!.reports.photographers,
            [
                "u1": PhotographerReports(name: "Ann Lee", reports: 2, invalid: 1),  // r1, r3
                "u2": PhotographerReports(name: "Ben Cho", reports: 1, invalid: 0)  // r2
            ])
        XCTAssertEqual(
            s.months["2024-10"]!.reports.photographers,
            [
                "u1": PhotographerReports(name: "Ann Lee", reports: 2, invalid: 0),  // r5, r7
                "u2": PhotographerReports(name: "Ben Cho", reports: 2, invalid: 0)  // r4, r6
            ])
    }

    func testReportsPerTemplate() {
        let s = compute().0
        XCTAssertEqual(
            s.reports.templates,
            [
                "t1": TemplateReports(name: "Fall Sports Report", kind: "template", reports: 3, invalid: 1),  // r1 r2 r3
                "t2": TemplateReports(name: "Picture Day Report", kind: "template", reports: 2, invalid: 0),  // r4 r5
                "__legacy__": TemplateReports(name: "Legacy (no template)", kind: "legacy", reports: 1, invalid: 0),  // r6
                "tGone": TemplateReports(name: "Old Form", kind: "missing-template", reports: 1, invalid: 0)  // r7
            ])
        XCTAssertEqual(OrganizationStatistics.Key.legacy, "__legacy__")
        XCTAssertEqual(Set(s.months["2024-10"]!.reports.templates.keys), ["t2", "__legacy__", "tGone"])
    }

    /// A stored code reads as words, and counts with the choice that reads the same.
    func testAShootTypeCodeReadsAsWords() {
        XCTAssertEqual(ShootType.label("picture_day"), "Picture Day")
        XCTAssertEqual(ShootType.label("fall-sports"), "Fall Sports")
        XCTAssertEqual(ShootType.label("events"), "Events")
        XCTAssertEqual(ShootType.label("Fall Sports"), "Fall Sports")
        XCTAssertEqual(ShootType.label("RETAKES"), "RETAKES")
    }

    func testReportsPerJobType() {
        let s = compute().0
        // r1 r3 "Fall Sports"; r2 "team photos" → the option's spelling "Team Photos"; r4 has no job_type → t2's
        // shootType "picture_day", read "Picture Day"; r5's own job_type "Retake Day" wins over t2's shootType; r6
        // (legacy) its own shootType "events", read "Events"; r7 (missing template) nothing.
        XCTAssertEqual(s.reports.jobTypes, ["Fall Sports": 2, "Team Photos": 1, "Picture Day": 1, "Retake Day": 1, "Events": 1])
        XCTAssertEqual(s.reports.withoutJobType, 1)
        XCTAssertEqual(s.months["2024-09"]!.reports.jobTypes, ["Fall Sports": 2, "Team Photos": 1])
        XCTAssertEqual(s.months["2024-10"]!.reports.withoutJobType, 1)
    }

    // MARK: - Fields

    func testNumericFieldStatistics() {
        let t1 = compute().0.fields["t1"]!
        XCTAssertEqual(t1.name, "Fall Sports Report")
        XCTAssertEqual(t1.reports, 3)
        XCTAssertEqual(t1.fieldOrder, ["job_type", "photos_taken", "extra_costs", "equipment", "backup", "weather", "notes"])
        // photos_taken: 100, "1,200" → 1200; "abc" is filled but no number. Sum 1300, mean 650.
        let photos = t1.fields["photos_taken"]!
        XCTAssertEqual(photos.label, "photos_taken")
        XCTAssertEqual(photos.type, "number")
        XCTAssertEqual(photos.filled, 3)
        XCTAssertEqual(photos.numeric, NumericStatistics(count: 2, sum: 1300, mean: 650, min: 100, max: 1200))
        XCTAssertNil(photos.options)
        // extra_costs: "$1,234.50" → 1234.5, 0.1, "0.2" → 0.2. 1234.5 + 0.1 + 0.2 is 1234.8000000000002 in binary,
        // written 1234.8; mean 1234.8 / 3 = 411.6.
        XCTAssertEqual(t1.fields["extra_costs"]!.numeric, NumericStatistics(count: 3, sum: 1234.8, mean: 411.6, min: 0.1, max: 1234.5))
        XCTAssertEqual(t1.fields["extra_costs"]!.filled, 3)
    }

    func testCalculationStatisticsUseTheShownResult() {
        let t2 = compute().0.fields["t2"]!
        XCTAssertEqual(t2.reports, 2)
        // students * 2: r4 80 (not its stale stored 999), r5 120 (nothing stored). Sum 200, mean 100.
        let calc = t2.fields["double_students"]!
        XCTAssertEqual(calc.type, "calculation")
        XCTAssertEqual(calc.numeric, NumericStatistics(count: 2, sum: 200, mean: 100, min: 80, max: 120))
        XCTAssertEqual(calc.filled, 1)  // only r4 stored a value
        XCTAssertEqual(t2.fields["students"]!.numeric, NumericStatistics(count: 2, sum: 100, mean: 50, min: 40, max: 60))
    }

    func testOptionFieldStatistics() {
        let s = compute().0
        let t1 = s.fields["t1"]!
        // job_type: r1 r3 Fall Sports, r2 team photos → Team Photos; Picture Day never chosen (listed with 0).
        XCTAssertEqual(t1.fields["job_type"]!.options, ["Fall Sports": 2, "Team Photos": 1, "Picture Day": 0])
        XCTAssertEqual(t1.fields["job_type"]!.filled, 3)
        XCTAssertNil(t1.fields["job_type"]!.numeric)
        // equipment: r1 [Camera, Tripod, camera] counts Camera once; r2 [camera] → Camera; r3 [] is blank.
        XCTAssertEqual(t1.fields["equipment"]!.options, ["Camera": 2, "Tripod": 1, "Flash": 0])
        XCTAssertEqual(t1.fields["equipment"]!.filled, 2)
        // backup: r1 true → Yes, r2 "no" → No, r3 false → No (false is a value, so filled).
        XCTAssertEqual(t1.fields["backup"]!.options, ["Yes": 1, "No": 2])
        XCTAssertEqual(t1.fields["backup"]!.filled, 3)
        let t2 = s.fields["t2"]!
        XCTAssertEqual(t2.fields["session"]!.options, ["Fall Picture Day": 1, "Retakes": 1])
        XCTAssertEqual(t2.fields["makeup"]!.options, ["Yes": 1, "No": 1])
    }

    /// Option counts are the same whether a stored value was met before or not, past the number of values
    /// the tally remembers (256 per field): 1,200 reports, 290 distinct values met two to three times each,
    /// and the template's options in other spellings (" team photos ", "FALL SPORTS") in between.
    func testOptionCountsPastTheRememberedValues() {
        var many = org
        var expected: [String: Int] = [:]
        many.reports = (0..<1_200).map { i in
            let value: String
            switch i % 4 {
            case 0: value = " team photos "
            case 1: value = "FALL SPORTS"
            default:
                value = "Other \(i * 7 % 290)"
                expected[value, default: 0] += 1
            }
            return report(
                DocumentID("m\(i)"), 1 + i % 28, month: 9, user: "u1", template: "t1",
                ["job_type": .string(value), "backup": .bool(i % 3 == 0)])
        }
        XCTAssertGreaterThan(expected.count, 256, "more values than the tally remembers")
        let (mileage, _) = MileageSummary.compute(for: many, config: SiteConfig.Mileage(ratePerMile: 0.5))
        let forms = many.reports.map { ReportForm.build($0, in: many, mileage: nil, timeZone: zone) }
        let fields = OrganizationStatistics.compute(for: many, mileage: mileage, forms: forms, timeZone: zone).fields["t1"]!.fields
        let options = fields["job_type"]!.options!
        XCTAssertEqual(options["Team Photos"], 300)
        XCTAssertEqual(options["Fall Sports"], 300)
        XCTAssertEqual(options["Picture Day"], 0)
        XCTAssertEqual(options.filter { $0.key.hasPrefix("Other ") }, expected)
        XCTAssertEqual(options.count, 3 + expected.count)
        XCTAssertEqual(fields["backup"]!.options!, ["Yes": 400, "No": 800])
    }

    func testFilledCountsOfOtherFields() {
        let s = compute().0
        XCTAssertEqual(s.fields["t1"]!.fields["notes"], FieldStatistics(label: "notes", type: "textarea", filled: 1, numeric: nil, options: nil))
        XCTAssertEqual(s.fields["t1"]!.fields["weather"]!.filled, 3)
        XCTAssertEqual(s.fields["t2"]!.fields["weather"]!.filled, 2)
        // Every template is listed, used or not; an unused number field has count 0 and no mean/min/max.
        XCTAssertEqual(
            s.fields["t3"],
            TemplateFieldStatistics(
                name: "Unused", reports: 0, fieldOrder: ["count"],
                fields: [
                    "count": FieldStatistics(
                        label: "count", type: "number", filled: 0,
                        numeric: NumericStatistics(count: 0, sum: 0, mean: nil, min: nil, max: nil), options: nil)
                ]))
        // Legacy and missing-template reports have no field statistics.
        XCTAssertEqual(Set(s.fields.keys), ["t1", "t2", "t3"])
    }

    // MARK: - Weather

    func testWeather() {
        let s = compute().0
        // Readings: r1 Sunny 72, r2 Partly Cloudy 65, r3 Sunny 80, r4 Rain, r5 72 (no condition), r6 Overcast 50.
        // Temperatures 72 + 65 + 80 + 72 + 50 = 339 over 5 = 67.8.
        XCTAssertEqual(
            s.weather,
            WeatherStatistics(
                readings: 6, conditions: ["Sunny": 2, "Partly Cloudy": 1, "Rain": 1, "Overcast": 1],
                temperatureReadings: 5, meanFahrenheit: 67.8, minFahrenheit: 50, maxFahrenheit: 80))
        // September: 72 + 65 + 80 = 217 over 3 = 72.333… → 72.33.
        XCTAssertEqual(
            s.months["2024-09"]!.weather,
            WeatherStatistics(
                readings: 3, conditions: ["Sunny": 2, "Partly Cloudy": 1],
                temperatureReadings: 3, meanFahrenheit: 72.33, minFahrenheit: 65, maxFahrenheit: 80))
        // October: r4 Rain, r5 72, r6 Overcast 50 → (72 + 50) / 2 = 61.
        XCTAssertEqual(
            s.months["2024-10"]!.weather,
            WeatherStatistics(
                readings: 3, conditions: ["Rain": 1, "Overcast": 1],
                temperatureReadings: 2, meanFahrenheit: 61, minFahrenheit: 50, maxFahrenheit: 72))
    }

    // MARK: - Mileage

    func testMileageIsCopiedFromTheSummary() {
        let (s, summary, _) = compute()
        // Hand totals: Sep 10.5 + 20.2 + 5.3 = 36.0 (3 reports, $18.00); Oct 12.0 + 8.4 + 3.1 + 0 = 23.5 (4, $11.75).
        XCTAssertEqual(s.mileage.miles, 59.5)
        XCTAssertEqual(s.mileage.reports, 7)
        XCTAssertEqual(s.mileage.reimbursement, Cents(2975))
        XCTAssertEqual(s.mileage.ratePerMile, 0.5)
        XCTAssertEqual(s.mileage.unit, "mi")
        // u1: Sep 10.5 + 5.3 = 15.8, Oct 8.4 + 0 = 8.4 → 24.2 mi, 4 reports, $7.90 + $4.20 = $12.10.
        XCTAssertEqual(
            s.mileage.photographers["u1"], PhotographerMileageStatistics(name: "Ann Lee", miles: 24.2, reports: 4, reimbursement: Cents(1210)))
        // u2: Sep 20.2, Oct 12.0 + 3.1 = 15.1 → 35.3 mi, 3 reports, $10.10 + $7.55 = $17.65.
        XCTAssertEqual(
            s.mileage.photographers["u2"], PhotographerMileageStatistics(name: "Ben Cho", miles: 35.3, reports: 3, reimbursement: Cents(1765)))

        // The same numbers as the summary, month by month and photographer by photographer.
        XCTAssertEqual(s.mileage.miles, summary.totalMiles)
        for m in summary.months {
            let month = s.month(m.month).mileage
            XCTAssertEqual(month.miles, m.miles)
            XCTAssertEqual(month.reports, m.reports)
            XCTAssertEqual(month.reimbursement, m.reimbursement)
        }
        for p in summary.photographers {
            XCTAssertEqual(s.mileage.photographers[p.photographerId]?.miles, p.totalMiles)
            for m in p.months {
                XCTAssertEqual(
                    s.month(m.month).mileage.photographers[p.photographerId],
                    PhotographerMileageStatistics(name: p.name, miles: m.miles, reports: m.reports, reimbursement: m.reimbursement))
            }
        }
        XCTAssertEqual(s.month("2024-09").mileage.miles, 36.0)
        XCTAssertEqual(s.month("2024-10").mileage.reimbursement, Cents(1175))
    }

    // MARK: - Month slice

    func testMonthSlice() throws {
        let s = compute().0
        let oct = s.month("2024-10")
        XCTAssertEqual(oct, s.months["2024-10"])
        XCTAssertEqual(oct.month, "2024-10")
        XCTAssertEqual(oct.reports.total, 4)
        XCTAssertEqual(oct.critiques.total, 3)
        XCTAssertEqual(oct.weather.readings, 3)
        XCTAssertEqual(oct.mileage.photographers.keys.sorted(), ["u1", "u2"])
        // The slice stands on its own: it round-trips through JSON.
        let data = try JSONEncoder().encode(oct)
        XCTAssertEqual(try JSONDecoder().decode(MonthStatistics.self, from: data), oct)

        // A month without data is all zeros, not missing; with a rate, no money owed is 0, not null.
        let empty = s.month("2023-01")
        XCTAssertEqual(empty.reports.total, 0)
        XCTAssertEqual(empty.critiques.total, 0)
        XCTAssertEqual(empty.weather.readings, 0)
        XCTAssertNil(empty.weather.meanFahrenheit)
        XCTAssertEqual(empty.mileage.miles, 0)
        XCTAssertEqual(empty.mileage.reimbursement, .zero)
        XCTAssertEqual(empty.mileage.ratePerMile, 0.5)
    }

    // MARK: - JSON

    func encode(_ s: OrganizationStatistics) throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return try encoder.encode(s)
    }

    func testDeterministicJSON() throws {
        let first = try encode(compute().0)
        // A second computation from scratch (fresh dictionaries, fresh hashing) gives the same bytes.
        let second = try encode(compute().0)
        XCTAssertEqual(first, second)
        let decoded = try JSONDecoder().decode(OrganizationStatistics.self, from: first)
        XCTAssertEqual(decoded, compute().0)
        XCTAssertEqual(try encode(decoded), first)

        let text = String(decoding: first, as: UTF8.self)
        // Sums are written without binary noise, and absent values as null.
        XCTAssertTrue(text.contains("\"sum\" : 1234.8\n"), text)
        XCTAssertFalse(text.contains("1234.8000"))
        XCTAssertTrue(text.contains("\"mean\" : null"))
        XCTAssertTrue(text.contains("\"timeZone\" : \"America/Chicago\""))
    }

    func testNoRateWritesNullReimbursement() throws {
        let (mileage, _) = MileageSummary.compute(for: org, config: SiteConfig.Mileage())
        let s = OrganizationStatistics.compute(for: org, mileage: mileage, forms: [], timeZone: zone)
        XCTAssertNil(s.mileage.reimbursement)
        XCTAssertNil(s.month("2024-09").mileage.reimbursement)
        let text = String(decoding: try encode(s), as: UTF8.self)
        XCTAssertTrue(text.contains("\"ratePerMile\" : null"))
        XCTAssertTrue(text.contains("\"reimbursement\" : null"))
        // Without forms, reports count as valid and without weather; the rest is unchanged.
        XCTAssertEqual(s.reports.total, 7)
        XCTAssertEqual(s.reports.invalid, 0)
        XCTAssertEqual(s.weather.readings, 0)
        XCTAssertEqual(s.reports.templates["tGone"]?.kind, "missing-template")
    }
}

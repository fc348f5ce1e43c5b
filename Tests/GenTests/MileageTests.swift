import GenCompute
import GenModel
import GenResolve
import XCTest

final class MileageTests: XCTestCase {
    let src = DocumentSource(file: "export/x.json", collection: "dailyJobReports", documentID: "r1")

    func org(users: [User]? = nil, schools: [School]? = nil, reports: [DailyJobReport] = [], templates: [ReportTemplate] = []) -> Organization {
        let s = DocumentSource(file: "f", collection: "c", documentID: "d")
        return Organization(
            id: "o", name: "O", pathSegment: "o",
            users: users ?? [
                User(
                    id: "u1", organizationID: "o", firstName: "Ann", lastName: "Lee", isPhotographer: true,
                    userCoordinates: "37.7306, -88.9331", source: s)
            ],
            schools: schools ?? [
                School(id: "sA", organizationID: "o", value: "Adams School - Marion", coordinates: "37.7334,-88.9337", source: s),
                School(id: "sB", organizationID: "o", value: "Herrin High School", coordinates: "37.8106,-89.0276", source: s),
                School(id: "sN", organizationID: "o", value: "No Coordinates Elementary", coordinates: nil, source: s)
            ],
            templates: templates, reports: reports, critiques: [])
    }

    func report(_ fields: [String: FirestoreValue], user: DocumentID? = "u1", date: LocalDate = LocalDate(year: 2024, month: 9, day: 3))
        -> DailyJobReport
    {
        DailyJobReport(id: "r1", organizationID: "o", userId: user, date: date, fields: fields, source: src)
    }

    func compute(_ r: DailyJobReport, in o: Organization? = nil) -> (ReportMileage, [Diagnostic]) {
        MileageCalculator(averageSpeedKmh: 50).compute(r, in: o ?? org())
    }

    // MARK: - Haversine

    func testHaversineKnownDistances() {
        // One degree along a meridian or the equator is 2πR/360 with R = 3958.8 miles.
        let degree = 2 * Double.pi * 3958.8 / 360
        XCTAssertEqual(Haversine.miles(GeoPoint(latitude: 0, longitude: 0), GeoPoint(latitude: 1, longitude: 0)), degree, accuracy: 1e-9)
        XCTAssertEqual(Haversine.miles(GeoPoint(latitude: 0, longitude: 0), GeoPoint(latitude: 0, longitude: 1)), degree, accuracy: 1e-9)
        // LAX → JFK: about 2,470 miles great-circle.
        let lax = GeoPoint(latitude: 33.9425, longitude: -118.4081), jfk = GeoPoint(latitude: 40.6397, longitude: -73.7789)
        XCTAssertEqual(Haversine.miles(lax, jfk), 2469.48, accuracy: 0.01)
        XCTAssertEqual(Haversine.miles(jfk, lax), Haversine.miles(lax, jfk), accuracy: 1e-9)
        XCTAssertEqual(Haversine.miles(lax, lax), 0)
        // Antipodes: half the circumference.
        XCTAssertEqual(Haversine.miles(GeoPoint(latitude: 0, longitude: 0), GeoPoint(latitude: 0, longitude: 180)), .pi * 3958.8, accuracy: 1e-6)
    }

    func testCoordinatesParsing() {
        XCTAssertEqual(GeoPoint(coordinates: "38.321991,-88.867400"), GeoPoint(latitude: 38.321991, longitude: -88.8674))
        XCTAssertEqual(GeoPoint(coordinates: " 38.3 , -88.8 "), GeoPoint(latitude: 38.3, longitude: -88.8))
        XCTAssertNil(GeoPoint(coordinates: "91,0"))
        XCTAssertNil(GeoPoint(coordinates: "0,181"))
        XCTAssertNil(GeoPoint(coordinates: "38.3"))
        XCTAssertNil(GeoPoint(coordinates: "abc,def"))
        XCTAssertNil(GeoPoint(coordinates: "1,2,3"))
        XCTAssertNotNil(GeoPoint(coordinates: "-90,180"))
    }

    // MARK: - Routes

    func testRouteHomeSchoolsHome() {
        let (m, warnings) = compute(report(["schools_visited": .array([.string("Adams School - Marion"), .string("Herrin High School")])]))
        XCTAssertEqual(m.legs.map(\.from), ["Home", "Adams School - Marion", "Herrin High School"])
        XCTAssertEqual(m.legs.map(\.to), ["Adams School - Marion", "Herrin High School", "Home"])
        XCTAssertEqual(m.legs.map(\.miles), [0.2, 7.4, 7.6])
        XCTAssertEqual(m.computedMiles, 15.2)  // 15.158… rounded once, from the unrounded legs
        XCTAssertEqual(m.miles, 15.2)
        XCTAssertEqual(m.source, .computed)
        XCTAssertEqual(m.schools, ["Adams School - Marion", "Herrin High School"])
        XCTAssertTrue(warnings.isEmpty, "\(warnings)")
        // 7.3995 mi = 11.908 km at 50 km/h = 14.3 min.
        XCTAssertEqual(m.legs[1].minutes, 14)
    }

    /// The one stops rule (`RouteStops`): which names become stops, in which order, and the legs home → each stop
    /// → home, which the calculator's legs follow.
    func testRouteStopsAreTheSchoolsWithCoordinatesInOrderRepeatsKept() {
        let s = DocumentSource(file: "f", collection: "c", documentID: "d")
        let bad = School(id: "sX", organizationID: "o", value: "Bad Coordinates", coordinates: "91,0", source: s)
        let o = org(schools: org().schools + [bad])
        let names = ["sB", "Nowhere", "No Coordinates Elementary", " adams school - marion ", "Bad Coordinates", "Herrin High School"]
        let route = RouteStops(names, in: o)
        let outcomes = route.outcomes.map { outcome -> String in
            switch outcome {
            case .stop(let stop): return "stop \(stop.school.id)"
            case .unknown(let name): return "unknown \(name)"
            case .withoutCoordinates(let school): return "no point \(school.id)"
            }
        }
        XCTAssertEqual(outcomes, ["stop sB", "unknown Nowhere", "no point sN", "stop sA", "no point sX", "stop sB"])
        XCTAssertEqual(route.stops.map(\.school.id), ["sB", "sA", "sB"])
        XCTAssertEqual(route.stops[1].point, GeoPoint(latitude: 37.7334, longitude: -88.9337))
        // Home → each stop → home; nil is home. No stop, no leg.
        let ends = RouteStops.legs(["a", "b"]).map { "\($0.from ?? "home")-\($0.to ?? "home")" }
        XCTAssertEqual(ends, ["home-a", "a-b", "b-home"])
        XCTAssertTrue(RouteStops.legs([String]()).isEmpty)
        XCTAssertTrue(RouteStops(["Nowhere", "sN"], in: o).legs.isEmpty)
        // The calculator's legs are these legs, by name.
        let (m, _) = compute(report(["schools_visited": .array(names.map { .string($0) })]), in: o)
        XCTAssertEqual(m.legs.map(\.from), route.legs.map { $0.from?.school.value ?? RouteStops.home })
        XCTAssertEqual(m.legs.map(\.to), route.legs.map { $0.to?.school.value ?? RouteStops.home })
        XCTAssertEqual(m.legs.map(\.to), ["Herrin High School", "Adams School - Marion", "Herrin High School", "Home"])
    }

    func testSchoolsMatchByIdAndCaseFoldedName() {
        let (m, _) = compute(report(["schools_visited": .array([.string("  adams school - MARION "), .string("sB")])]))
        XCTAssertEqual(m.legs.map(\.to), ["Adams School - Marion", "Herrin High School", "Home"])
        XCTAssertEqual(m.computedMiles, 15.2)
    }

    func testSchoolNameSmartFieldIsTheFallbackSource() {
        let (m, _) = compute(report(["school_name": .string("Adams School - Marion, Herrin High School")]))
        XCTAssertEqual(m.computedMiles, 15.2)
        XCTAssertEqual(m.schools, ["Adams School - Marion", "Herrin High School"])
    }

    func testSchoolNameFieldOfTheTemplateIsUsed() {
        let t = ReportTemplate(
            id: "t", organizationID: "o", name: "T",
            fields: [
                TemplateField(id: "where_we_went", type: "school_name", label: "Schools")
            ], source: src)
        var r = report(["where_we_went": .string("Herrin High School")])
        r.templateId = "t"
        let (m, _) = compute(r, in: org(templates: [t]))
        XCTAssertEqual(m.schools, ["Herrin High School"])
        XCTAssertEqual(m.legs.count, 2)
    }

    func testSchoolNameWithACommaStaysOneSchool() {
        let s = DocumentSource(file: "f", collection: "schools", documentID: "x")
        let o = org(schools: [School(id: "s1", organizationID: "o", value: "Adams School, Marion", coordinates: "37.7334,-88.9337", source: s)])
        let (m, warnings) = compute(report(["school_name": .string("Adams School, Marion")]), in: o)
        XCTAssertEqual(m.schools, ["Adams School, Marion"])
        XCTAssertTrue(warnings.isEmpty, "\(warnings)")
    }

    func testNoSourceOfSchoolsGivesNullComputed() {
        let (m, warnings) = compute(report(["mileage": .string("24.8 miles")]))
        XCTAssertNil(m.computedMiles)
        XCTAssertEqual(m.recordedMiles, 24.8)
        XCTAssertEqual(m.miles, 24.8)
        XCTAssertEqual(m.source, .recorded)
        XCTAssertEqual(m.flags, [.noSchools])
        XCTAssertTrue(warnings.contains { $0.field == "schools_visited" && $0.documentID == "r1" })
    }

    func testEmptyListGivesZero() {
        let (m, _) = compute(report(["schools_visited": .array([])]))
        XCTAssertEqual(m.computedMiles, 0)
        XCTAssertEqual(m.legs, [])
        XCTAssertEqual(m.source, .computed)
    }

    func testMissingOrInvalidHomeGivesNullComputed() {
        let s = DocumentSource(file: "export/users.json", collection: "users", documentID: "u1")
        for (coords, expected) in [(nil as String?, "missing"), ("91.5,-88.9", "is not"), ("home", "is not")] {
            let o = org(users: [User(id: "u1", organizationID: "o", userCoordinates: coords, source: s)])
            let (m, warnings) = compute(report(["schools_visited": .array([.string("sA")])]), in: o)
            XCTAssertNil(m.computedMiles)
            XCTAssertEqual(m.flags, [.noHome])
            XCTAssertEqual(m.source, .none)
            XCTAssertEqual(m.miles, 0)
            let w = warnings.first { $0.field == "userCoordinates" }
            XCTAssertEqual(w?.documentID, "u1")
            XCTAssertEqual(w?.file, "export/users.json")
            XCTAssertTrue(w?.message.contains(expected) ?? false, "\(String(describing: w))")
        }
        // No user at all.
        let (m, warnings) = compute(report(["schools_visited": .array([.string("sA")])], user: "ghost"))
        XCTAssertNil(m.computedMiles)
        XCTAssertTrue(warnings.contains { $0.field == "userId" })
    }

    func testUnknownSchoolAndSchoolWithoutCoordinatesAreSkippedAndRouteContinues() {
        let (m, warnings) = compute(
            report([
                "schools_visited": .array([
                    .string("Adams School - Marion"), .string("Nowhere Academy"), .string("No Coordinates Elementary"), .string("Herrin High School")
                ])
            ]))
        XCTAssertEqual(m.legs.map(\.to), ["Adams School - Marion", "Herrin High School", "Home"])
        XCTAssertEqual(m.computedMiles, 15.2)
        XCTAssertEqual(Set(m.flags), [.unknownSchool, .schoolWithoutCoordinates])
        XCTAssertTrue(warnings.contains { $0.message.contains("Nowhere Academy") && $0.field == "schools_visited" })
        XCTAssertTrue(warnings.contains { $0.message.contains("No Coordinates Elementary") })
    }

    // MARK: - Recorded mileage

    func testRecordedMileageParsing() {
        for (value, expected) in [
            (FirestoreValue.string("24.8 miles"), 24.8), (.string("24.8"), 24.8), (.string("0 miles"), 0),
            (.int(12), 12), (.double(3.5), 3.5), (.string(" 1,204.5 mi "), 1204.5)
        ] {
            let (m, _) = compute(report(["mileage": value]))
            XCTAssertEqual(m.recordedMiles, expected, "\(value)")
        }
        let (m, warnings) = compute(report(["mileage": .string("about twenty")]))
        XCTAssertNil(m.recordedMiles)
        XCTAssertTrue(warnings.contains { $0.field == "mileage" && $0.message.contains("about twenty") })
        XCTAssertNil(compute(report([:])).0.recordedMiles)
    }

    func testRecordedMileageComesFromTheTemplatesMileageField() {
        let t = ReportTemplate(
            id: "t", organizationID: "o", name: "T",
            fields: [
                TemplateField(id: "mileage_calc", type: "mileage", label: "Round Trip Mileage")
            ], source: src)
        var r = report(["mileage_calc": .string("31.0 miles"), "schools_visited": .array([])])
        r.templateId = "t"
        XCTAssertEqual(compute(r, in: org(templates: [t])).0.recordedMiles, 31.0)
    }

    func testNoMileageAtAll() {
        let (m, _) = compute(report([:]))
        XCTAssertNil(m.computedMiles)
        XCTAssertNil(m.recordedMiles)
        XCTAssertEqual(m.miles, 0)
        XCTAssertEqual(m.source, .none)
    }

    func testDiscrepancyNeedsMoreThanTenPercentAndMoreThanOneMile() {
        let schools = FirestoreValue.array([.string("Adams School - Marion"), .string("Herrin High School")])  // 15.2
        func flags(_ recorded: String) -> [MileageFlag] { compute(report(["schools_visited": schools, "mileage": .string(recorded)])).0.flags }
        XCTAssertEqual(flags("20.0 miles"), [.discrepancy])  // +4.8 mi, 32%
        XCTAssertEqual(flags("10 miles"), [.discrepancy])
        XCTAssertEqual(flags("16.5"), [])  // +1.3 mi but 8.6%
        XCTAssertEqual(flags("15.2 miles"), [])
        // Short trip: 0.4 mi computed; recorded 1.2 is +200% but only 0.8 mi.
        let short = FirestoreValue.array([.string("Adams School - Marion")])
        XCTAssertEqual(compute(report(["schools_visited": short, "mileage": .string("1.2")])).0.flags, [])
        XCTAssertEqual(compute(report(["schools_visited": short, "mileage": .string("1.5")])).0.flags, [.discrepancy])
    }

    /// `mileage.discrepancyPercent` and `discrepancyMiles` move both limits; the rule's words name them.
    func testDiscrepancyToleranceIsConfigurable() {
        let schools = FirestoreValue.array([.string("Adams School - Marion"), .string("Herrin High School")])  // 15.2
        func flags(_ recorded: String, _ tolerance: MileageTolerance) -> [MileageFlag] {
            MileageCalculator(averageSpeedKmh: 50, tolerance: tolerance)
                .compute(report(["schools_visited": schools, "mileage": .string(recorded)]), in: org()).0.flags
        }
        let loose = MileageTolerance(percent: 50, miles: 5)
        XCTAssertEqual(flags("20.0 miles", loose), [])  // +4.8 mi, 32%: within both
        XCTAssertEqual(flags("25.0 miles", loose), [.discrepancy])  // +9.8 mi, 64%
        let strict = MileageTolerance(percent: 5, miles: 0.5)
        XCTAssertEqual(flags("16.5", strict), [.discrepancy])  // +1.3 mi, 8.6%
        XCTAssertEqual(flags("15.8", strict), [])  // +0.6 mi but 3.9%
        // Exactly at a limit is no discrepancy: "more than".
        XCTAssertFalse(MileageTolerance(percent: 10, miles: 1).isExceeded(recorded: 22, computed: 20))
        XCTAssertTrue(MileageTolerance(percent: 10, miles: 1).isExceeded(recorded: 22.1, computed: 20))
        XCTAssertEqual(MileageTolerance().words, "more than 10% and more than 1 mile")
        XCTAssertEqual(MileageTolerance(percent: 12.5, miles: 2).words, "more than 12.5% and more than 2 miles")
        XCTAssertEqual(MileageCalculator(SiteConfig.Mileage(discrepancyPercent: 50, discrepancyMiles: 5)).tolerance, loose)
    }

    /// Every page that flags a discrepancy states the configured rule, not the default one.
    func testPagesStateTheConfiguredTolerance() async throws {
        let site = try TestSite()
        defer { site.remove() }
        try site.write("site.yml", "mileage:\n  discrepancyPercent: 50\n  discrepancyMiles: 5\n")
        try site.writeCollection("users", [Doc.user("u1", org: "o", first: "Ann", last: "Lee")])
        try site.writeCollection("schools", [Doc.school("s1", org: "o", name: "Adams School")])
        try site.writeCollection("reportTemplates", [Doc.template(org: "o")])
        // The route is 0.4 miles; 9 recorded is 8.6 more: beyond 50% and 5 miles.
        try site.writeCollection(
            "dailyJobReports", [Doc.report("r1", org: "o", user: "u1", extra: ["schools_visited": ["Adams School"], "mileage": "9.0 miles"])])
        try await site.build()
        let rule = "more than 50% and more than 5 miles"
        let mileage = try XCTUnwrap(TestSite.files(under: site.output).first { $0.hasPrefix("o/mileage/") && !$0.hasSuffix("index.html") })
        for page in ["o/reports/report/r1.html", "o/reports/report/r1.md", "o/schools/s1.html", mileage, "o/stats/data-quality.html"] {
            let text = try site.text(page)
            XCTAssertTrue(text.contains(rule), page)
            XCTAssertFalse(text.contains("10%"), page)
        }
    }

    // MARK: - Summaries

    func testMonthlyTotalsPerPhotographerAndOrganization() {
        let s = DocumentSource(file: "f", collection: "users", documentID: "u")
        let users = [
            User(id: "u1", organizationID: "o", firstName: "Ann", lastName: "Lee", userCoordinates: "37.7306,-88.9331", source: s),
            User(id: "u2", organizationID: "o", firstName: "Bo", lastName: "Ray", userCoordinates: "37.7306,-88.9331", source: s)
        ]
        func r(_ id: DocumentID, _ user: DocumentID, _ month: Int, _ day: Int, _ recorded: String) -> DailyJobReport {
            DailyJobReport(
                id: id, organizationID: "o", userId: user, date: LocalDate(year: 2024, month: month, day: day),
                fields: ["mileage": .string(recorded)], source: src)
        }
        let reports = [r("a", "u1", 9, 3, "0.1"), r("b", "u1", 9, 4, "0.2"), r("c", "u1", 10, 1, "10.0"), r("d", "u2", 9, 5, "5.5")]
        let o = org(users: users, reports: reports)
        let (summary, _) = MileageSummary.compute(for: o, config: SiteConfig.Mileage(ratePerMile: 0.67, averageSpeedKmh: 50))
        XCTAssertEqual(
            summary.months,
            [
                // Each trip to the cent: 0.1 × 0.67 → $0.07, 0.2 × 0.67 → $0.13, 5.5 × 0.67 = 3.685 → $3.69.
                MonthMileage(month: "2024-09", miles: 5.8, reports: 3, reimbursement: Cents(389)),
                MonthMileage(month: "2024-10", miles: 10.0, reports: 1, reimbursement: Cents(670))
            ])
        XCTAssertEqual(summary.photographers.map(\.name), ["Ann Lee", "Bo Ray"])
        XCTAssertEqual(summary.photographers[0].totalMiles, 10.3)
        XCTAssertEqual(summary.photographers[0].months.map(\.miles), [0.3, 10.0])  // 0.1 + 0.2 shows as 0.3
        XCTAssertEqual(summary.photographers[1].months, [MonthMileage(month: "2024-09", miles: 5.5, reports: 1, reimbursement: Cents(369))])
        // Without a rate there is no reimbursement.
        let (plain, _) = MileageSummary.compute(for: o, config: SiteConfig.Mileage())
        XCTAssertTrue(plain.months.allSatisfy { $0.reimbursement == nil })
        XCTAssertNil(plain.ratePerMile)
        // Every month's slice made in one pass is the one `month(_:)` makes.
        let slices = summary.monthSlices()
        XCTAssertEqual(Set(slices.keys), ["2024-09", "2024-10"])
        for (month, slice) in slices { XCTAssertEqual(slice, summary.month(month), month) }
        XCTAssertEqual(slices["2024-10"]?.reports.map(\.reportId), ["c"])
        XCTAssertEqual(slices["2024-10"]?.photographers.map(\.name), ["Ann Lee"])
    }
}

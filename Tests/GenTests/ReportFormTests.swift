import Foundation
import GenCompute
import GenModel
import GenResolve
import XCTest

/// ReportForm.build: a report read through its template (types, smart fields, calculations, logic,
/// validation) and the generic layouts (legacy, missing template).
final class ReportFormTests: XCTestCase {
    let zone = TimeZone(identifier: "America/Chicago")!
    let src = DocumentSource(file: "export/r.json", collection: "dailyJobReports", documentID: "r1")
    let other = DocumentSource(file: "f", collection: "c", documentID: "d")
    /// 2025-07-08 14:30 in Chicago (CDT, UTC-5).
    let afternoon = Timestamp(parsing: "2025-07-08T19:30:00Z")!
    /// 2025-07-08 22:05 in Chicago, already July 9 in UTC.
    let lateEvening = Timestamp(parsing: "2025-07-09T03:05:00Z")!

    let ann = User(
        id: "u1", organizationID: "o", firstName: "Ann", lastName: "Lee", isPhotographer: true,
        userCoordinates: "37.7306, -88.9331", source: DocumentSource(file: "f", collection: "users", documentID: "u1"))

    // MARK: - Helpers

    func org(_ templates: [ReportTemplate], users: [User]? = nil) -> Organization {
        Organization(
            id: "o", name: "O", pathSegment: "o", users: users ?? [ann],
            schools: [
                School(id: "sA", organizationID: "o", value: "Adams School - Marion", coordinates: "37.7334,-88.9337", source: other),
                School(id: "sB", organizationID: "o", value: "Herrin High School", coordinates: "37.8106,-89.0276", source: other)
            ],
            templates: templates, reports: [], critiques: [])
    }

    func template(_ fields: [TemplateField], version: Int = 1) -> ReportTemplate {
        ReportTemplate(id: "t1", organizationID: "o", name: "Daily", version: version, fields: fields, source: other)
    }

    /// A report as the loader makes it: `fields` holds every top-level key, metadata included.
    func report(
        _ values: [String: FirestoreValue], templateId: DocumentID? = "t1", templateVersion: Int? = 1,
        reportType: String? = "template", userId: DocumentID? = "u1", photographer: String? = nil,
        createdAt: Timestamp? = nil
    ) -> DailyJobReport {
        var fields = values
        fields["organizationID"] = .string("o")
        fields["date"] = .string("2025-07-08")
        if let userId { fields["userId"] = .string(userId.text) }
        if let templateId { fields["templateId"] = .string(templateId.text) }
        if let templateVersion { fields["templateVersion"] = .int(Int64(templateVersion)) }
        if let reportType { fields["reportType"] = .string(reportType) }
        if let createdAt { fields["createdAt"] = .timestamp(createdAt) }
        if let photographer { fields["photographer"] = .string(photographer) }
        return DailyJobReport(
            id: "r1", organizationID: "o", userId: userId, date: LocalDate(year: 2025, month: 7, day: 8),
            photographer: photographer, templateId: templateId, templateVersion: templateVersion,
            reportType: reportType, createdAt: createdAt, fields: fields, source: src)
    }

    func build(
        _ fields: [TemplateField], _ values: [String: FirestoreValue], createdAt: Timestamp? = nil,
        users: [User]? = nil, userId: DocumentID? = "u1", photographer: String? = nil,
        mileage: ReportMileage? = nil
    ) -> ReportForm {
        let t = template(fields)
        let r = report(values, userId: userId, photographer: photographer, createdAt: createdAt)
        let o = org([t], users: users)
        let form = ReportForm.build(r, in: o, mileage: mileage, timeZone: zone)
        // The build reads every report through shapes made once per template: the same form.
        let shaped = ReportForm.build(r, in: o, mileage: mileage, timeZone: zone, shapes: FormShape.all(in: o))
        XCTAssertEqual(shaped.fields, form.fields)
        XCTAssertEqual(shaped.otherValues, form.otherValues)
        XCTAssertEqual(shaped.problems, form.problems)
        return form
    }

    func field(_ form: ReportForm, _ id: String, file: StaticString = #filePath, line: UInt = #line) -> FormField? {
        let f = form.fields.first { $0.id == id }
        if f == nil { XCTFail("no field \(id) in \(form.fields.map(\.id))", file: file, line: line) }
        return f
    }

    func value(_ form: ReportForm, _ id: String, file: StaticString = #filePath, line: UInt = #line) -> FieldValue? {
        field(form, id, file: file, line: line)?.value
    }

    /// One field of `type` holding `stored`, read.
    func read(_ type: String, _ stored: FirestoreValue, options: [String]? = nil) -> (FieldValue?, [ValidationProblem]) {
        let form = build([TemplateField(id: "f", type: type, label: "F", options: options)], ["f": stored])
        return (form.fields.first?.value, form.problems)
    }

    func smart(
        _ id: String, _ kind: String, fallback: String? = nil, format: String? = nil,
        formula: String? = nil, required: Bool = false
    ) -> TemplateField {
        TemplateField(
            id: id, type: kind, label: id, required: required,
            smartConfig: SmartFieldConfig(calculationType: kind, fallbackValue: fallback, format: format, formula: formula))
    }

    // MARK: - Field types

    func testTextTypes() {
        XCTAssertEqual(read("text", .string("Fall Sports")).0, .text("Fall Sports"))
        XCTAssertEqual(read("textarea", .string("Line one\n\nLine two")).0, .paragraphs("Line one\n\nLine two"))
        XCTAssertEqual(read("email", .string(" ann@example.com ")).0, .email("ann@example.com"))
        XCTAssertEqual(read("email", .string("ann@example.com")).1, [])
        for typo in ["ann@school,example.org", "ann@example", "ann@@example.com", "ann smith@example.com", "a,b@example.com"] {
            XCTAssertEqual(read("email", .string(typo)).1.map(\.message), ["is not an email address"], typo)
        }
        XCTAssertEqual(read("phone", .string("(618) 555-0100")).0, .phone("(618) 555-0100"))
        XCTAssertEqual(read("select", .string("Team Photos")).0, .text("Team Photos"))
        XCTAssertEqual(read("radio", .string("Yes")).0, .text("Yes"))
        XCTAssertEqual(read("multiselect", .array([.string("Camera"), .string("Tripod")])).0, .list(["Camera", "Tripod"]))
        XCTAssertEqual(read("toggle", .bool(true)).0, .yesNo(true))
        XCTAssertEqual(read("toggle", .bool(false)).0, .yesNo(false))
        XCTAssertEqual(read("toggle", .string("no")).0, .yesNo(false))
        XCTAssertEqual(read("text", .null).0, .empty)
        XCTAssertEqual(read("text", .string("   ")).0, .empty)
    }

    func testNumbersAndCurrency() {
        XCTAssertEqual(read("number", .int(1234)).0, .text("1,234"))
        XCTAssertEqual(read("number", .double(1234.5)).0, .text("1,234.5"))
        XCTAssertEqual(read("number", .string("1,234.5")).0, .text("1,234.5"))
        XCTAssertEqual(read("number", .double(-0.25)).0, .text("-0.25"))
        XCTAssertEqual(read("currency", .double(1234.5)).0, .text("$1,234.50"))
        XCTAssertEqual(read("currency", .int(-3)).0, .text("-$3.00"))
        XCTAssertEqual(read("currency", .string("$1,234.5")).0, .text("$1,234.50"))
        XCTAssertEqual(read("currency", .string("-$0.125")).0, .text("-$0.13"))
        XCTAssertEqual(read("currency", .double(0.004)).0, .text("$0.00"))
        XCTAssertEqual(read("currency", .double(-0.004)).0, .text("$0.00"))
    }

    func testDatesAndTimesInTheZone() {
        XCTAssertEqual(read("date", .string("2025-07-08")).0, .text("Jul 8, 2025"))
        XCTAssertEqual(read("date", .string("7/8/2025")).0, .text("Jul 8, 2025"))
        XCTAssertEqual(read("date", .timestamp(lateEvening)).0, .text("Jul 8, 2025"))  // July 9 in UTC
        XCTAssertEqual(read("date", .string("2025-07-09T03:05:00Z")).0, .text("Jul 8, 2025"))
        XCTAssertEqual(read("time", .string("14:30")).0, .text("2:30 PM"))
        XCTAssertEqual(read("time", .string("00:05")).0, .text("12:05 AM"))
        XCTAssertEqual(read("time", .string("12:00")).0, .text("12:00 PM"))
        XCTAssertEqual(read("time", .string("2:30 pm")).0, .text("2:30 PM"))
        XCTAssertEqual(read("time", .timestamp(afternoon)).0, .text("2:30 PM"))
        XCTAssertEqual(read("time", .timestamp(lateEvening)).0, .text("10:05 PM"))
    }

    func testFiles() {
        let storage = "https://firebasestorage.googleapis.com/v0/b/app/o/reports%2Fr1%2FIMG%200001.jpg?alt=media&token=x"
        XCTAssertEqual(read("file", .string(storage)).0, .files([FileLink(name: "IMG 0001.jpg", url: storage)]))
        XCTAssertEqual(
            read(
                "file",
                .array([
                    .string("https://example.com/a/Field%20Notes.pdf"),
                    .map(["url": .string("https://example.com/b/x.jpg"), "name": .string("Team photo")]),
                    .map(["downloadURL": .string("https://example.com/c/y.png"), "fileName": .string("y-final.png")]),
                    .map(["downloadURL": .string("https://example.com/d/z.png")])
                ])
            ).0,
            .files([
                FileLink(name: "Field Notes.pdf", url: "https://example.com/a/Field%20Notes.pdf"),
                FileLink(name: "Team photo", url: "https://example.com/b/x.jpg"),
                FileLink(name: "y-final.png", url: "https://example.com/c/y.png"),
                FileLink(name: "z.png", url: "https://example.com/d/z.png")
            ]))
        XCTAssertEqual(read("file", .array([])).0, .empty)
        let (value, problems) = read("file", .int(3))
        XCTAssertEqual(value, .text("3"))
        XCTAssertEqual(problems.map(\.message), ["is not a file"])
    }

    func testLocations() {
        XCTAssertEqual(read("location", .string("123 Main St, Marion, IL")).0, .text("123 Main St, Marion, IL"))
        XCTAssertEqual(read("location", .string("37.7306,-88.9331")).0, .text("37.7306,-88.9331"), "text as stored")
        XCTAssertEqual(read("location", .geoPoint(GeoPoint(latitude: 37.7306, longitude: -88.9331))).0, .text("37.730600, -88.933100"))
        XCTAssertEqual(
            read("location", .map(["latitude": .double(37.7306), "longitude": .double(-88.9331)])).0,
            .text("37.730600, -88.933100"))
        XCTAssertEqual(
            read(
                "location",
                .map([
                    "address": .string("123 Main St"), "lat": .double(37.7306), "lng": .double(-88.9331),
                    "accuracy": .int(12)
                ])
            ).0,
            .pairs([
                .init(label: "Address", value: "123 Main St"), .init(label: "Coordinates", value: "37.730600, -88.933100"),
                .init(label: "Accuracy", value: "12")
            ]))
    }

    func testUnreadableValuesAreShownAsStoredAndFlagged() {
        var (value, problems) = read("number", .string("abc"))
        XCTAssertEqual(value, .text("abc"))
        XCTAssertEqual(problems, [ValidationProblem(fieldId: "f", label: "F", message: "is not a number")])
        (value, problems) = read("currency", .string("ten dollars"))
        XCTAssertEqual(value, .text("ten dollars"))
        XCTAssertEqual(problems.map(\.message), ["is not a number"])
        (value, problems) = read("date", .string("next Tuesday"))
        XCTAssertEqual(value, .text("next Tuesday"))
        XCTAssertEqual(problems.map(\.message), ["is not a date"])
        (value, problems) = read("time", .string("25:00"))
        XCTAssertEqual(value, .text("25:00"))
        XCTAssertEqual(problems.map(\.message), ["is not a time"])
        (value, problems) = read("toggle", .string("maybe"))
        XCTAssertEqual(value, .text("maybe"))
        XCTAssertEqual(problems.map(\.message), ["is not yes or no"])
        (value, problems) = read("number", .array([.int(1), .int(2)]))
        XCTAssertEqual(value, .list(["1", "2"]))
        XCTAssertEqual(problems.map(\.message), ["is not a number"])
    }

    // MARK: - Smart fields

    func testStoredSmartValuesAreAutomatic() {
        let fields = [
            smart("name", "user_name"), smart("schools", "school_name"), smart("miles", "mileage"),
            smart("photos", "photo_count"), smart("day", "date_auto", format: "US"), smart("at", "time_auto"),
            smart("where", "current_location"), smart("sky", "weather_conditions")
        ]
        let form = build(
            fields,
            [
                "name": .string("Ann L."), "schools": .string("Adams School - Marion"), "miles": .double(24.8),
                "photos": .string("5"), "day": .string("7/8/2025"), "at": .string("2:30 PM"),
                "where": .string("38.321991,-88.867400"), "sky": .string("Sunny, 72°F")
            ], createdAt: afternoon)
        XCTAssertEqual(form.fields.map(\.origin), Array(repeating: .automatic, count: 8))
        XCTAssertEqual(
            form.fields.map(\.value),
            [
                .text("Ann L."), .text("Adams School - Marion"), .text("24.8 miles"), .text("5"), .text("Jul 8, 2025"),
                .text("2:30 PM"), .text("38.321991,-88.867400"), .text("Sunny, 72°F")
            ])
        XCTAssertEqual(form.weather, WeatherReading(condition: "Sunny", fahrenheit: 72))
        XCTAssertTrue(form.diagnostics.isEmpty)
        XCTAssertTrue(form.isValid)
    }

    func testUserNameRecomputed() {
        let f = [smart("name", "user_name", fallback: "Staff")]
        XCTAssertEqual(
            field(build(f, [:]), "name"), FormField(id: "name", label: "name", type: "user_name", value: .text("Ann Lee"), origin: .recomputed))
        XCTAssertEqual(field(build(f, ["name": .string("  ")]), "name")?.value, .text("Ann Lee"))
        let firstOnly = User(id: "u1", organizationID: "o", firstName: "Ann", source: other)
        XCTAssertEqual(value(build(f, [:], users: [firstOnly]), "name"), .text("Ann"))
        // No such user: the name the report was filed under, else the fallback, else "Photographer".
        XCTAssertEqual(field(build(f, [:], users: [], photographer: "Ann Lee"), "name")?.origin, .recomputed)
        XCTAssertEqual(
            field(build(f, [:], users: []), "name"), FormField(id: "name", label: "name", type: "user_name", value: .text("Staff"), origin: .fallback)
        )
        XCTAssertEqual(value(build([smart("name", "user_name")], [:], users: []), "name"), .text("Photographer"))
    }

    func testSchoolNameRecomputed() {
        let f = [smart("schools", "school_name")]
        // From schools_visited (ids become names).
        var form = build(f, ["schools_visited": .array([.string("sA"), .string("Herrin High School")])])
        XCTAssertEqual(
            field(form, "schools"),
            FormField(
                id: "schools", label: "schools", type: "school_name",
                value: .text("Adams School - Marion, Herrin High School"), origin: .recomputed))
        // From the precomputed route.
        let r = report(["schools_visited": .array([.string("Herrin High School"), .string("sA")])])
        let o = org([template(f)])
        let mileage = MileageCalculator(averageSpeedKmh: 50).compute(r, in: o).0
        form = ReportForm.build(r, in: o, mileage: mileage, timeZone: zone)
        XCTAssertEqual(value(form, "schools"), .text("Herrin High School, Adams School - Marion"))
        // None.
        form = build(f, [:])
        XCTAssertEqual(field(form, "schools")?.value, .text("No schools selected"))
        XCTAssertEqual(field(form, "schools")?.origin, .fallback)
        XCTAssertEqual(value(build([smart("schools", "school_name", fallback: "—")], ["schools_visited": .array([])]), "schools"), .text("—"))
    }

    func testMileageRecomputed() {
        let f = [smart("miles", "mileage", fallback: "0 miles")]
        let r = report(["schools_visited": .array([.string("Adams School - Marion"), .string("Herrin High School")])])
        let o = org([template(f)])
        let mileage = MileageCalculator(averageSpeedKmh: 50).compute(r, in: o).0
        XCTAssertEqual(mileage.computedMiles, 15.2)
        let form = ReportForm.build(r, in: o, mileage: mileage, timeZone: zone)
        XCTAssertEqual(field(form, "miles"), FormField(id: "miles", label: "miles", type: "mileage", value: .text("15.2 miles"), origin: .recomputed))
        // No computed miles: the fallback.
        let none = ReportForm.build(r, in: o, mileage: nil, timeZone: zone)
        XCTAssertEqual(field(none, "miles"), FormField(id: "miles", label: "miles", type: "mileage", value: .text("0 miles"), origin: .fallback))
        XCTAssertEqual(value(build([smart("miles", "mileage")], [:]), "miles"), .text("0 miles"))
    }

    func testPhotoCountCountsAttachedFiles() {
        let f = [
            smart("photos", "photo_count"),
            TemplateField(id: "shots", type: "file", label: "Shots"), TemplateField(id: "more", type: "file", label: "More")
        ]
        let form = build(
            f,
            [
                "shots": .array([.string("https://x/a.jpg"), .map(["url": .string("https://x/b.jpg")])]),
                "more": .string("https://x/c.jpg")
            ])
        XCTAssertEqual(field(form, "photos"), FormField(id: "photos", label: "photos", type: "photo_count", value: .text("3"), origin: .recomputed))
        XCTAssertEqual(value(build(f, [:]), "photos"), .text("0"))
    }

    func testDateAndTimeAutoShowOneStyleWhateverTheFormat() {
        // Whatever format the template names, a recomputed date reads "Jul 8, 2025" and a time "2:30 PM".
        for format in ["US", "MM/DD/YYYY", "YYYY-MM-DD", "ISO", "medium", "24-hour", nil] as [String?] {
            let day = build([smart("day", "date_auto", format: format)], [:], createdAt: lateEvening)
            XCTAssertEqual(field(day, "day")?.value, .text("Jul 8, 2025"), "\(format ?? "none")")
            XCTAssertEqual(field(day, "day")?.origin, .recomputed)
            let at = build([smart("at", "time_auto", format: format)], [:], createdAt: afternoon)
            XCTAssertEqual(field(at, "at")?.value, .text("2:30 PM"), "\(format ?? "none")")
            XCTAssertEqual(field(at, "at")?.origin, .recomputed)
        }
        XCTAssertEqual(value(build([smart("at", "time_auto", format: "24-hour")], [:], createdAt: lateEvening), "at"), .text("10:05 PM"))
        // Stored values, as the app or a person wrote them, read the same way.
        let stored: [(FirestoreValue, String)] = [
            (.timestamp(lateEvening), "Jul 8, 2025"), (.string("7/8/2025"), "Jul 8, 2025"),
            (.string("2025-07-08"), "Jul 8, 2025"), (.string("Jul 8, 2025"), "Jul 8, 2025"),
            (.string("the day after"), "the day after")
        ]
        for (value, expected) in stored {
            XCTAssertEqual(self.value(build([smart("day", "date_auto", format: "ISO")], ["day": value]), "day"), .text(expected), "\(value)")
        }
        let times: [(FirestoreValue, String)] = [
            (.string("14:37"), "2:37 PM"), (.string("2:37 PM"), "2:37 PM"),
            (.string("09:05"), "9:05 AM"), (.string("after lunch"), "after lunch")
        ]
        for (value, expected) in times {
            XCTAssertEqual(self.value(build([smart("at", "time_auto", format: "24-hour")], ["at": value]), "at"), .text(expected), "\(value)")
        }
        // No createdAt: the fallback.
        let form = build([smart("day", "date_auto", fallback: "Not recorded")], [:])
        XCTAssertEqual(field(form, "day"), FormField(id: "day", label: "day", type: "date_auto", value: .text("Not recorded"), origin: .fallback))
        XCTAssertEqual(value(build([smart("day", "date_auto")], [:]), "day"), .text("Unknown"))
        XCTAssertEqual(field(build([smart("at", "time_auto")], [:]), "at")?.origin, .fallback)
    }

    func testWeatherAndLocationCannotBeRecomputed() {
        let form = build([smart("sky", "weather_conditions", fallback: "Weather unavailable"), smart("where", "current_location")], [:])
        XCTAssertEqual(
            field(form, "sky"), FormField(id: "sky", label: "sky", type: "weather_conditions", value: .text("Weather unavailable"), origin: .fallback)
        )
        XCTAssertEqual(
            field(form, "where"), FormField(id: "where", label: "where", type: "current_location", value: .text("Unknown"), origin: .fallback))
        XCTAssertNil(form.weather, "a fallback is not an observation")
    }

    func testSmartTypeEncodedAsSmartWithCalculationType() {
        let f = TemplateField(
            id: "who", type: "smart", label: "Who",
            smartConfig: SmartFieldConfig(calculationType: "user_name"))
        let unknown = TemplateField(
            id: "odd", type: "smart", label: "Odd",
            smartConfig: SmartFieldConfig(calculationType: "moon_phase", fallbackValue: "n/a"))
        let form = build([f, unknown], ["odd": .string("Waxing")])
        XCTAssertEqual(field(form, "who"), FormField(id: "who", label: "Who", type: "user_name", value: .text("Ann Lee"), origin: .recomputed))
        XCTAssertEqual(field(form, "odd"), FormField(id: "odd", label: "Odd", type: "smart", value: .text("Waxing"), origin: .automatic))
        XCTAssertEqual(field(build([unknown], [:]), "odd")?.value, .text("n/a"))
    }

    // MARK: - Calculations

    func testCalculation() {
        let f = [
            TemplateField(id: "photos_taken", type: "number", label: "Photos"),
            TemplateField(id: "hours", type: "number", label: "Hours"),
            smart("rate", "calculation", formula: "ROUND(photos_taken / hours, 1)"),
            smart("double_rate", "calculation", formula: "rate * 2"),
            smart("blank_ok", "calculation", formula: "IF(notes = \"\", \"none\", notes)"),
            TemplateField(id: "notes", type: "textarea", label: "Notes")
        ]
        var form = build(f, ["photos_taken": .int(150), "hours": .string("4")])
        XCTAssertEqual(field(form, "rate"), FormField(id: "rate", label: "rate", type: "calculation", value: .text("37.5"), origin: .recomputed))
        XCTAssertEqual(value(form, "double_rate"), .text("75"))
        XCTAssertEqual(value(form, "blank_ok"), .text("none"))  // a missing template field is empty, not unknown
        XCTAssertTrue(form.diagnostics.isEmpty, "\(form.diagnostics)")
        // A different stored result is replaced by the recomputed one, and kept under Other values.
        form = build(f, ["photos_taken": .int(150), "hours": .int(4), "rate": .string("99")])
        XCTAssertEqual(field(form, "rate")?.value, .text("37.5"))
        XCTAssertEqual(field(form, "rate")?.origin, .recomputed)
        XCTAssertEqual(
            form.otherValues.first { $0.id == "rate" },
            FormField(id: "rate", label: "rate (stored result)", type: "calculation", value: .text("99"), origin: .automatic))
        // The same stored result is simply automatic.
        form = build(f, ["photos_taken": .int(150), "hours": .int(4), "rate": .double(37.5)])
        XCTAssertEqual(field(form, "rate")?.origin, .automatic)
        XCTAssertTrue(form.otherValues.isEmpty, "\(form.otherValues)")
        // Other report keys are readable too.
        form = build([smart("c", "calculation", formula: "bonus + 1")], ["bonus": .int(2)])
        XCTAssertEqual(value(form, "c"), .text("3"))
    }

    /// A calculation of money (its label says "($)", or it reads a currency field) reads as money, as a
    /// currency field does; the same amount stored is the same result.
    func testAMoneyCalculationReadsAsMoney() {
        let f = [
            TemplateField(id: "students", type: "number", label: "Students"),
            TemplateField(id: "extra_costs", type: "currency", label: "Extra costs"),
            smart("total_cost", "calculation", formula: "students * 0.5 + extra_costs"),
            TemplateField(
                id: "fee", type: "calculation", label: "Fee ($)",
                smartConfig: SmartFieldConfig(calculationType: "calculation", formula: "students * 2")),
            smart("rate", "calculation", formula: "ROUND(students / 3, 1)")
        ]
        let form = build(f, ["students": .int(420), "extra_costs": .double(14.75), "total_cost": .double(224.75)])
        XCTAssertEqual(value(form, "total_cost"), .text("$224.75"))
        XCTAssertEqual(field(form, "total_cost")?.origin, .automatic, "the stored 224.75 is the same amount")
        XCTAssertTrue(form.otherValues.isEmpty, "\(form.otherValues)")
        XCTAssertEqual(value(form, "fee"), .text("$840.00"))
        XCTAssertEqual(value(form, "rate"), .text("140"), "a calculation of no money stays a number")
    }

    func testFormulaErrorShowsFallbackAndWarns() {
        let f = [
            TemplateField(id: "photos_taken", type: "number", label: "Photos"),
            smart("per_zero", "calculation", fallback: "n/a", formula: "photos_taken / 0"),
            smart("bad", "calculation", formula: "photos_taken +"),
            smart("stored", "calculation", formula: "nope * 2")
        ]
        let form = build(f, ["photos_taken": .int(150), "stored": .int(7)])
        XCTAssertEqual(
            field(form, "per_zero"), FormField(id: "per_zero", label: "per_zero", type: "calculation", value: .text("n/a"), origin: .fallback))
        XCTAssertEqual(field(form, "bad")?.value, .text("Unknown"))
        XCTAssertEqual(field(form, "bad")?.origin, .fallback)
        // The fallback is what the page shows; the stored result is kept under Other values.
        XCTAssertEqual(
            field(form, "stored"), FormField(id: "stored", label: "stored", type: "calculation", value: .text("Unknown"), origin: .fallback))
        XCTAssertEqual(
            form.otherValues, [FormField(id: "stored", label: "stored (stored result)", type: "calculation", value: .text("7"), origin: .automatic)])
        XCTAssertEqual(form.diagnostics.count, 3)
        let d = form.diagnostics[0]
        XCTAssertEqual(d.kind, .warning)
        XCTAssertEqual(d.documentID, "r1")
        XCTAssertEqual(d.collection, "dailyJobReports")
        XCTAssertEqual(d.field, "per_zero")
        XCTAssertEqual(d.message, "formula column 14: division by zero (formula: photos_taken / 0; template \"Daily\", t1); fallback shown")
        XCTAssertEqual(form.diagnostics[1].field, "bad")
        XCTAssertTrue(form.diagnostics[1].message.hasPrefix("formula column "), form.diagnostics[1].message)
        XCTAssertEqual(form.diagnostics[2].field, "stored")
        XCTAssertTrue(
            form.diagnostics[2].message.hasSuffix("(formula: nope * 2; template \"Daily\", t1); fallback shown, stored value under Other values"),
            form.diagnostics[2].message)
        XCTAssertTrue(form.isValid, "formula errors are warnings, not validation problems")
    }

    // MARK: - Conditional logic

    func logic(_ action: String, _ eval: String?, _ conditions: [(String, String, FirestoreValue?)]) -> FirestoreValue {
        var m: [String: FirestoreValue] = ["action": .string(action)]
        if let eval { m["eval"] = .string(eval) }
        m["conditions"] = .array(
            conditions.map { field, op, value in
                var c: [String: FirestoreValue] = ["field": .string(field), "condition": .string(op)]
                if let value { c["value"] = value }
                return .map(c)
            })
        return .map(m)
    }

    let logicValues: [String: FirestoreValue] = [
        "kind": .string("Sports"), "count": .int(5), "tags": .array([.string("Camera"), .string("Tripod")]),
        "note": .string("Great lighting today"), "blank": .string(""), "word": .string("abc"), "done": .bool(true)
    ]

    /// Whether a field with `logic` is shown for `logicValues`.
    func shown(_ logic: FirestoreValue, values: [String: FirestoreValue]? = nil, file: StaticString = #filePath, line: UInt = #line) -> Bool {
        let form = build([TemplateField(id: "target", type: "text", label: "Target", logic: logic)], values ?? logicValues)
        XCTAssertTrue(form.diagnostics.isEmpty, "\(form.diagnostics)", file: file, line: line)
        return form.fields.contains { $0.id == "target" }
    }

    func holds(_ field: String, _ op: String, _ value: FirestoreValue?, file: StaticString = #filePath, line: UInt = #line) -> Bool {
        let show = shown(logic("show", "and", [(field, op, value)]), file: file, line: line)
        let hide = shown(logic("hide", "and", [(field, op, value)]), file: file, line: line)
        XCTAssertNotEqual(show, hide, "show and hide disagree", file: file, line: line)
        return show
    }

    func testEqualsOperator() {
        XCTAssertTrue(holds("kind", "=", .string("sports")))  // case-insensitive
        XCTAssertTrue(holds("kind", "=", .map(["text": .string("Sports")])))  // the SDK's wrapped value
        XCTAssertFalse(holds("kind", "=", .string("Portraits")))
        XCTAssertTrue(holds("count", "=", .string("5.0")))  // numeric when both are numbers
        XCTAssertTrue(holds("count", "=", .int(5)))
        XCTAssertTrue(holds("tags", "=", .string("tripod")))  // a list: any item
        XCTAssertFalse(holds("tags", "=", .string("Tri")))
        XCTAssertTrue(holds("done", "=", .string("Yes")))
        XCTAssertTrue(holds("missing", "=", .string("")))  // empty equals empty
        XCTAssertFalse(holds("missing", "=", .string("x")))
    }

    func testNotEqualsOperator() {
        XCTAssertTrue(holds("kind", "!=", .string("Portraits")))
        XCTAssertFalse(holds("kind", "!=", .string("SPORTS")))
        XCTAssertFalse(holds("tags", "!=", .string("Camera")))
        XCTAssertTrue(holds("missing", "!=", .string("x")))
    }

    func testContainsOperator() {
        XCTAssertTrue(holds("note", "?=", .string("LIGHTING")))
        XCTAssertFalse(holds("note", "?=", .string("rain")))
        XCTAssertTrue(holds("tags", "?=", .string("tri")))  // any item contains
        XCTAssertFalse(holds("missing", "?=", .string("a")))
        XCTAssertFalse(holds("note", "?=", .string("")))
    }

    func testGreaterAndLessOperators() {
        XCTAssertTrue(holds("count", ">", .string("3")))
        XCTAssertFalse(holds("count", ">", .int(5)))
        XCTAssertTrue(holds("count", "<", .double(5.5)))
        XCTAssertFalse(holds("count", "<", .int(2)))
        XCTAssertFalse(holds("word", ">", .int(1)))  // not a number: never
        XCTAssertFalse(holds("word", "<", .int(1)))
        XCTAssertFalse(holds("missing", "<", .int(1)))
        XCTAssertFalse(holds("tags", ">", .int(1)))
    }

    func testEmptinessOperators() {
        XCTAssertTrue(holds("missing", "null=", nil))
        XCTAssertTrue(holds("blank", "null=", nil))
        XCTAssertFalse(holds("note", "null=", nil))
        XCTAssertTrue(holds("note", "*=", nil))
        XCTAssertFalse(holds("blank", "*=", nil))
        XCTAssertFalse(holds("missing", "*=", .string("ignored")))
    }

    func testAndOr() {
        let yes = ("kind", "=", FirestoreValue.string("Sports")), no = ("count", ">", FirestoreValue.int(10))
        XCTAssertFalse(shown(logic("show", "and", [yes, no])))
        XCTAssertTrue(shown(logic("show", "or", [yes, no])))
        XCTAssertTrue(shown(logic("hide", "and", [yes, no])))
        XCTAssertFalse(shown(logic("hide", "or", [yes, no])))
        XCTAssertTrue(shown(logic("show", "and", [yes, yes])))
        XCTAssertFalse(shown(logic("show", "or", [no, no])))
        XCTAssertFalse(shown(logic("hide", nil, [yes])), "eval defaults to and")
        XCTAssertFalse(shown(logic("HIDE", "OR", [yes])), "action and eval are case-insensitive")
    }

    func testHiddenFieldValueMovesToOtherValuesAndIsValid() {
        let hideWhenSports = logic("hide", "and", [("kind", "=", .string("Sports"))])
        let fields = [
            TemplateField(id: "kind", type: "text", label: "Kind"),
            TemplateField(id: "reason", type: "number", label: "Reason", required: true, logic: hideWhenSports),
            TemplateField(id: "why", type: "text", label: "Why", required: true, logic: hideWhenSports)
        ]
        let form = build(fields, ["kind": .string("Sports"), "reason": .string("not a number"), "extra": .int(1)])
        XCTAssertEqual(form.fields.map(\.id), ["kind"])
        XCTAssertEqual(
            form.otherValues,
            [
                FormField(id: "reason", label: "Reason (hidden by logic)", type: "number", value: .text("not a number"), origin: .entered),
                FormField(id: "extra", label: "Extra", type: "value", value: .text("1"), origin: .entered)
            ])
        XCTAssertTrue(form.isValid, "\(form.problems)")
        // Shown again, both are validated.
        let visible = build(fields, ["kind": .string("Portraits"), "reason": .string("not a number")])
        XCTAssertEqual(visible.problems.map(\.message), ["is not a number", "is required"])
    }

    func testMalformedLogicKeepsFieldVisibleAndWarns() {
        let cases: [FirestoreValue] = [
            .map(["action": .string("explode"), "conditions": .array([])]),
            .map(["action": .string("show")]),
            logic("show", "and", [("kind", "~=", .string("x"))]),
            logic("show", "xor", [("kind", "=", .string("x"))]),
            .string("show if kind is x")
        ]
        for block in cases {
            let form = build([TemplateField(id: "target", type: "text", label: "Target", logic: block)], ["kind": .string("y")])
            XCTAssertEqual(form.fields.map(\.id), ["target"], "\(block)")
            XCTAssertEqual(form.diagnostics.count, 1, "\(block)")
            XCTAssertEqual(form.diagnostics.first?.field, "target")
            XCTAssertEqual(form.diagnostics.first?.documentID, "r1")
            XCTAssertTrue(form.diagnostics.first?.message.hasPrefix("conditional logic ignored") ?? false)
        }
        // No logic at all, null, or an empty block: visible, no warning.
        for block in [FirestoreValue.null, .map([:])] {
            XCTAssertTrue(shown(block))
        }
    }

    // MARK: - Validation

    func testValidationRules() {
        let fields = [
            TemplateField(id: "name", type: "text", label: "Name", required: true),
            TemplateField(id: "blank", type: "text", label: "Blank", required: true),
            TemplateField(id: "gear", type: "multiselect", label: "Gear", required: true, options: ["Camera", "Tripod"]),
            TemplateField(id: "mail", type: "email", label: "Email"),
            TemplateField(id: "n", type: "number", label: "Count"),
            TemplateField(id: "cost", type: "currency", label: "Cost"),
            TemplateField(id: "kind", type: "select", label: "Kind", options: ["Yes", "No"]),
            TemplateField(id: "ok", type: "radio", label: "OK", options: ["Yes", "No"]),
            TemplateField(id: "more", type: "multiselect", label: "More gear", options: ["Camera", "Tripod"]),
            TemplateField(id: "free", type: "select", label: "Free"),
            TemplateField(id: "who", type: "user_name", label: "Who", required: true, smartConfig: SmartFieldConfig(calculationType: "user_name")),
            TemplateField(id: "calc", type: "calculation", label: "Calc", required: true),
            TemplateField(id: "backed_up", type: "toggle", label: "Backed up", required: true)
        ]
        let form = build(
            fields,
            [
                "blank": .string("  "), "gear": .array([]), "mail": .string("ann at example"), "n": .string("12a"),
                "cost": .string("abc"), "kind": .string("Maybe"), "ok": .string(" yes "),
                "more": .array([.string("Camera"), .string("Drone"), .string("Flash")]), "free": .string("Anything"),
                "backed_up": .bool(false), "calc": .int(1)
            ], users: [])
        XCTAssertEqual(
            form.problems,
            [
                ValidationProblem(fieldId: "name", label: "Name", message: "is required"),
                ValidationProblem(fieldId: "blank", label: "Blank", message: "is required"),
                ValidationProblem(fieldId: "gear", label: "Gear", message: "is required"),
                ValidationProblem(fieldId: "mail", label: "Email", message: "is not an email address"),
                ValidationProblem(fieldId: "n", label: "Count", message: "is not a number"),
                ValidationProblem(fieldId: "cost", label: "Cost", message: "is not a number"),
                ValidationProblem(fieldId: "kind", label: "Kind", message: "\"Maybe\" is not one of the options"),
                ValidationProblem(fieldId: "more", label: "More gear", message: "\"Drone\" is not one of the options"),
                ValidationProblem(fieldId: "more", label: "More gear", message: "\"Flash\" is not one of the options")
            ])
        XCTAssertFalse(form.isValid)
        XCTAssertEqual(value(form, "mail"), .email("ann at example"))
        XCTAssertEqual(value(form, "n"), .text("12a"))
        XCTAssertEqual(value(form, "kind"), .text("Maybe"))
    }

    // MARK: - Layouts

    func testOlderTemplateVersion() {
        let t = template([TemplateField(id: "job_type", type: "text", label: "Job Type")], version: 3)
        let r = report(
            ["job_type": .string("Sports"), "old_weather": .string("Rain"), "zeta": .null, "status": .string("submitted")],
            templateVersion: 2)
        let form = ReportForm.build(r, in: org([t]), mileage: nil, timeZone: zone)
        XCTAssertEqual(form.layout, .template)
        XCTAssertNil(form.note)
        XCTAssertTrue(form.versionMismatch)
        XCTAssertEqual(form.templateName, "Daily")
        XCTAssertEqual(form.templateVersion, 3)
        XCTAssertEqual(form.fields.map(\.id), ["job_type"])
        XCTAssertEqual(
            form.otherValues,
            [
                FormField(id: "old_weather", label: "Old weather", type: "value", value: .text("Rain"), origin: .entered),
                FormField(id: "status", label: "Status", type: "value", value: .text("submitted"), origin: .entered),
                FormField(id: "zeta", label: "Zeta", type: "value", value: .empty, origin: .entered)
            ])
        // Same version, or none stated: no mismatch.
        XCTAssertFalse(ReportForm.build(report([:], templateVersion: 3), in: org([t]), mileage: nil, timeZone: zone).versionMismatch)
        XCTAssertFalse(ReportForm.build(report([:], templateVersion: nil), in: org([t]), mileage: nil, timeZone: zone).versionMismatch)
    }

    func testMissingTemplate() {
        let r = report(["job_type": .string("Sports"), "photos_taken": .int(1500), "weather": .string("Rain, 45°F")], templateId: "gone")
        let form = ReportForm.build(r, in: org([]), mileage: nil, timeZone: zone)
        XCTAssertEqual(form.layout, .missingTemplate("gone"))
        XCTAssertEqual(form.note, "Template \"gone\" is not in this export; the report's values are shown as stored.")
        XCTAssertNil(form.templateName)
        XCTAssertEqual(
            form.fields,
            [
                FormField(id: "job_type", label: "Job type", type: "value", value: .text("Sports"), origin: .entered),
                FormField(id: "photos_taken", label: "Photos taken", type: "value", value: .text("1,500"), origin: .entered),
                FormField(id: "weather", label: "Weather", type: "value", value: .text("Rain, 45°F"), origin: .entered)
            ])
        XCTAssertEqual(form.weather, WeatherReading(condition: "Rain", fahrenheit: 45))
        XCTAssertTrue(form.otherValues.isEmpty)
        XCTAssertTrue(form.isValid)
    }

    func testLegacyReport() {
        let values: [String: FirestoreValue] = [
            "schools_visited": .array([.string("Adams"), .string("Lincoln")]),
            "photoCount": .int(1234),
            "backup": .bool(true),
            "submittedAt": .timestamp(lateEvening),
            "spot": .map(["lat": .double(37.7306), "lng": .double(-88.9331)]),
            "notes": .string("Line 1\nLine 2"),
            "photos": .array([.map(["url": .string("https://x/p%201.jpg")])]),
            "photoURL": .string("https://x/p.jpg")
        ]
        let expected = [
            FormField(id: "backup", label: "Backup", type: "value", value: .yesNo(true), origin: .entered),
            FormField(id: "notes", label: "Notes", type: "value", value: .paragraphs("Line 1\nLine 2"), origin: .entered),
            FormField(id: "photoCount", label: "Photo count", type: "value", value: .text("1,234"), origin: .entered),
            FormField(id: "photoURL", label: "Photo URL", type: "value", value: .text("https://x/p.jpg"), origin: .entered),
            FormField(
                id: "photos", label: "Photos", type: "value", value: .files([FileLink(name: "p 1.jpg", url: "https://x/p%201.jpg")]), origin: .entered
            ),
            FormField(id: "schools_visited", label: "Schools visited", type: "value", value: .list(["Adams", "Lincoln"]), origin: .entered),
            FormField(
                id: "spot", label: "Spot", type: "value",
                value: .pairs([.init(label: "Lat", value: "37.7306"), .init(label: "Lng", value: "-88.9331")]), origin: .entered),
            FormField(id: "submittedAt", label: "Submitted at", type: "value", value: .text("Jul 8, 2025, 10:05 PM"), origin: .entered)
        ]
        // reportType "legacy", even with a template id that exists…
        let t = template([TemplateField(id: "notes", type: "textarea", label: "Notes")])
        var form = ReportForm.build(report(values, reportType: "legacy"), in: org([t]), mileage: nil, timeZone: zone)
        XCTAssertEqual(form.layout, .legacy)
        XCTAssertEqual(form.note, "This report uses the older legacy format; its values are shown as stored.")
        XCTAssertEqual(form.fields, expected)
        // …and no template id at all.
        form = ReportForm.build(report(values, templateId: nil, templateVersion: nil, reportType: nil), in: org([t]), mileage: nil, timeZone: zone)
        XCTAssertEqual(form.layout, .legacy)
        XCTAssertEqual(form.fields, expected)
    }

    func testMetadataNeverAppearsAsFields() {
        let metadata: [String: FirestoreValue] = [
            "id": .string("r1"), "organizationId": .string("o"), "templateName": .string("Daily"),
            "smartFieldsUsed": .array([.string("who")]), "updatedAt": .timestamp(afternoon), "photographer": .string("Ann")
        ]
        let t = template([TemplateField(id: "date", type: "date", label: "Date"), TemplateField(id: "note", type: "text", label: "Note")])
        for (templateId, reportType) in [("t1", "template"), ("t1", "legacy"), ("gone", "template")] {
            let r = report(
                metadata.merging(["note": .string("hi")]) { a, _ in a }, templateId: DocumentID(templateId), reportType: reportType,
                createdAt: afternoon)
            let form = ReportForm.build(r, in: org([t]), mileage: nil, timeZone: zone)
            let ids = Set((form.fields + form.otherValues).map(\.id))
            XCTAssertEqual(ids, ["note"], "\(templateId) \(reportType)")
            XCTAssertTrue(ids.isDisjoint(with: ReportForm.metadataKeys))
        }
        XCTAssertTrue(
            ReportForm.metadataKeys.isSuperset(of: [
                "id", "organizationID", "organizationId", "userId", "templateId", "templateName",
                "templateVersion", "reportType", "smartFieldsUsed", "createdAt", "updatedAt",
                "date", "photographer"
            ]))
    }

    func testHumanizedLabels() {
        XCTAssertEqual(ReportForm.humanizedLabel(forKey: "schools_visited"), "Schools visited")
        XCTAssertEqual(ReportForm.humanizedLabel(forKey: "photoCount"), "Photo count")
        XCTAssertEqual(ReportForm.humanizedLabel(forKey: "photoURL"), "Photo URL")
        XCTAssertEqual(ReportForm.humanizedLabel(forKey: "GPSCoordinates"), "GPS coordinates")
        XCTAssertEqual(ReportForm.humanizedLabel(forKey: "job-type"), "Job type")
        XCTAssertEqual(ReportForm.humanizedLabel(forKey: "x"), "X")
        XCTAssertEqual(ReportForm.humanizedLabel(forKey: "_"), "_")
    }

    // MARK: - Weather

    func testWeatherParsing() {
        XCTAssertEqual(WeatherReading(parsing: "Sunny, 72°F"), WeatherReading(condition: "Sunny", fahrenheit: 72))
        XCTAssertEqual(WeatherReading(parsing: "Partly Cloudy, 65 °F"), WeatherReading(condition: "Partly Cloudy", fahrenheit: 65))
        XCTAssertEqual(WeatherReading(parsing: "72°F"), WeatherReading(condition: nil, fahrenheit: 72))
        XCTAssertEqual(WeatherReading(parsing: "Rain"), WeatherReading(condition: "Rain", fahrenheit: nil))
        XCTAssertEqual(WeatherReading(parsing: "Light Snow, -4°F"), WeatherReading(condition: "Light Snow", fahrenheit: -4))
        XCTAssertEqual(WeatherReading(parsing: "Overcast, 20°C"), WeatherReading(condition: "Overcast", fahrenheit: 68))
        XCTAssertEqual(WeatherReading(parsing: "Clear 71.5 F"), WeatherReading(condition: "Clear", fahrenheit: 71.5))
        XCTAssertEqual(WeatherReading(parsing: "Foggy, 50°"), WeatherReading(condition: "Foggy", fahrenheit: 50))
        XCTAssertEqual(WeatherReading(parsing: "Thunderstorm with Hail"), WeatherReading(condition: "Thunderstorm with Hail", fahrenheit: nil))
        XCTAssertNil(WeatherReading(parsing: "Unknown"))
        XCTAssertNil(WeatherReading(parsing: "  "))
    }

    func testWeatherFromTheWeatherField() {
        let f = [smart("sky", "weather_conditions", fallback: "Unknown")]
        XCTAssertEqual(build(f, ["sky": .string("Partly Cloudy, 65 °F")]).weather, WeatherReading(condition: "Partly Cloudy", fahrenheit: 65))
        XCTAssertNil(build(f, ["sky": .string("Unknown")]).weather)
        XCTAssertNil(build(f, [:]).weather)
    }

    // MARK: - Determinism

    func testOutputIsDeterministic() {
        let values: [String: FirestoreValue] = Dictionary(uniqueKeysWithValues: (0..<40).map { ("k\($0)", FirestoreValue.int(Int64($0))) })
        let r = report(values, templateId: "gone")
        let a = ReportForm.build(r, in: org([]), mileage: nil, timeZone: zone)
        let b = ReportForm.build(r, in: org([]), mileage: nil, timeZone: zone)
        XCTAssertEqual(a.fields, b.fields)
        XCTAssertEqual(a.fields.map(\.id), values.keys.sorted())
    }
}

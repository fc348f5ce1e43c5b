import GenModel

/// The reports after the fall season that exercise form rendering: picture-day reports with every
/// field type (valid, failing validation, a value hidden by logic, a formula dividing by zero, smart
/// values missing), one with markup-like text, a fall report filed with template version 1, a report
/// naming a deleted template and a legacy report from before templates. Their own random stream, so
/// nothing in the season moves when a case changes.
enum DemoFormReports {
    /// What a picture-day report was filled in with; the smart values, GPS fix, attachments and
    /// calculations are derived from it.
    private struct PictureDay {
        var kind: String
        var key: String
        var day: LocalDate
        var created: DemoInstant
        var schools: [String]
        var session: String
        var arrival: String
        /// Text, or a map of address, latitude and longitude.
        var setupLocation: PyJSON
        var contact: String
        var email: String
        var phone: String
        var backdrop: String
        var services: [String]
        var groupNotes: String?
        /// A number, or the text someone typed into the number field.
        var students: PyJSON
        var retakes: Int
        var retakeReason: String?
        var makeupNeeded: Bool
        var makeupDate: String?
        /// An int or a float, as the app stored it.
        var extraCosts: PyJSON
        var files: [String]
        var weather: String
        var notes: String
        var updated: DemoInstant? = nil
        /// Fields an old app build did not store.
        var drop: Set<String> = []
    }

    static func build(people: [DemoPerson], schools: [DemoSchool], pictureDayFields: [PyJSON], fallFields: [PyJSON]) -> [DemoReport] {
        var rng = PythonRandom.demo("picture-day-reports")
        let pictureDaySmart = DemoTemplates.smartFieldIDs(pictureDayFields)
        var out: [DemoReport] = []

        func trip(_ p: DemoPerson, _ values: [String]) -> (schools: [DemoSchool], miles: Double) {
            let visited = values.map { schools[value: $0] }
            return (visited, DemoGeography.roundTripMiles(home: p.home, stops: visited.map(\.point)))
        }

        func pictureDay(_ c: PictureDay) {
            let p = people[key: c.key]
            let rid = rng.firestoreID()
            let (visited, miles) = trip(p, c.schools)
            let last = visited[visited.count - 1]
            let gpsLatitude = last.lat + rng.uniform(-0.0008, 0.0008)
            let gpsLongitude = last.lng + rng.uniform(-0.0008, 0.0008)
            let gps = PythonNumber.fixed(gpsLatitude, 6) + "," + PythonNumber.fixed(gpsLongitude, 6)
            let files = c.files.map { fileEntry(&rng, reportID: rid, name: $0) }

            // What the app stored: its own calculation; JSON.stringify(NaN) is null.
            var retakeRate: PyJSON = .null
            if case .int(let students) = c.students, students > 0 {
                let rate = Double(c.retakes) / Double(students) * 100
                retakeRate = .float(PythonNumber.halfUp(rate, 1))
                let edge = (Double(c.retakes) / Double(students) * 1000).truncatingRemainder(dividingBy: 1)
                precondition(abs(edge - 0.5) > 1e-6, "retake rate on a rounding edge")
            }
            var totalCost: PyJSON = .null
            if case .int(let students) = c.students {
                let extra: Double
                switch c.extraCosts {
                case .int(let i): extra = Double(i)
                case .float(let x): extra = x
                default: preconditionFailure("extra costs are a number")
                }
                totalCost = .float(PythonNumber.round(Double(students) * DemoTemplates.printCostPerStudent + extra, 2))
            }

            var doc = meta(
                rid, p, c.day, DemoTemplates.pictureDayID, DemoTemplates.pictureDayName, DemoTemplates.pictureDayVersion, pictureDaySmart)
            let values: [(String, PyJSON)] = [
                ("session_type", .string(c.session)),
                ("schools_visited", .strings(visited.map(\.value))),
                ("school_name", .string(visited.map(\.value).joined(separator: ", "))),
                ("photographer_name", .string(p.fullName)),
                ("report_date", .string(c.day.usDate)),
                ("arrival_time", .string(c.arrival)),
                ("submitted_time", .string(c.created.chicagoHourMinute)),
                ("setup_location", c.setupLocation),
                ("current_location", .string(gps)),
                ("weather", .string(c.weather)),
                ("mileage", .string(DemoGeography.milesText(miles))),
                ("school_contact", .string(c.contact)),
                ("contact_email", .string(c.email)),
                ("contact_phone", .string(c.phone)),
                ("backdrop", .string(c.backdrop)),
                ("services", .strings(c.services)),
                ("group_photo_notes", c.groupNotes.map { .string($0) } ?? .null),
                ("students_photographed", c.students),
                ("retakes", .int(c.retakes)),
                ("retake_reason", c.retakeReason.map { .string($0) } ?? .null),
                ("retake_rate", retakeRate),
                ("makeup_needed", .bool(c.makeupNeeded)),
                ("makeup_date", c.makeupDate.map { .string($0) } ?? .null),
                ("extra_costs", c.extraCosts),
                ("total_cost", totalCost),
                ("photos", .array(files)),
                ("photo_count", .string(String(files.count))),
                ("notes", .string(c.notes))
            ]
            for (key, value) in values {
                // Optional text left blank is not stored; calculations are stored even when null.
                if c.drop.contains(key) || (value == .null && key != "retake_rate" && key != "total_cost") { continue }
                doc[key] = value
            }
            doc["createdAt"] = c.created.firestoreTimestamp
            doc["updatedAt"] = (c.updated ?? c.created).firestoreTimestamp
            out.append(DemoReport(doc: doc, day: c.day, miles: miles, kind: c.kind))
        }

        for c in pictureDays(schools) { pictureDay(c) }

        // A fall report filed from an app that still had template version 1 cached: it has equipment_notes
        // (dropped in version 2) and lacks contact_phone and backup_completed (added in 2).
        do {
            let d = LocalDate(year: 2024, month: 10, day: 4)
            let p = people[key: "jenna"]
            let created = DemoInstant.chicago(d, 21, 14, 36)
            let (visited, miles) = trip(p, ["Marion High School - Marion"])
            var doc = meta(
                rng.firestoreID(), p, d, DemoTemplates.fallID, DemoTemplates.fallName, 1, DemoTemplates.smartFieldIDs(fallFields))
            doc.update(
                PyObject([
                    ("job_type", "Fall Sports"),
                    ("schools_visited", .strings(visited.map(\.value))),
                    ("school_name", .string(visited.map(\.value).joined(separator: ", "))),
                    ("mileage", .string(DemoGeography.milesText(miles))),
                    ("weather", "Overcast, 58°F"),
                    ("photographer_name", .string(p.fullName)),
                    ("report_date", .string(d.usDate)),
                    ("submitted_time", .string(created.usTime)),
                    ("photos_taken", 644),
                    ("equipment_used", ["Camera", "Flash"]),
                    ("equipment_notes", "Borrowed the office 70-200; the zoom ring on mine is sticking. Monopod collar is loose again."),
                    ("contact_email", "athletics@marionhs.example.org"),
                    ("notes", "Football at Marion. Homecoming court at halftime, then the second half from the end zone."),
                    ("createdAt", created.firestoreTimestamp),
                    ("updatedAt", created.firestoreTimestamp)
                ]))
            out.append(DemoReport(doc: doc, day: d, miles: miles, kind: "older-version"))
        }

        // A report naming a template that was deleted before the export.
        do {
            let d = LocalDate(year: 2024, month: 10, day: 11)
            let p = people[key: "marcus"]
            let created = DemoInstant.chicago(d, 16, 9, 58)
            let (visited, miles) = trip(p, ["Du Quoin High School - Du Quoin"])
            var doc = meta(
                rng.firestoreID(), p, d, DemoTemplates.missingID, DemoTemplates.missingName, 1,
                ["school_name", "mileage", "weather", "photographer_name", "report_date"])
            doc.update(
                PyObject([
                    ("media_day_type", "Winter Sports Banners"),
                    ("schools_visited", .strings(visited.map(\.value))),
                    ("school_name", .string(visited.map(\.value).joined(separator: ", "))),
                    ("mileage", .string(DemoGeography.milesText(miles))),
                    ("weather", "Light Rain, 63°F"),
                    ("photographer_name", .string(p.fullName)),
                    ("report_date", .string(d.usDate)),
                    ("athletes_photographed", 86),
                    ("banner_sizes", ["3x6 ft", "2x4 ft"]),
                    ("green_screen", true),
                    ("notes", "Basketball and wrestling banner shots in the small gym. Coaches want proofs by 10/25."),
                    ("createdAt", created.firestoreTimestamp),
                    ("updatedAt", created.firestoreTimestamp)
                ]))
            out.append(DemoReport(doc: doc, day: d, miles: miles, kind: "missing-template"))
        }

        // A legacy report from before templates existed (the templates came later).
        do {
            let d = LocalDate(year: 2024, month: 5, day: 16)
            let p = people[key: "marcus"]
            let created = DemoInstant.chicago(d, 18, 2, 11)
            let (visited, miles) = trip(p, ["Murphysboro Middle School - Murphysboro"])
            let doc = PyObject([
                ("id", .string(rng.firestoreID())),
                ("organizationID", .string(DemoSample.organizationID)),
                ("userId", .string(p.id)),
                ("date", .string(d.description)),
                ("photographer", .string(p.fullName)),
                ("reportType", "legacy"),
                ("jobDescription", "Spring track & field: individuals and relay team photos"),
                ("school_name", .string(visited[0].value)),
                ("mileage", .string(PythonNumber.fixed(miles, 1))),
                ("hoursWorked", 3.5),
                ("photos_taken", 412),
                ("weather", "Sunny, low 80s"),
                ("cardsBackedUp", true),
                ("notes", "Track was still wet from the morning rain, so the team photo moved to the bleachers."),
                ("createdAt", created.firestoreTimestamp),
                ("updatedAt", created.firestoreTimestamp)
            ])
            out.append(DemoReport(doc: doc, day: d, miles: miles, kind: "legacy"))
        }

        return DemoReport.sortedByDayAndPhotographer(out)
    }

    /// The fields every template report starts with.
    private static func meta(
        _ rid: String, _ p: DemoPerson, _ day: LocalDate, _ templateID: String, _ templateName: String, _ version: Int, _ smartIDs: [String]
    ) -> PyObject {
        PyObject([
            ("id", .string(rid)),
            ("organizationID", .string(DemoSample.organizationID)),
            ("userId", .string(p.id)),
            ("date", .string(day.description)),
            ("photographer", .string(p.fullName)),
            ("templateId", .string(templateID)),
            ("templateName", .string(templateName)),
            ("templateVersion", .int(version)),
            ("reportType", "template"),
            ("smartFieldsUsed", .strings(smartIDs))
        ])
    }

    /// An attachment as the app stores it: a Firebase Storage download URL with its own token.
    private static func fileEntry(_ rng: inout PythonRandom, reportID: String, name: String) -> PyJSON {
        let contentType = name.hasSuffix(".pdf") ? "application/pdf" : "image/jpeg"
        let path = PythonNumber.quote("dailyJobReports/\(reportID)/\(name)")
        let url = "https://firebasestorage.googleapis.com/v0/b/\(DemoSample.bucket)/o/\(path)?alt=media&token=\(rng.uuid4())"
        return [
            "name": .string(name), "url": .string(url), "contentType": .string(contentType),
            "size": .int(rng.randint(180_000, 4_200_000))
        ]
    }

    private static func pictureDays(_ schools: [DemoSchool]) -> [PictureDay] {
        let harrisburg = schools[value: "Harrisburg High School - Harrisburg"]
        func day(_ d: Int) -> LocalDate { LocalDate(year: 2024, month: 10, day: d) }
        return [
            // Fully valid: every visible field filled, both logic-dependent fields shown and filled.
            PictureDay(
                kind: "valid", key: "renee", day: day(3), created: .chicago(day(3), 14, 37, 52), schools: ["Herrin Junior High - Herrin"],
                session: "Fall Picture Day", arrival: "07:15", setupLocation: "Gym stage, 700 S 14th St, Herrin, IL 62948",
                contact: "Marcy Langston", email: "mlangston@herrinjh.example.org", phone: "618-555-0131", backdrop: "Gray Mottled",
                services: ["Individual Portraits", "Group Photos", "Staff Photos", "Student ID Cards"],
                groupNotes: "Club photos after lunch: student council, FFA, band. Three rows on the stage risers, tallest in back.",
                students: 412, retakes: 17, retakeReason: "Blinks (9), glasses glare (5), and 3 students asked to redo after seeing the preview.",
                makeupNeeded: true, makeupDate: "2024-11-07", extraCosts: 18.75, files: ["IMG_4821.jpg", "IMG_4822.jpg", "Sign-in sheet.pdf"],
                weather: "Partly Cloudy, 76°F",
                notes: """
                    Lines moved well after first period. ID cards printed on site and handed to the office before we left.
                    Makeup day is on the office calendar for 11/7.
                    """),
            // Valid, nothing optional shown: no retakes, no makeup day; the location stored as a map
            // (address, latitude, longitude) instead of text.
            PictureDay(
                kind: "valid-plain", key: "tyler", day: day(9), created: .chicago(day(9), 13, 8, 14),
                schools: ["Harrisburg High School - Harrisburg"], session: "Staff & ID Cards", arrival: "07:40",
                setupLocation: [
                    "address": "Library, 333 W College St, Harrisburg, IL 62946", "latitude": .float(harrisburg.lat),
                    "longitude": .float(harrisburg.lng)
                ],
                contact: "Jim Moreland", email: "jmoreland@harrisburghs.example.org", phone: "618-555-0176", backdrop: "Blue",
                services: ["Staff Photos", "Student ID Cards"], groupNotes: nil,
                students: 96, retakes: 0, retakeReason: nil, makeupNeeded: false, makeupDate: nil, extraCosts: 0, files: ["IMG_0332.jpg"],
                weather: "Overcast, 68°F",
                notes: "Staff photos before first bell, new-student ID cards during 2nd and 3rd period."),
            // Validation failures: empty required text, a bad email, text in a number field, a session not in the options.
            PictureDay(
                kind: "invalid", key: "sean", day: day(14), created: .chicago(day(14), 15, 22, 6),
                schools: ["Mt. Vernon Township High School - Mt. Vernon"], session: "Senior Portraits", arrival: "08:05",
                setupLocation: "Auxiliary gym, 320 S 7th St, Mount Vernon, IL 62864",
                contact: "", email: "lfoster@mvths,example.org", phone: "(618) 555-0193", backdrop: "Black",
                services: ["Individual Portraits", "Yearbook Candids"], groupNotes: nil,
                students: "abc", retakes: 4, retakeReason: "Two closed eyes, one hair-in-face, one parent request.",
                makeupNeeded: false, makeupDate: nil, extraCosts: 6.5, files: ["IMG_5107.jpg"],
                weather: "Partly Cloudy, 66°F",
                notes: "Senior portraits for the yearbook deadline. Count is on the card; I'll fix the number tomorrow."),
            // Logic hides a field that still holds a value: the makeup date entered, then the toggle switched off.
            PictureDay(
                kind: "logic-hidden", key: "jenna", day: day(21), created: .chicago(day(21), 14, 2, 45),
                schools: ["Jefferson Elementary - Marion", "Marion High School - Marion"], session: "Retake Day", arrival: "07:30",
                setupLocation: "Library, 700 N Market St, Marion, IL 62959",
                contact: "Kim Whitfield", email: "kwhitfield@marionhs.example.org", phone: "(618) 555-0142", backdrop: "Gray Mottled",
                services: ["Individual Portraits"], groupNotes: nil,
                students: 57, retakes: 49,
                retakeReason: "Scheduled retakes from the 9/12 and 9/17 picture days; the other 8 were new enrollments.",
                makeupNeeded: false, makeupDate: "2024-11-12", extraCosts: 0, files: ["IMG_7710.jpg", "IMG_7711.jpg"],
                weather: "Overcast, 62°F",
                notes: """
                    Makeup day was penciled in for 11/12, but the office will send stragglers to the Jefferson spring \
                    session instead, so no makeup day.
                    """,
                updated: .chicago(day(21), 16, 31, 9)),
            // A formula error: nobody photographed, so the retake rate divides by zero.
            PictureDay(
                kind: "formula-error", key: "renee", day: day(15), created: .chicago(day(15), 10, 48, 33),
                schools: ["Unity Point School - Carbondale"], session: "Fall Picture Day", arrival: "07:20",
                setupLocation: "Cafeteria, 4033 S Illinois Ave, Carbondale, IL 62903",
                contact: "Front office (Mrs. Davis)", email: "frontoffice@unitypoint.example.org", phone: "618-555-0126",
                backdrop: "Gray Mottled", services: [], groupNotes: nil,
                students: 0, retakes: 0, retakeReason: nil, makeupNeeded: true, makeupDate: "2024-10-29", extraCosts: 12.0,
                files: ["closure-notice.jpg"],
                weather: "Partly Cloudy, 70°F",
                notes: """
                    Water main break on the south side: school dismissed at 8:30 before the first class came down. \
                    Set up and tore down; nobody photographed. Makeup day booked for 10/29.
                    """),
            // Smart values missing: filed from an old app build that did not store them; gen recomputes them.
            PictureDay(
                kind: "recomputed-smart", key: "sean", day: day(22), created: .chicago(day(22), 15, 51, 27),
                schools: ["Benton Consolidated High School - Benton", "Frankfort Community High School - West Frankfort"],
                session: "Class Composites", arrival: "08:00", setupLocation: "Commons, 511 E Main St, Benton, IL 62812",
                contact: "Sue Harrell", email: "sharrell@bentonhs.example.org", phone: "618-555-0159", backdrop: "Black",
                services: ["Class Composites", "Group Photos"],
                groupNotes: """
                    Benton: homerooms on the bleachers, 4 rows. Frankfort: seniors only, composite order from the yearbook adviser.
                    """,
                students: 238, retakes: 0, retakeReason: nil, makeupNeeded: false, makeupDate: nil, extraCosts: 9.0,
                files: ["IMG_2210.jpg", "IMG_2214.jpg"],
                weather: "Light Rain, 57°F",
                notes: "Composites at two schools; the rain held off until we were loading out at Frankfort.",
                drop: ["photographer_name", "school_name", "report_date", "submitted_time", "photo_count"]),
            // Text that looks like markup, in realistic notes.
            PictureDay(
                kind: "hostile-text", key: "tyler", day: day(23), created: .chicago(day(23), 14, 26, 3),
                schools: ["Frankfort Community High School - West Frankfort"], session: "Fall Picture Day", arrival: "07:25",
                setupLocation: "#2 Gym (north entrance), 2000 E Poplar St, West Frankfort, IL 62896",
                contact: "Tom Greer", email: "tgreer@frankforths.example.org", phone: "(618) 555-0152", backdrop: "Gray Mottled",
                services: ["Individual Portraits", "Group Photos"],
                groupNotes: "Rows: 3 | teachers on the ends | *tallest* in back. Row 1 sat on the bench.",
                students: 187, retakes: 11,
                retakeReason: "Glare on glasses | blinks | 2 asked for a redo. <3 seconds between frames was too fast for the flash.",
                makeupNeeded: true, makeupDate: "2024-11-14", extraCosts: 4.25, files: ["IMG_3090.jpg", "IMG_3091 (1).jpg"],
                weather: "Clear, 66°F",
                notes: """
                    # of retakes was higher than usual — see the sign-in sheet.
                    Used the *old* backdrop | the new one is still at the office.
                    Office wants the makeup date in <b>bold</b> on the flyer.
                    A parent's order comment had a link in it: [link](javascript:alert(1)) — didn't click it, \
                    forwarded to Chris.
                    """),
            // A valid retake day across schools.
            PictureDay(
                kind: "valid-retake", key: "marcus", day: day(28), created: .chicago(day(28), 13, 44, 20),
                schools: ["Unity Point School - Carbondale", "Carbondale Community High School - Carbondale"],
                session: "Retake Day", arrival: "07:50", setupLocation: "Unity Point: music room; CCHS: library",
                contact: "Diane Nguyen", email: "dnguyen@cchs.example.org", phone: "(618) 555-0184", backdrop: "Gray Mottled",
                services: ["Individual Portraits", "Student ID Cards"], groupNotes: nil,
                students: 38, retakes: 31,
                retakeReason: "Scheduled retakes; the other 7 were new enrollments and absentees from picture day.",
                makeupNeeded: false, makeupDate: nil, extraCosts: 3.0, files: [],
                weather: "Clear, 64°F",
                notes: "Quick retake day at both Carbondale schools. Proofs go out with the spring order forms.")
        ]
    }
}

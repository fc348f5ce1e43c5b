import Foundation
import GenModel

/// One daily job report of the demo sample, with what the later passes over the season need to know
/// about it besides its document.
struct DemoReport {
    var doc: PyObject
    var day: LocalDate
    /// The round-trip estimate from the photographer's home, before any typed-over mileage.
    var miles: Double
    var sport: String? = nil
    /// Filed late at night, so its `date` is an ISO timestamp already on the next UTC day.
    var late = false
    /// What a form-rendering case exercises ("valid", "invalid", ...); empty for the season's reports.
    var kind = ""

    var photographer: String {
        guard case .string(let name)? = doc["photographer"] else { preconditionFailure("a report without a photographer") }
        return name
    }

    var id: String {
        guard case .string(let id)? = doc["id"] else { preconditionFailure("a report without an id") }
        return id
    }

    /// Sorted by day, then by photographer, keeping the order of equal keys.
    static func sortedByDayAndPhotographer(_ reports: [DemoReport]) -> [DemoReport] {
        PythonOrder.stableSorted(reports) { a, b in
            a.day != b.day ? a.day < b.day : PythonOrder.less(a.photographer, b.photographer)
        }
    }
}

/// `export/dailyJobReports.ndjson`, the fall season: every weekday from the day after Labor Day to the
/// end of October, each photographer files a report with some probability, from a schedule, a job, a
/// route among nearby schools, the day's weather and a few field notes.
enum DemoReports {
    static let start = LocalDate(year: 2024, month: 9, day: 3)
    static let end = LocalDate(year: 2024, month: 10, day: 31)

    /// Three reports filed late at night. The app writes `date` as an ISO timestamp in UTC, which is
    /// already the next calendar day: the loader must not file them a day late.
    static let lateNight: [(key: String, day: LocalDate, time: (hour: Int, minute: Int, second: Int), sport: String)] = [
        ("marcus", LocalDate(year: 2024, month: 9, day: 27), (22, 48, 17), "football"),
        ("jenna", LocalDate(year: 2024, month: 9, day: 30), (22, 30, 0), "volleyball"),
        ("sean", LocalDate(year: 2024, month: 10, day: 18), (23, 12, 41), "football")
    ]

    static let sportsHighSchoolSeptember: [(String, Double)] = [
        ("football", 3), ("volleyball", 3), ("soccer", 2), ("cross country", 2), ("golf", 1), ("girls' tennis", 1)
    ]
    static let sportsHighSchoolOctober: [(String, Double)] = [
        ("football", 4), ("volleyball", 3), ("soccer", 2), ("cross country", 2), ("cheer", 1), ("marching band", 1)
    ]
    static let sportsJuniorHigh: [(String, Double)] = [("volleyball", 3), ("cross country", 2), ("football", 1)]
    static let indoor: Set<String> = ["volleyball", "cheer"]
    static let rainy: Set<String> = ["Light Rain", "Rain", "Rain Showers", "Thunderstorm"]
    static let equipment = ["Camera", "Tripod", "Flash", "Backdrop", "Light Stand", "Reflector"]

    static func build(people: [DemoPerson], schools: [DemoSchool], fields: [PyJSON]) -> [DemoReport] {
        var rng = PythonRandom.demo("reports")
        var idRNG = PythonRandom.demo("report-ids")
        let smartIDs = DemoTemplates.smartFieldIDs(fields)
        let photographers = people.filter(\.isPhotographer)
        func lateEntry(_ key: String, _ day: LocalDate) -> (time: (hour: Int, minute: Int, second: Int), sport: String)? {
            lateNight.first { $0.key == key && $0.day == day }.map { ($0.time, $0.sport) }
        }

        var days: [LocalDate] = []
        var d = start
        while d <= end {
            if d.pythonWeekday < 5 { days.append(d) }
            d = d.adding(days: 1)
        }

        // Region-wide weather per day: afternoon temperatures drift from the high 80s in early September
        // to the low 60s by the end of October.
        var weatherByDay: [LocalDate: (condition: String, base: Double)] = [:]
        for (i, day) in days.enumerated() {
            let frac = Double(i) / Double(days.count - 1)
            var base = 86 - 25 * frac + rng.uniform(-4, 4)
            let condition: String
            if day.month == 9 {
                condition = rng.weighted([
                    ("Sunny", 30), ("Mainly Clear", 15), ("Partly Cloudy", 25), ("Overcast", 10), ("Light Rain", 8),
                    ("Rain Showers", 7), ("Thunderstorm", 5)
                ])
            } else {
                condition = rng.weighted([
                    ("Sunny", 24), ("Clear", 10), ("Partly Cloudy", 26), ("Overcast", 20), ("Light Rain", 12), ("Rain", 5)
                ])
            }
            if rainy.contains(condition) {
                base -= 6
            } else if condition == "Overcast" {
                base -= 3
            }
            weatherByDay[day] = (condition, base)
        }

        var schedule: [(day: LocalDate, person: DemoPerson)] = []
        for day in days {
            for p in photographers {
                var works = rng.random() < DemoPeople.workRate[p.key]!
                if lateEntry(p.key, day) != nil { works = true }
                if works { schedule.append((day, p)) }
            }
        }

        var reports: [DemoReport] = []
        for (day, p) in schedule {
            let home = p.home
            let late = lateEntry(p.key, day)
            let earlySeptember = day <= LocalDate(year: 2024, month: 9, day: 20)

            let job: String
            if late != nil {
                job = "Fall Sports"
            } else if earlySeptember {
                job = rng.weighted([("Picture Day", 40), ("Team Photos", 25), ("Individual Photos", 15), ("Fall Sports", 20)])
            } else {
                job = rng.weighted([("Fall Sports", 55), ("Team Photos", 10), ("Individual Photos", 10), ("Picture Day", 25)])
            }

            var pool: [DemoSchool]
            if job == "Picture Day" {
                pool = schools
            } else {
                pool = schools.filter { $0.level == .hs || $0.level == .jh }
                if job == "Fall Sports" && late != nil { pool = schools.filter { $0.level == .hs } }
            }

            var schoolCount: Int
            if late != nil || job == "Fall Sports" {
                schoolCount = rng.weighted([(1, 70), (2, 30)])
            } else if job == "Picture Day" {
                schoolCount = rng.weighted([(1, 60), (2, 30), (3, 10)])
            } else {
                schoolCount = rng.weighted([(1, 45), (2, 38), (3, 17)])
            }
            if late != nil { schoolCount = 1 }

            // Photographers mostly work schools near home.
            var remaining = pool
            var chosen: [DemoSchool] = []
            for _ in 0..<schoolCount {
                let pairs = remaining.map { s in
                    (s, 1.0 / pow(DemoGeography.haversineMiles(home.latitude, home.longitude, s.lat, s.lng) + 6.0, 2))
                }
                let pick = rng.weighted(pairs)
                chosen.append(pick)
                remaining.remove(at: remaining.firstIndex { $0.value == pick.value }!)
            }
            // Visit order: the nearest next stop first, starting from home.
            var ordered: [DemoSchool] = []
            var current = home
            var left = chosen
            while !left.isEmpty {
                var nearest = 0
                for i in left.indices.dropFirst()
                where DemoGeography.haversineMiles(current, left[i].point) < DemoGeography.haversineMiles(current, left[nearest].point) {
                    nearest = i
                }
                let next = left.remove(at: nearest)
                ordered.append(next)
                current = next.point
            }
            let names = ordered.map(\.value)
            let miles = DemoGeography.roundTripMiles(home: home, stops: ordered.map(\.point))

            // Submission time.
            let created: DemoInstant
            if let late {
                created = .chicago(day, late.time.hour, late.time.minute, late.time.second)
            } else if job == "Picture Day" {
                created = .chicago(day, rng.randint(13, 16), rng.randint(0, 59), rng.randint(0, 59))
            } else {
                created = .chicago(day, rng.randint(15, 18), rng.randint(0, 59), rng.randint(0, 59))
            }

            var (condition, temperature) = weatherByDay[day]!
            temperature += rng.uniform(-2, 2)
            if late != nil {
                temperature -= 14
                if condition == "Sunny" { condition = "Clear" }
            }
            let weather = "\(condition), \(PythonNumber.round(temperature))°F"

            var sport: String?
            if job == "Fall Sports" {
                if ordered[0].level == .jh {
                    sport = rng.weighted(sportsJuniorHigh)
                } else {
                    sport = rng.weighted(day.month == 9 ? sportsHighSchoolSeptember : sportsHighSchoolOctober)
                }
                if let late { sport = late.sport }
                if rainy.contains(condition) && (sport == "golf" || sport == "girls' tennis") { sport = "volleyball" }
            }

            let photos: Int
            switch job {
            case "Picture Day": photos = rng.randint(350, 900)
            case "Fall Sports": photos = rng.randint(250, 850)
            case "Team Photos": photos = rng.randint(80, 300)
            default: photos = rng.randint(150, 520)
            }

            let chance: [String: Double]
            switch job {
            case "Picture Day": chance = ["Tripod": 0.8, "Flash": 1.0, "Backdrop": 1.0, "Light Stand": 1.0, "Reflector": 0.3]
            case "Fall Sports": chance = ["Tripod": 0.1, "Flash": indoor.contains(sport ?? "") ? 0.5 : 0.05, "Reflector": 0.0]
            case "Team Photos": chance = ["Tripod": 0.9, "Flash": 0.6, "Reflector": 0.4, "Light Stand": 0.2]
            default: chance = ["Tripod": 0.5, "Flash": 0.8, "Backdrop": 0.7, "Light Stand": 0.7, "Reflector": 0.4]
            }
            var packed: Set<String> = ["Camera"]
            for item in ["Tripod", "Flash", "Backdrop", "Light Stand", "Reflector"] {
                // One draw per item, even where the chance is zero.
                if rng.random() < chance[item, default: 0.0] { packed.insert(item) }
            }
            let equipmentUsed = equipment.filter { packed.contains($0) }

            let backup = rng.random() < 0.9 || late != nil

            let school = ordered[0]
            let contact = rng.choice(school.contacts)

            let notes: String
            if late != nil {
                notes = DemoNotes.lateNight[lateNight.firstIndex { $0.key == p.key }!]
            } else {
                notes = fieldNotes(&rng, job: job, sport: sport, school: school, backup: backup)
            }

            let dateField = late != nil ? created.isoUTC : day.description

            var updated = created
            if rng.random() < 0.08 {
                let minutes = rng.randint(12, 900)
                updated = created.adding(minutes: minutes, seconds: rng.randint(0, 59))
            }

            let doc = PyObject([
                ("id", .string(idRNG.firestoreID())),
                ("organizationID", .string(DemoSample.organizationID)),
                ("userId", .string(p.id)),
                ("date", .string(dateField)),
                ("photographer", .string(p.fullName)),
                ("templateId", .string(DemoTemplates.fallID)),
                ("templateName", .string(DemoTemplates.fallName)),
                ("templateVersion", .int(DemoTemplates.fallVersion)),
                ("reportType", "template"),
                ("smartFieldsUsed", .strings(smartIDs)),
                ("job_type", .string(job)),
                ("schools_visited", .strings(names)),
                ("school_name", .string(names.joined(separator: ", "))),
                ("mileage", .string(DemoGeography.milesText(miles))),
                ("weather", .string(weather)),
                ("photographer_name", .string(p.fullName)),
                ("report_date", .string(day.usDate)),
                ("submitted_time", .string(created.usTime)),
                ("photos_taken", .int(photos)),
                ("equipment_used", .strings(equipmentUsed)),
                ("backup_completed", .bool(backup)),
                ("contact_email", .string(contact.email)),
                ("contact_phone", .string(contact.phone)),
                ("notes", .string(notes)),
                ("createdAt", created.firestoreTimestamp),
                ("updatedAt", updated.firestoreTimestamp)
            ])
            reports.append(DemoReport(doc: doc, day: day, miles: miles, sport: sport, late: late != nil))
        }

        // The one note with markup-significant characters: an indoor match in October.
        let candidates = reports.indices.filter { reports[$0].sport == "volleyball" && reports[$0].day.month == 10 && !reports[$0].late }
        let special = candidates[candidates.count / 2]
        reports[special].doc["notes"] = .string(DemoNotes.special)
        if case .array(let packed)? = reports[special].doc["equipment_used"], !packed.contains("Flash") {
            reports[special].doc["equipment_used"] = .strings(equipment.filter { packed.contains(.string($0)) || $0 == "Flash" })
        }

        // A few recorded mileages that disagree with the estimate (typed over, or a detour), and a couple of
        // reports with no mileage at all. Only longer trips, so the disagreement is several miles, not a
        // matter of rounding.
        var eligible = reports.indices.filter { !reports[$0].late && $0 != special }
        let off = rng.sample(eligible.filter { reports[$0].miles >= 12 }, 5)
        let factors = [1.30, 1.42, 1.27, 0.68, 1.35]
        for (r, factor) in zip(PythonOrder.stableSorted(off) { PythonOrder.less(reports[$0].id, reports[$1].id) }, factors) {
            reports[r].doc["mileage"] = .string(DemoGeography.milesText(reports[r].miles * factor))
        }
        eligible = eligible.filter { !off.contains($0) }
        for r in rng.sample(eligible, 2) { reports[r].doc["mileage"] = nil }

        return DemoReport.sortedByDayAndPhotographer(reports)
    }

    /// A season report's notes: a few sentences that suit the job and the school, then perhaps a
    /// general remark, the backup excuse, a lead naming the sport, with the numbers filled in.
    private static func fieldNotes(_ rng: inout PythonRandom, job: String, sport: String?, school: DemoSchool, backup: Bool) -> String {
        var pool: [String]
        var lead: String?
        switch job {
        case "Fall Sports":
            let sport = sport!
            pool = DemoNotes.fall[sport]!
            lead = "\(sport.prefix(1).uppercased())\(sport.dropFirst()) at \(school.short)."
        case "Team Photos":
            pool = DemoNotes.team
        case "Individual Photos":
            pool = DemoNotes.individual
        default:
            pool = DemoNotes.pictureDay + (school.level == .el ? DemoNotes.pictureDayElementary : DemoNotes.pictureDaySecondary)
        }
        pool = pool.filter { DemoNotes.fits($0, school.level) }
        let k = rng.weighted([(1, 35), (2, 45), (3, 20)])
        var picked = rng.sample(pool, min(k, pool.count))
        // A retake day is not a picture day.
        if picked.contains(where: { $0.hasPrefix("Retakes today") }) {
            picked = picked.filter { !$0.hasPrefix("Picture day for about") }
        }
        if rng.random() < 0.3 { picked = Array(picked.prefix(2)) + [rng.choice(DemoNotes.general)] }
        if !backup {
            picked = Array(picked.prefix(2)) + ["Didn't get to the backup yet — laptop battery died. Will do it first thing tomorrow."]
        }
        if let lead, rng.random() < 0.5 { picked = [lead] + Array(picked.prefix(2)) }
        let roster = rng.randint(24, 48)
        let fill: [(String, String)] = [
            ("n", String(job == "Individual Photos" ? rng.randint(18, 40) : rng.randint(180, 640))),
            ("absent", rng.choice(["Two", "Three", "Four"])),
            ("roster", String(roster)),
            ("present", String(roster - rng.randint(1, 5))),
            ("staff", String(rng.randint(22, 58))),
            ("retakes", String(rng.randint(14, 46)))
        ]
        picked = picked.map { sentence in
            fill.reduce(sentence) { $0.replacingOccurrences(of: "{\($1.0)}", with: $1.1) }
        }
        let separator = rng.random() < 0.3 ? "\n" : " "
        return picked.joined(separator: separator)
    }
}

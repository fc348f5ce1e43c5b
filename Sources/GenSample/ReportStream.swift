import GenModel

/// `export/dailyJobReports.ndjson`: one report per line (per-collection NDJSON, docs/export-formats.md, format 4).
///
/// Reports are generated one at a time from the `"reports"` random stream and written
/// straight into the file's buffer, so a million reports cost the same memory as ten.
/// Report `i` falls on working day `i × days / count` and belongs to photographer
/// `i mod photographers`: days fill evenly, every photographer gets ⌊n/p⌋ or ⌈n/p⌉ reports,
/// and nobody files twice a day unless the calendar cap forces it.
enum ReportStream {
    static let relativePath = "export/dailyJobReports.ndjson"

    /// Share of reports whose stored mileage is 25% higher than the route: typed over by
    /// hand, or a detour. They exercise gen's mileage-discrepancy flags.
    static let discrepancyRate = 0.03

    // Job types (SampleText.jobTypes order: Fall Sports, Team, Individual, Picture Day) by month:
    // fall is sports and picture day; winter and spring are team/individual and retakes.
    private static let fallJobs = [45, 15, 10, 30], winterJobs = [10, 35, 20, 35]
    private static let springJobs = [10, 35, 25, 30], summerJobs = [20, 30, 30, 20]
    private static func jobWeights(month: Int) -> [Int] {
        switch month {
        case 8...10: return fallJobs
        case 11, 12, 1, 2: return winterJobs
        case 3...5: return springJobs
        default: return summerJobs
        }
    }

    /// How many schools a job visits (1, 2 or 3): a game is one or two stops, picture day
    /// is usually one school, team and individual sessions often hop between schools.
    private static let sportsStops = [70, 30], pictureDayStops = [60, 30, 10], sessionStops = [45, 38, 17]

    /// How likely each piece of equipment (after the camera) is, per job type.
    private static let equipmentChance: [[Double]] = [
        [0.1, 0.2, 0.0, 0.0, 0.0],  // Fall Sports: Tripod, Flash, Backdrop, Light Stand, Reflector
        [0.9, 0.6, 0.0, 0.2, 0.4],  // Team Photos
        [0.5, 0.8, 0.7, 0.7, 0.4],  // Individual Photos
        [0.8, 1.0, 1.0, 1.0, 0.3]  // Picture Day
    ]

    private static let notePools = [SampleText.notesBySport, SampleText.notesTeam, SampleText.notesIndividual, SampleText.notesPictureDay]

    /// Weights by nearness rank: photographers mostly work the schools closest to home.
    private static let rankWeights = [30, 22, 16, 11, 8, 6, 4, 3]

    static func write(
        count: Int, world: SampleWorld, season: SampleSeason, seed: UInt64,
        to file: BufferedFile
    ) throws(SampleError) {
        guard count > 0 else { return }
        var rng = SampleRandom(seed: seed, stream: "reports")
        let dayCount = season.days.count
        let photographers = world.photographers
        let names = photographers.map(\.fullName)
        let smartFields = SampleField.smartFieldIDs
        var chosen: [Int] = []
        chosen.reserveCapacity(3)
        var route: [Int] = []
        route.reserveCapacity(3)
        var id: [UInt8] = []
        id.reserveCapacity(20)

        for i in 0..<count {
            let dayIndex = i * dayCount / count
            let day = season.days[dayIndex]
            let p = i % photographers.count
            let photographer = photographers[p]
            let org = world.organizations[photographer.organization]
            let home = photographer.home!

            // What kind of job, and where.
            let job = rng.weighted(jobWeights(month: day.date.month))
            let isPictureDay = job == 3
            let stops = rng.weighted(job == 0 ? sportsStops : isPictureDay ? pictureDayStops : sessionStops) + 1
            let candidates = isPictureDay ? photographer.nearbyAll : photographer.nearbySecondary
            chosen.removeAll(keepingCapacity: true)
            for _ in 0..<min(stops, candidates.count) {
                var total = 0
                for r in candidates.indices where !chosen.contains(r) { total += rankWeights[r] }
                var x = rng.below(total)
                for r in candidates.indices where !chosen.contains(r) {
                    if x < rankWeights[r] { chosen.append(r); break }
                    x -= rankWeights[r]
                }
            }
            // Visit order: nearest next stop first, from home; the mileage follows that route.
            route.removeAll(keepingCapacity: true)
            var miles = 0.0
            var at = home
            while route.count < chosen.count {
                var best = -1, bestMiles = 0.0
                for r in chosen where !route.contains(candidates[r]) {
                    let m = SampleGeography.miles(at, org.schools[candidates[r]].point)
                    if best < 0 || m < bestMiles { best = candidates[r]; bestMiles = m }
                }
                route.append(best)
                miles += bestMiles
                at = org.schools[best].point
            }
            miles += SampleGeography.miles(at, home)
            if rng.chance(discrepancyRate) { miles *= 1.25 }
            // gen rounds half away from zero to a tenth; doing the same keeps the text exact.
            let tenths = Int((miles * 10).rounded(.toNearestOrAwayFromZero))

            let weather = season.weather[dayIndex]
            let temperature = Int((weather.highF + rng.uniform(-2, 2)).rounded())
            let secondOfDay = (isPictureDay ? rng.int(13...16) : rng.int(15...18)) * 3600 + rng.below(3600)
            let createdAt = day.localMidnight + secondOfDay
            // A few reports are edited shortly after submitting (a forgotten note, a corrected count).
            let updatedAt = rng.chance(0.07) ? createdAt + rng.int(5...90) * 60 + rng.below(60) : createdAt
            let photos = isPictureDay ? rng.int(350...900) : job == 0 ? rng.int(250...850) : job == 1 ? rng.int(50...300) : rng.int(150...520)
            var equipment: UInt8 = 1  // bit k: SampleText.equipment[k]; the camera always comes
            for (k, chance) in equipmentChance[job].enumerated() where rng.chance(chance) { equipment |= 1 << (k + 1) }
            let backup = rng.chance(0.92)
            let pool = notePools[job]
            let firstNote = rng.below(pool.count)
            let secondNote = rng.chance(0.3) ? (firstNote + 1 + rng.below(pool.count - 1)) % pool.count : -1
            let generalNote = rng.chance(0.25) ? rng.below(SampleText.notesGeneral.count) : -1

            id.removeAll(keepingCapacity: true)
            rng.appendID(length: 20, to: &id)

            // Write it straight into the file's buffer (`&file.json` is an in-place access, no copy),
            // keys in the order the app's submit code and real exports have them.
            func emit(_ json: inout JSONWriter) {
                json.beginObject()
                json.key("id"); json.string(utf8: id)
                json.key("organizationID"); json.string(org.id)
                json.key("userId"); json.string(photographer.id)
                json.key("date"); json.string(day.iso)
                json.key("photographer"); json.string(names[p])
                json.key("templateId"); json.string(org.template.id)
                json.key("templateName"); json.string(SampleTemplate.name)
                json.key("templateVersion"); json.int(SampleTemplate.version)
                json.key("reportType"); json.string("template")
                json.key("smartFieldsUsed"); json.stringArray(smartFields)
                json.key("job_type"); json.string(SampleText.jobTypes[job])
                json.key("schools_visited")
                json.beginArray()
                for s in route { json.string(utf8: org.schools[s].valueUTF8) }
                json.endArray()
                json.key("school_name")
                json.beginString()
                for (k, s) in route.enumerated() {
                    if k > 0 { json.stringPart(", ") }
                    json.stringPart(utf8: org.schools[s].valueUTF8)
                }
                json.endString()
                json.key("mileage")
                json.string(unescaped: {
                    JSONWriter.appendInt(tenths / 10, to: &$0)
                    $0.append(UInt8(ascii: "."))
                    $0.append(UInt8(truncatingIfNeeded: 0x30 + tenths % 10))
                    $0.append(contentsOf: " miles".utf8)
                })
                json.key("weather")
                json.beginString()
                json.stringPart(weather.condition)
                json.stringPart(", ")
                json.stringPart(int: temperature)
                json.stringPart("°F")
                json.endString()
                json.key("photographer_name"); json.string(names[p])
                json.key("report_date"); json.string(day.us)
                json.key("submitted_time"); json.string(unescaped: { SampleCalendar.appendUSTime(secondOfDay: secondOfDay, to: &$0) })
                json.key("photos_taken"); json.int(photos)
                json.key("equipment_used")
                json.beginArray()
                for (k, item) in SampleText.equipment.enumerated() where equipment & (1 << k) != 0 { json.string(item) }
                json.endArray()
                json.key("backup_completed"); json.bool(backup)
                json.key("notes")
                json.beginString()
                json.stringPart(pool[firstNote])
                if secondNote >= 0 { json.stringPart(" "); json.stringPart(pool[secondNote]) }
                if generalNote >= 0 { json.stringPart(" "); json.stringPart(SampleText.notesGeneral[generalNote]) }
                if !backup { json.stringPart(" "); json.stringPart(SampleText.notesNoBackup) }
                json.endString()
                json.key("createdAt"); json.timestamp(seconds: createdAt)
                json.key("updatedAt"); json.timestamp(seconds: updatedAt)
                json.endObject()
            }
            emit(&file.json)
            try file.endLine()
        }
    }
}

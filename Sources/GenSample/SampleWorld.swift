import Foundation
import GenModel

/// A school of one organization. `valueUTF8` is kept ready because the report loop writes
/// school names a million times.
struct SampleSchool {
    let id: String
    let value: String
    let valueUTF8: [UInt8]
    let street: String
    let city: String
    let zipCode: String
    let point: GeoPoint
    let coordinates: String
    /// High school or junior high: where sports, team and individual jobs happen.
    let isSecondary: Bool
}

/// A photographer or manager (`users`).
struct SamplePerson {
    let id: String
    let firstName: String
    let lastName: String
    let email: String
    let role: String
    let organization: Int
    /// Home, the start and end of every mileage route; managers may have none.
    let home: GeoPoint?
    let userCoordinates: String?
    /// Unix seconds.
    let createdAt: Int
    /// Indices into the organization's schools, nearest first: where this photographer
    /// usually works (sports/team/individual jobs use secondary schools, picture day any).
    var nearbySecondary: [Int] = []
    var nearbyAll: [Int] = []

    var fullName: String { "\(firstName) \(lastName)" }
}

struct SampleOrganization {
    let id: String
    let name: String
    var schools: [SampleSchool]
    /// Indices into `SampleWorld.photographers`.
    var photographers: Range<Int>
    var managers: [SamplePerson]
    var template: SampleTemplate
}

/// Everything small: organizations, people, schools and templates. Built once from the
/// `"world"` random stream; reports and critiques only read it.
struct SampleWorld {
    var organizations: [SampleOrganization] = []
    /// All photographers, organization by organization (contiguous ranges).
    var photographers: [SamplePerson] = []

    var userCount: Int { photographers.count + organizations.reduce(0) { $0 + $1.managers.count } }
    var schoolCount: Int { organizations.reduce(0) { $0 + $1.schools.count } }

    /// How many nearby schools each photographer rotates between.
    static let nearbyCount = 8

    init(_ options: SampleOptions) {
        var rng = SampleRandom(seed: options.seed, stream: "world")
        var names = NamePicker()
        let towns = SampleGeography.towns
        // Organizations are centred on different towns, each serving the towns nearest it.
        var centres = Array(towns.indices)
        rng.shuffle(&centres)

        for o in 0..<options.organizations {
            // Photographers spread evenly: the first `extra` organizations get one more.
            let base = options.photographers / options.organizations, extra = options.photographers % options.organizations
            let count = base + (o < extra ? 1 : 0)
            let schoolCount = max(12, count * 3)
            let centre = towns[centres[o % towns.count]]
            let centrePoint = GeoPoint(latitude: centre.latitude, longitude: centre.longitude)
            let territory = towns.indices
                .map { (i: $0, d: SampleGeography.rankDistance(centrePoint, GeoPoint(latitude: towns[$0].latitude, longitude: towns[$0].longitude))) }
                .sorted { ($0.d, $0.i) < ($1.d, $1.i) }
                .prefix(min(towns.count, max(4, (schoolCount * 2 + 4) / 5)))
                .map { towns[$0.i] }

            let orgID = "org-sample-\(o + 1)"
            let domain = "samplephoto\(o + 1).example.com"
            let schools = Self.makeSchools(schoolCount, territory: territory, &rng)

            let first = photographers.count
            for k in 0..<count {
                let (firstName, lastName) = names.next(&rng)
                let town = territory[rng.below(min(territory.count, 6 + count))]
                let home = SampleGeography.scatter(town, radius: 0.04, &rng)
                photographers.append(
                    SamplePerson(
                        id: rng.id(length: 28),  // users are keyed by Firebase Auth uid (28 characters)
                        firstName: firstName, lastName: lastName,
                        email: Self.email(firstName, lastName, domain: domain),
                        role: "photographer", organization: o, home: home,
                        // Real data has the odd "lat, lng" with a space; gen must accept it.
                        userCoordinates: SampleGeography.coordinates(home, spaceAfterComma: k == 0),
                        createdAt: Self.joined(&rng)))
            }
            var managers: [SamplePerson] = []
            for k in 0..<2 {
                let (firstName, lastName) = names.next(&rng)
                // The owner has a home address; the office manager never set one.
                let home = k == 0 ? SampleGeography.scatter(centre, radius: 0.03, &rng) : nil
                managers.append(
                    SamplePerson(
                        id: rng.id(length: 28), firstName: firstName, lastName: lastName,
                        email: Self.email(firstName, lastName, domain: domain), role: "manager", organization: o,
                        home: home, userCoordinates: home.map { SampleGeography.coordinates($0) },
                        createdAt: Self.joined(&rng)))
            }
            let template = SampleTemplate(
                id: rng.id(),
                createdAt: Self.localTime(LocalDate(year: 2024, month: 7, day: 15), hour: 10, &rng),
                updatedAt: Self.localTime(LocalDate(year: 2024, month: 8, day: 28), hour: 16, &rng),
                createdBy: managers[0].id)
            organizations.append(
                SampleOrganization(
                    id: orgID, name: "Sample Photography \(o + 1)", schools: schools,
                    photographers: first..<photographers.count, managers: managers, template: template))
        }

        for p in photographers.indices {
            let schools = organizations[photographers[p].organization].schools
            guard let home = photographers[p].home else { continue }
            photographers[p].nearbyAll = Self.nearest(Self.nearbyCount, to: home, in: schools) { _ in true }
            photographers[p].nearbySecondary = Self.nearest(Self.nearbyCount, to: home, in: schools) { $0.isSecondary }
            if photographers[p].nearbySecondary.isEmpty { photographers[p].nearbySecondary = photographers[p].nearbyAll }
        }
    }

    /// Schools in rounds over the territory: every town's high school first, then junior highs,
    /// then elementaries, so a small organization is mostly high schools (it's a fall sports
    /// business) and a big one also covers grade schools.
    private static func makeSchools(_ count: Int, territory: [SampleTown], _ rng: inout SampleRandom) -> [SampleSchool] {
        var schools: [SampleSchool] = []
        schools.reserveCapacity(count)
        var round = 0
        while schools.count < count {
            for (t, town) in territory.enumerated() where schools.count < count {
                let name: String
                switch round {
                case 0: name = "\(town.name) High School"
                case 1: name = t % 3 == 2 ? "\(town.name) Middle School" : "\(town.name) Junior High"
                case 2..<(2 + SampleText.elementaryNames.count): name = SampleText.elementaryNames[round - 2]
                default: name = "\(town.name) Attendance Center \(round - 1 - SampleText.elementaryNames.count)"
                }
                let value = "\(name) - \(town.name)"
                let point = SampleGeography.scatter(town, radius: 0.02, &rng)
                let street = "\(rng.int(100...2999)) \(rng.pick(SampleText.streetDirections))\(rng.pick(SampleText.streets))"
                schools.append(
                    SampleSchool(
                        id: rng.id(), value: value, valueUTF8: Array(value.utf8), street: street, city: town.name,
                        zipCode: town.zip, point: point, coordinates: SampleGeography.coordinates(point),
                        isSecondary: round < 2))
            }
            round += 1
        }
        return schools
    }

    /// The `k` schools nearest `home` that pass `include`, nearest first (ties by index).
    /// A bounded insertion keeps this O(schools) per photographer.
    private static func nearest(
        _ k: Int, to home: GeoPoint, in schools: [SampleSchool],
        where include: (SampleSchool) -> Bool
    ) -> [Int] {
        var best: [(d: Double, i: Int)] = []
        best.reserveCapacity(k + 1)
        for (i, s) in schools.enumerated() where include(s) {
            let d = SampleGeography.rankDistance(home, s.point)
            if best.count == k, d >= best[k - 1].d { continue }
            var at = best.count
            while at > 0, best[at - 1].d > d { at -= 1 }
            best.insert((d, i), at: at)
            if best.count > k { best.removeLast() }
        }
        return best.map(\.i)
    }

    /// When the account was created: sometime between mid-2021 and the week before the season.
    private static func joined(_ rng: inout SampleRandom) -> Int {
        let from = LocalDate(year: 2021, month: 6, day: 1).daysSinceEpoch * 86_400
        let to = LocalDate(year: 2024, month: 8, day: 26).daysSinceEpoch * 86_400
        return from + rng.below(to - from)
    }

    /// A time within the given local hour in Chicago, as Unix seconds.
    private static func localTime(_ date: LocalDate, hour: Int, _ rng: inout SampleRandom) -> Int {
        date.daysSinceEpoch * 86_400 - SampleCalendar.chicagoUTCOffset(date) + hour * 3600 + rng.below(3600)
    }

    /// `renee.castillo@samplephoto1.example.com`: lower-case ASCII, apostrophes dropped.
    static func email(_ first: String, _ last: String, domain: String) -> String {
        var local = ""
        for ch in "\(first).\(last)".lowercased() {
            switch ch {
            case "a"..."z", "0"..."9": local.append(ch)
            case "é", "è", "ë": local.append("e")
            case ".", " ", "-": if !local.hasSuffix(".") { local.append(".") }
            default: break
            }
        }
        return "\(local)@\(domain)"
    }
}

/// Unique person names across the whole sample: 60 × 60 plain combinations, then
/// middle initials, then (never in practice) a number.
private struct NamePicker {
    private var used: Set<String> = []  // membership only; never iterated (its order is random)
    private var counter = 0

    mutating func next(_ rng: inout SampleRandom) -> (String, String) {
        for attempt in 0..<40 {
            var first = rng.pick(SampleText.firstNames)
            let last = rng.pick(SampleText.lastNames)
            if attempt >= 20 {
                let initial = Character(Unicode.Scalar(UInt8(ascii: "A") + UInt8(rng.below(26))))
                first += " \(initial)."
            }
            if used.insert("\(first) \(last)").inserted { return (first, last) }
        }
        counter += 1
        let first = SampleText.firstNames[counter % SampleText.firstNames.count]
        let last = "\(SampleText.lastNames[counter % SampleText.lastNames.count]) \(counter)"
        used.insert("\(first) \(last)")
        return (first, last)
    }
}

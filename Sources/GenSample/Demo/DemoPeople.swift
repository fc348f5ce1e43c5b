import Foundation

/// The organization's users: photographers who file reports and managers who write
/// critiques. Users are keyed by their Firebase Auth uid.
struct DemoPerson {
    var key: String
    var id: String
    var first: String
    var last: String
    var role: String
    /// Home coordinates as the app stores them; one manager has none.
    var coords: String?
    var created: DemoInstant
    var email: String

    var fullName: String { "\(first) \(last)" }
    var isPhotographer: Bool { role == "photographer" }
    /// Only photographers have reports, and every photographer has a home.
    var home: DemoGeography.Point { DemoGeography.parse(coords!) }
}

enum DemoPeople {
    static let emailDomain = "lumenphoto.example.com"

    private typealias Row = (key: String, first: String, last: String, role: String, coords: String?, created: DemoInstant)

    private static let rows: [Row] = [
        // Marion, with a space after the comma.
        ("jenna", "Jenna", "Whitlock", "photographer", "37.745218, -88.956104", .chicago(2022, 8, 1, 14, 12, 5)),
        // Carbondale, west side.
        ("marcus", "Marcus", "Bell", "photographer", "37.738046,-89.240387", .chicago(2022, 8, 3, 9, 41, 50)),
        // Herrin.
        ("renee", "Renée", "Castillo", "photographer", "37.811215,-89.018733", .chicago(2023, 7, 24, 16, 3, 18)),
        // Mt. Vernon.
        ("sean", "Sean", "O'Malley", "photographer", "38.324017,-88.883842", .chicago(2023, 8, 14, 10, 27, 33)),
        // Harrisburg.
        ("tyler", "Tyler", "Brandt", "photographer", "37.746190,-88.520714", .chicago(2024, 7, 29, 11, 55, 2)),
        // Benton; the owner.
        ("dana", "Dana", "Kessler", "manager", "38.003125,-88.930147", .chicago(2021, 11, 2, 8, 30, 0)),
        // No home coordinates.
        ("chris", "Chris", "Halvorsen", "manager", nil, .chicago(2022, 2, 15, 13, 4, 47))
    ]

    /// How likely each photographer is to file a report on a given weekday.
    static let workRate: [String: Double] = ["jenna": 0.72, "marcus": 0.66, "renee": 0.58, "sean": 0.54, "tyler": 0.46]

    static func build() -> [DemoPerson] {
        var rng = PythonRandom.demo("users")
        return rows.map { row in
            let email =
                row.first.lowercased().replacingOccurrences(of: "é", with: "e") + "."
                + row.last.lowercased().replacingOccurrences(of: "'", with: "") + "@" + emailDomain
            return DemoPerson(
                key: row.key, id: rng.firestoreID(length: 28), first: row.first, last: row.last, role: row.role,
                coords: row.coords, created: row.created, email: email)
        }
    }
}

extension Array where Element == DemoPerson {
    subscript(key key: String) -> DemoPerson { first { $0.key == key }! }
}

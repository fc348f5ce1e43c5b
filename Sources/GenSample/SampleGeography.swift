import Foundation
import GenModel

/// A southern Illinois town schools and photographers are placed in.
struct SampleTown {
    let name: String
    let zip: String
    let latitude: Double
    let longitude: Double
}

/// Places and distances. Coordinates are approximate town centres; schools and homes are
/// scattered a mile or two around them, so mileage looks like the real thing.
enum SampleGeography {
    /// About fifty towns south of Centralia; enough that up to ~400 schools per
    /// organization get distinct, believable names before numbered attendance centres appear.
    static let towns: [SampleTown] = [
        SampleTown(name: "Marion", zip: "62959", latitude: 37.7306, longitude: -88.9331),
        SampleTown(name: "Carbondale", zip: "62901", latitude: 37.7273, longitude: -89.2168),
        SampleTown(name: "Herrin", zip: "62948", latitude: 37.8031, longitude: -89.0276),
        SampleTown(name: "Carterville", zip: "62918", latitude: 37.7601, longitude: -89.0773),
        SampleTown(name: "Murphysboro", zip: "62966", latitude: 37.7645, longitude: -89.3351),
        SampleTown(name: "Benton", zip: "62812", latitude: 37.9970, longitude: -88.9201),
        SampleTown(name: "West Frankfort", zip: "62896", latitude: 37.8978, longitude: -88.9315),
        SampleTown(name: "Mount Vernon", zip: "62864", latitude: 38.3173, longitude: -88.9031),
        SampleTown(name: "Du Quoin", zip: "62832", latitude: 38.0114, longitude: -89.2362),
        SampleTown(name: "Harrisburg", zip: "62946", latitude: 37.7384, longitude: -88.5406),
        SampleTown(name: "Johnston City", zip: "62951", latitude: 37.8206, longitude: -88.9276),
        SampleTown(name: "Anna", zip: "62906", latitude: 37.4603, longitude: -89.2470),
        SampleTown(name: "Jonesboro", zip: "62952", latitude: 37.4517, longitude: -89.2681),
        SampleTown(name: "Vienna", zip: "62995", latitude: 37.4153, longitude: -88.8978),
        SampleTown(name: "Metropolis", zip: "62960", latitude: 37.1512, longitude: -88.7320),
        SampleTown(name: "Eldorado", zip: "62930", latitude: 37.8137, longitude: -88.4381),
        SampleTown(name: "Carmi", zip: "62821", latitude: 38.0906, longitude: -88.1587),
        SampleTown(name: "McLeansboro", zip: "62859", latitude: 38.0934, longitude: -88.5356),
        SampleTown(name: "Fairfield", zip: "62837", latitude: 38.3789, longitude: -88.3598),
        SampleTown(name: "Sesser", zip: "62884", latitude: 38.0917, longitude: -89.0504),
        SampleTown(name: "Christopher", zip: "62822", latitude: 37.9725, longitude: -89.0534),
        SampleTown(name: "Zeigler", zip: "62999", latitude: 37.8998, longitude: -89.0520),
        SampleTown(name: "Pinckneyville", zip: "62274", latitude: 38.0803, longitude: -89.3820),
        SampleTown(name: "Chester", zip: "62233", latitude: 37.9136, longitude: -89.8218),
        SampleTown(name: "Sparta", zip: "62286", latitude: 38.1231, longitude: -89.7018),
        SampleTown(name: "Nashville", zip: "62263", latitude: 38.3437, longitude: -89.3806),
        SampleTown(name: "Centralia", zip: "62801", latitude: 38.5250, longitude: -89.1334),
        SampleTown(name: "Salem", zip: "62881", latitude: 38.6270, longitude: -88.9456),
        SampleTown(name: "Carlyle", zip: "62231", latitude: 38.6103, longitude: -89.3726),
        SampleTown(name: "Thompsonville", zip: "62890", latitude: 37.9173, longitude: -88.7620),
        SampleTown(name: "Galatia", zip: "62935", latitude: 37.8409, longitude: -88.6128),
        SampleTown(name: "Shawneetown", zip: "62984", latitude: 37.7131, longitude: -88.1867),
        SampleTown(name: "Golconda", zip: "62938", latitude: 37.3673, longitude: -88.4865),
        SampleTown(name: "Elizabethtown", zip: "62931", latitude: 37.4459, longitude: -88.3053),
        SampleTown(name: "Cairo", zip: "62914", latitude: 37.0053, longitude: -89.1765),
        SampleTown(name: "Mounds", zip: "62964", latitude: 37.1145, longitude: -89.1978),
        SampleTown(name: "Dongola", zip: "62926", latitude: 37.3617, longitude: -89.1651),
        SampleTown(name: "Cobden", zip: "62920", latitude: 37.5306, longitude: -89.2534),
        SampleTown(name: "Goreville", zip: "62939", latitude: 37.5545, longitude: -88.9723),
        SampleTown(name: "Creal Springs", zip: "62922", latitude: 37.6195, longitude: -88.8367),
        SampleTown(name: "Elkville", zip: "62932", latitude: 37.9101, longitude: -89.2362),
        SampleTown(name: "Steeleville", zip: "62288", latitude: 38.0073, longitude: -89.6585),
        SampleTown(name: "Ava", zip: "62907", latitude: 37.8886, longitude: -89.4948),
        SampleTown(name: "Grayville", zip: "62844", latitude: 38.2576, longitude: -87.9936),
        SampleTown(name: "Norris City", zip: "62869", latitude: 37.9812, longitude: -88.3287),
        SampleTown(name: "Albion", zip: "62806", latitude: 38.3773, longitude: -88.0562),
        SampleTown(name: "Mount Carmel", zip: "62863", latitude: 38.4109, longitude: -87.7614),
        SampleTown(name: "Wayne City", zip: "62895", latitude: 38.3456, longitude: -88.5878),
        SampleTown(name: "Ina", zip: "62846", latitude: 38.1506, longitude: -88.9040),
        SampleTown(name: "Woodlawn", zip: "62898", latitude: 38.3320, longitude: -89.0393)
    ]

    /// Great-circle distance in miles: the same haversine gen computes (GenModel's `Haversine`),
    /// so the stored `mileage` agrees with gen's recalculation except where it is made to differ.
    static func miles(_ a: GeoPoint, _ b: GeoPoint) -> Double { Haversine.miles(a, b) }

    /// A cheap monotone stand-in for distance (flat-earth, squared), for ranking only:
    /// ranking schools for thousands of photographers must not cost trig per pair.
    @inline(__always) static func rankDistance(_ a: GeoPoint, _ b: GeoPoint) -> Double {
        let dLat = a.latitude - b.latitude
        let dLng = (a.longitude - b.longitude) * 0.79  // cos(37.8°): degrees of longitude are shorter here
        return dLat * dLat + dLng * dLng
    }

    /// The app's `"lat,lng"` text with six decimals (`%.6f`, locale-independent).
    static func coordinates(_ p: GeoPoint, spaceAfterComma: Bool = false) -> String {
        String(format: "%.6f,%@%.6f", p.latitude, spaceAfterComma ? " " : "", p.longitude)
    }

    /// A point scattered around a town, rounded to the six decimals it will be written with,
    /// so distances computed here equal those computed from the written text.
    static func scatter(_ town: SampleTown, radius: Double, _ rng: inout SampleRandom) -> GeoPoint {
        func round6(_ x: Double) -> Double { (x * 1_000_000).rounded() / 1_000_000 }
        return GeoPoint(
            latitude: round6(town.latitude + rng.uniform(-radius, radius)),
            longitude: round6(town.longitude + rng.uniform(-radius, radius) * 1.25))
    }
}

import Foundation
import GenModel
import GenSupport
import Yams

/// Reads `CONTENT/site.yml`. A missing file means defaults; anything else wrong is an `InputError`.
public enum ConfigLoader {
    static let topKeys: Set<String> = ["title", "baseURL", "timeZone", "organizations", "mileage", "gallery", "thumbnails", "attention"]
    static let mileageKeys: Set<String> = ["ratePerMile", "rates", "averageSpeedKmh", "discrepancyPercent", "discrepancyMiles"]
    static let rateKeys: Set<String> = ["from", "ratePerMile"]
    static let galleryKeys: Set<String> = ["pageSize"]
    static let attentionKeys: Set<String> = ["lateAfterDays"]
    static let thumbnailKeys: Set<String> = [
        "thumbnailWidth", "thumbnailHeight", "displayWidth", "displayHeight",
        "quality", "maxMegapixels"
    ]

    public static func load(contentDirectory: URL) throws(InputError) -> SiteConfig {
        let url = contentDirectory.appendingPathComponent("site.yml")
        guard FileManager.default.fileExists(atPath: url.path) else { return SiteConfig() }
        guard ContentFolder(contentDirectory).contains(url.path) else {
            throw InputError(file: "site.yml", message: ContentFolder.outsideMessage)
        }
        guard let data = FileManager.default.contents(atPath: url.path) else {
            throw InputError(file: "site.yml", message: "cannot read file")
        }
        return try parse(String(decoding: data, as: UTF8.self), file: "site.yml")
    }

    /// Longest text a setting holds (a title, an organization's name); a base URL may be longer.
    static let maxTextLength = 500
    static let maxURLLength = 2048

    public static func parse(_ text: String, file: String) throws(InputError) -> SiteConfig {
        let node = try YAMLGuard.load(text, file: file)
        guard let node else { return SiteConfig() }
        guard let root = node as? [String: Any] else {
            throw InputError(file: file, message: "expected a mapping of settings at the top level")
        }
        try rejectUnknown(root, allowed: topKeys, prefix: "", file: file)
        var config = SiteConfig()
        if let v = root["title"] { config.title = try string(v, "title", file) }
        if let v = root["baseURL"] { config.baseURL = try string(v, "baseURL", file, maxLength: maxURLLength) }
        if let v = root["timeZone"] {
            let name = try string(v, "timeZone", file)
            guard let zone = TimeZone(identifier: name) else {
                throw InputError(file: file, message: "timeZone: \"\(name)\" is not an IANA time zone name (e.g. America/Chicago)")
            }
            config.timeZone = zone
        }
        if let v = root["organizations"] {
            guard let names = v as? [String: Any] else {
                throw InputError(file: file, message: "organizations: expected a mapping of organization id to name")
            }
            for (id, name) in names { config.organizations[id] = try string(name, "organizations.\(id)", file) }
        }
        if let v = root["mileage"], !(v is NSNull) {  // `mileage:` with every key commented out means defaults
            guard let mileage = v as? [String: Any] else {
                throw InputError(file: file, message: "mileage: expected a mapping with \(mileageKeys.sorted().joined(separator: ", "))")
            }
            try rejectUnknown(mileage, allowed: mileageKeys, prefix: "mileage.", file: file)
            if let r = mileage["ratePerMile"], !(r is NSNull) {
                config.mileage.ratePerMile = try number(r, "mileage.ratePerMile", 0...100, file)
            }
            if let r = mileage["rates"], !(r is NSNull) { config.mileage.rates = try rates(r, file) }
            if let s = mileage["averageSpeedKmh"] {
                config.mileage.averageSpeedKmh = try number(s, "mileage.averageSpeedKmh", 1...300, file)
            }
            if let v = mileage["discrepancyPercent"] {
                config.mileage.discrepancyPercent = try number(v, "mileage.discrepancyPercent", 0...1000, file)
            }
            if let v = mileage["discrepancyMiles"] {
                config.mileage.discrepancyMiles = try number(v, "mileage.discrepancyMiles", 0...1000, file)
            }
        }
        if let gallery = try section(root, "gallery", allowed: galleryKeys, file: file) {
            if let v = gallery["pageSize"] { config.gallery.pageSize = try integer(v, "gallery.pageSize", 1...1000, file) }
        }
        if let attention = try section(root, "attention", allowed: attentionKeys, file: file) {
            if let v = attention["lateAfterDays"] {
                config.attention.lateAfterDays = try integer(v, "attention.lateAfterDays", 0...365, file)
            }
        }
        if let thumbs = try section(root, "thumbnails", allowed: thumbnailKeys, file: file) {
            let t = "thumbnails."
            if let v = thumbs["thumbnailWidth"] { config.thumbnails.thumbnailWidth = try integer(v, t + "thumbnailWidth", 16...4000, file) }
            if let v = thumbs["thumbnailHeight"] { config.thumbnails.thumbnailHeight = try integer(v, t + "thumbnailHeight", 16...4000, file) }
            if let v = thumbs["displayWidth"] { config.thumbnails.displayWidth = try integer(v, t + "displayWidth", 16...10000, file) }
            if let v = thumbs["displayHeight"] { config.thumbnails.displayHeight = try integer(v, t + "displayHeight", 16...10000, file) }
            if let v = thumbs["quality"] { config.thumbnails.quality = try integer(v, t + "quality", 1...100, file) }
            if let v = thumbs["maxMegapixels"] {
                config.thumbnails.maxMegapixels = try number(v, t + "maxMegapixels", 0.1...1000, file)
            }
        }
        return config
    }

    /// `mileage.rates`: a list of `{from: YYYY-MM-DD, ratePerMile: N}`, each day later than the one before.
    private static func rates(_ v: Any, _ file: String) throws(InputError) -> [MileageRates.Period] {
        guard let items = v as? [Any] else {
            throw InputError(file: file, message: "mileage.rates: expected a list of {from: YYYY-MM-DD, ratePerMile: N}")
        }
        var periods: [MileageRates.Period] = []
        for (index, item) in items.enumerated() {
            let key = "mileage.rates[\(index)]"
            guard let map = item as? [String: Any] else {
                throw InputError(file: file, message: "\(key): expected a mapping with from and ratePerMile")
            }
            try rejectUnknown(map, allowed: rateKeys, prefix: key + ".", file: file)
            guard let f = map["from"], !(f is NSNull) else { throw InputError(file: file, message: "\(key).from: missing (a day, YYYY-MM-DD)") }
            guard let r = map["ratePerMile"], !(r is NSNull) else {
                throw InputError(file: file, message: "\(key).ratePerMile: missing (dollars per mile, 0–100)")
            }
            let from = try day(f, key + ".from", file)
            let rate = try number(r, key + ".ratePerMile", 0...100, file)
            if let previous = periods.last?.from, previous >= from {
                let problem = previous == from ? "repeats the day \(from)" : "\(from) comes before \(previous)"
                throw InputError(file: file, message: "\(key).from: \(problem); list the rates oldest first, one per day")
            }
            periods.append(MileageRates.Period(from: from, ratePerMile: rate))
        }
        return periods
    }

    /// A day as `YYYY-MM-DD`, a real calendar day (`YAMLGuard` gives a plain day as the text written).
    private static func day(_ v: Any, _ key: String, _ file: String) throws(InputError) -> String {
        guard let text = v as? String, LocalDate(iso: text)?.description == text else {
            throw InputError(file: file, message: "\(key): expected a day as YYYY-MM-DD")
        }
        return text
    }

    /// A nested mapping of settings; nil when absent or empty (`gallery:` with every key commented out).
    private static func section(
        _ root: [String: Any], _ key: String, allowed: Set<String>,
        file: String
    ) throws(InputError) -> [String: Any]? {
        guard let v = root[key], !(v is NSNull) else { return nil }
        guard let map = v as? [String: Any] else {
            let known = allowed.sorted().joined(separator: ", ")
            throw InputError(file: file, message: "\(key): expected a mapping with \(known)")
        }
        try rejectUnknown(map, allowed: allowed, prefix: key + ".", file: file)
        return map
    }

    private static func integer(_ v: Any, _ key: String, _ range: ClosedRange<Int>, _ file: String) throws(InputError) -> Int {
        guard let i = v as? Int else { throw InputError(file: file, message: "\(key): expected a whole number") }
        guard range.contains(i) else {
            throw InputError(file: file, message: "\(key): \(i) is out of range (\(range.lowerBound)–\(range.upperBound))")
        }
        return i
    }

    private static func rejectUnknown(_ map: [String: Any], allowed: Set<String>, prefix: String, file: String) throws(InputError) {
        let unknown = Set(map.keys).subtracting(allowed).sorted()
        guard unknown.isEmpty else {
            let names = unknown.map { "\"\(prefix)\($0)\"" }.joined(separator: ", ")
            let known = allowed.sorted().map { prefix + $0 }.joined(separator: ", ")
            throw InputError(file: file, message: "unknown setting\(unknown.count == 1 ? "" : "s") \(names) (known: \(known))")
        }
    }

    private static func string(_ v: Any, _ key: String, _ file: String, maxLength: Int = maxTextLength) throws(InputError) -> String {
        let text: String
        if let s = v as? String {
            text = s
        } else if let i = v as? Int {
            text = String(i)
        } else if let d = v as? Double {
            text = String(d)
        } else {
            throw InputError(file: file, message: "\(key): expected text")
        }
        guard text.count <= maxLength else {
            throw InputError(file: file, message: "\(key): \(text.count) characters is too long (at most \(maxLength))")
        }
        return text
    }

    /// A number inside `range`; NaN and infinities are not numbers here.
    private static func number(_ v: Any, _ key: String, _ range: ClosedRange<Double>, _ file: String) throws(InputError) -> Double {
        let x: Double
        if let d = v as? Double {
            x = d
        } else if let i = v as? Int {
            x = Double(i)
        } else {
            throw InputError(file: file, message: "\(key): expected a number")
        }
        guard x.isFinite else { throw InputError(file: file, message: "\(key): \(x) is not a number (\(range.lowerBound)–\(range.upperBound))") }
        guard range.contains(x) else {
            throw InputError(file: file, message: "\(key): \(x) is out of range (\(range.lowerBound)–\(range.upperBound))")
        }
        return x
    }

    static func yamlError(_ error: YamlError, file: String) -> InputError {
        switch error {
        case .scanner(_, let problem, let mark, _), .parser(_, let problem, let mark, _):
            return InputError(file: file, line: mark.line, column: mark.column, message: "invalid YAML: \(problem)")
        default:
            return InputError(file: file, message: "invalid YAML: \(error)")
        }
    }
}

import Foundation
import GenModel
import GenSupport

/// A stored value read as its field type says.
struct FieldReading: Equatable {
    var value: FieldValue
    /// False when the value is not what its type expects ("abc" in a number field). The value is then
    /// shown as stored (text, or a generic list/pairs), so nothing is lost, and validation flags it.
    var isReadable: Bool

    static let empty = FieldReading(value: .empty, isReadable: true)
}

/// FirestoreValue → FieldValue: per template field type, and generically for values no template
/// describes. Formatting is locale-independent (`FormFormat`); times and dates read in the given zone.
enum FieldFormatter {
    /// Nothing entered: missing, null, blank text, an empty list or map, or a list of only such values.
    static func isBlank(_ value: FirestoreValue?) -> Bool {
        guard let value else { return true }
        if case .array(let items) = value { return items.allSatisfy { isBlank($0) } }
        return value.isEmpty
    }

    /// A template field's value read as `type`. Types this builder does not know read generically.
    static func read(_ value: FirestoreValue?, type: String, zone: TimeZone) -> FieldReading {
        guard let value, !isBlank(value) else { return .empty }
        func unreadable() -> FieldReading { FieldReading(value: generic(value, zone: zone), isReadable: false) }
        func readable(_ v: FieldValue) -> FieldReading { FieldReading(value: v, isReadable: true) }

        switch type.lowercased() {
        case "text":
            // Line breaks typed into a one-line field are still the photographer's: keep them.
            if case .string(let s) = value { return readable(s.contains(where: \.isNewline) ? .paragraphs(s) : .text(s)) }
            return readable(generic(value, zone: zone))

        case "textarea":
            if case .string(let s) = value { return readable(.paragraphs(s)) }
            return readable(generic(value, zone: zone))

        case "number":
            if let x = number(value) { return readable(.text(FormFormat.number(x))) }
            return unreadable()

        case "currency":
            if let x = value.number, x.isFinite { return readable(.text(FormFormat.money(x))) }
            if let s = value.string, let x = FormFormat.parseMoney(s) { return readable(.text(FormFormat.money(x))) }
            return unreadable()

        case "email":
            guard let s = value.string?.trimmed else { return unreadable() }
            return FieldReading(value: .email(s), isReadable: isEmailAddress(s))

        case "phone":
            if let s = value.string { return readable(.phone(s.trimmed)) }
            if case .int(let i) = value { return readable(.phone(String(i))) }
            return unreadable()

        case "date":
            switch value {
            case .timestamp(let t): return readable(.text(FormFormat.mediumDate(LocalDate(t, in: zone))))
            case .string(let s):
                if let d = FormFormat.parseDate(s, in: zone) { return readable(.text(FormFormat.mediumDate(d))) }
                return unreadable()
            default: return unreadable()
            }

        case "time":
            switch value {
            case .timestamp(let t): return readable(.text(FormFormat.local(t, in: zone).1.twelveHour))
            case .string(let s):
                if let time = FormFormat.parseTime(s, in: zone) { return readable(.text(time.twelveHour)) }
                return unreadable()
            default: return unreadable()
            }

        case "select", "radio":
            if let choice = choiceText(value) { return readable(.text(choice)) }
            return unreadable()

        case "multiselect":
            if let items = choiceItems(value) { return readable(.list(items)) }
            return unreadable()

        case "toggle":
            if let b = yesNo(value) { return readable(.yesNo(b)) }
            return unreadable()

        case "file":
            guard let links = FileLinks.read(value) else { return unreadable() }
            return readable(links.isEmpty ? .empty : .files(links))

        case "location":
            return location(value, zone: zone).map(readable) ?? unreadable()

        default:
            return readable(generic(value, zone: zone))
        }
    }

    // MARK: Generic values

    /// A value no template describes: numbers grouped, booleans Yes/No, lists as lists (of files when every
    /// item is a stored file), maps as label/value pairs in key order, timestamps as date and time in the zone.
    static func generic(_ value: FirestoreValue?, zone: TimeZone) -> FieldValue {
        guard let value else { return .empty }
        switch value {
        case .null: return .empty
        case .bool(let b): return .yesNo(b)
        case .int, .double: return .text(inline(value, zone: zone))
        case .string(let s):
            if s.isBlankText { return .empty }
            return s.contains(where: \.isNewline) ? .paragraphs(s) : .text(s)
        case .array(let items):
            if items.isEmpty { return .empty }
            if items.allSatisfy({ $0.map.map(FileLinks.isFileMap) ?? false }), let links = FileLinks.read(value) {
                return .files(links)
            }
            let texts = items.map { inline($0, zone: zone) }.filter { !$0.isEmpty }
            return texts.isEmpty ? .empty : .list(texts)
        case .map(let m):
            if m.isEmpty { return .empty }
            if FileLinks.isFileMap(m), let links = FileLinks.read(value) { return .files(links) }
            return .pairs(pairs(m, zone: zone))
        case .timestamp, .geoPoint, .reference, .bytes:
            return .text(inline(value, zone: zone))
        }
    }

    /// A value as one line of text: inside lists and pairs, and for smart fields' stored values.
    static func inline(_ value: FirestoreValue, zone: TimeZone) -> String {
        switch value {
        case .null: return ""
        case .bool(let b): return b ? "Yes" : "No"
        case .int(let i): return FormFormat.number(Double(i))
        case .double(let d): return FormFormat.number(d)
        case .string(let s): return s
        case .array(let items): return items.map { inline($0, zone: zone) }.filter { !$0.isEmpty }.joined(separator: ", ")
        case .map(let m): return pairs(m, zone: zone).map { "\($0.label): \($0.value)" }.joined(separator: "; ")
        case .timestamp(let t): return FormFormat.dateTime(t, in: zone)
        case .geoPoint(let p): return FormFormat.coordinates(p)
        case .reference(let r): return r.path
        case .bytes(let b): return "\(b.count) bytes"
        }
    }

    /// A map's entries in key order, humanized keys.
    static func pairs(_ m: [String: FirestoreValue], zone: TimeZone) -> [FieldValue.Pair] {
        m.keys.sorted().map { FieldValue.Pair(label: HumanizedKey.label($0), value: inline(m[$0]!, zone: zone)) }
    }

    // MARK: Per-type readers

    /// Numbers, and text that is a number as people type one (`"1,234.5"`).
    static func number(_ value: FirestoreValue) -> Double? {
        if let x = value.number { return x.isCountable ? x : nil }
        if let s = value.string { return FormFormat.parseNumber(s) }
        return nil
    }

    /// One choice of a select/radio: text, a number or boolean, a `{value|label}` map, or a one-item list.
    static func choiceText(_ value: FirestoreValue) -> String? {
        switch value {
        case .string(let s): return s.trimmed
        case .int, .double, .bool: return value.scalarText
        case .map(let m):
            return ["value", "label", "name", "title"].lazy.compactMap { m[$0]?.scalarText }.first
        case .array(let items):
            let present = items.filter { !isBlank($0) }
            return present.count == 1 ? choiceText(present[0]) : nil
        default: return nil
        }
    }

    /// The choices of a multiselect: a list of choices, or a single choice stored without its list.
    static func choiceItems(_ value: FirestoreValue) -> [String]? {
        if case .array(let items) = value {
            var out: [String] = []
            for item in items where !isBlank(item) {
                guard let text = choiceText(item) else { return nil }
                out.append(text)
            }
            return out
        }
        return choiceText(value).map { [$0] }
    }

    /// Booleans, and the texts and numbers apps write for them (`"true"`, `"Yes"`, `1`).
    static func yesNo(_ value: FirestoreValue) -> Bool? {
        switch value {
        case .bool(let b): return b
        case .int(let i) where i == 0 || i == 1: return i == 1
        case .string(let s):
            switch s.trimmed.lowercased() {
            case "true", "yes", "on", "1": return true
            case "false", "no", "off", "0": return false
            default: return nil
            }
        default: return nil
        }
    }

    /// `name@example.com`: one `@`, something before it, a dotted domain after it, no spaces.
    static func isEmailAddress(_ s: String) -> Bool {
        let parts = s.split(separator: "@", omittingEmptySubsequences: false)
        guard parts.count == 2, !parts[0].isEmpty, !s.contains(where: \.isWhitespace) else { return false }
        // The local part may not hold address separators; domain labels are letters, digits and hyphens
        // (so a typo like `name@school,example.org` is caught).
        guard !parts[0].contains(where: { ",;:<>()[]\\\"".contains($0) }) else { return false }
        let labels = parts[1].split(separator: ".", omittingEmptySubsequences: false)
        return labels.count >= 2
            && labels.allSatisfy { label in
                !label.isEmpty && label.allSatisfy { $0.isLetter || $0.isNumber || $0 == "-" }
            }
    }

    private static let latitudeKeys = ["latitude", "lat"]
    private static let longitudeKeys = ["longitude", "lng", "lon", "long"]
    private static let addressKeys = ["address", "formattedAddress", "formatted_address"]

    /// An address as text, coordinates as `37.73060, -88.93310`, or a map of both (and more) as pairs.
    static func location(_ value: FirestoreValue, zone: TimeZone) -> FieldValue? {
        switch value {
        case .string(let s):
            // Text is shown as stored (coordinates keep every digit the app wrote).
            return .text(s.trimmed)
        case .geoPoint(let p):
            return .text(FormFormat.coordinates(p))
        case .map(let m):
            var used = Set<String>()
            func first(_ keys: [String]) -> (String, FirestoreValue)? {
                keys.lazy.compactMap { k in m[k].map { (k, $0) } }.first
            }
            var point: GeoPoint?
            if let (latKey, lat) = first(latitudeKeys), let (lngKey, lng) = first(longitudeKeys),
                let y = number(lat), let x = number(lng)
            {
                let p = GeoPoint(latitude: y, longitude: x)
                if p.isValid { point = p; used.formUnion([latKey, lngKey]) }
            }
            var address: String?
            if let (key, a) = first(addressKeys), let text = a.string, !text.trimmedBlanks.isEmpty {
                address = text.trimmed
                used.insert(key)
            }
            let rest = m.filter { !used.contains($0.key) && !isBlank($0.value) }
            if rest.isEmpty, let point, address == nil { return .text(FormFormat.coordinates(point)) }
            if rest.isEmpty, let address, point == nil { return .text(address) }
            var out: [FieldValue.Pair] = []
            if let address { out.append(FieldValue.Pair(label: "Address", value: address)) }
            if let point { out.append(FieldValue.Pair(label: "Coordinates", value: FormFormat.coordinates(point))) }
            out += pairs(rest, zone: zone)
            return .pairs(out)
        default:
            return nil
        }
    }
}

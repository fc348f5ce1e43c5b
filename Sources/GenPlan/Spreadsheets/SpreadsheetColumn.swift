import Foundation

/// What a spreadsheet column holds, read off its cells, so a spreadsheet program can total it: a column whose
/// every filled cell is a number of one kind (money, miles, a percentage, a plain number) is written as plain
/// numbers with the unit in its header; one whose every filled cell is a date as the pages write it
/// (`Oct 3, 2024`) is written as ISO dates. Anything else stays text as the report's page shows it, so no
/// value is changed: a column holding one "Unknown" among its miles keeps "35.0 miles" in every cell.
enum SpreadsheetColumn: Equatable, Sendable {
    case text, number, money, miles, percent, date

    /// The header's unit, after the label: `Round Trip Mileage (miles)`.
    var unit: String? {
        switch self {
        case .money: return "$"
        case .miles: return "miles"
        case .percent: return "%"
        case .text, .number, .date: return nil
        }
    }

    /// The kind two sets of cells share: nil for none seen yet, `.text` when they differ.
    static func merge(_ a: SpreadsheetColumn?, _ b: SpreadsheetColumn?) -> SpreadsheetColumn? {
        guard let a else { return b }
        guard let b else { return a }
        return a == b ? a : .text
    }

    /// The cell as this column writes it.
    func cell(_ text: String) -> String {
        guard !text.isEmpty else { return text }
        switch self {
        case .text: return text
        case .number: return Self.plainNumber(text) ?? text
        case .money: return Self.money(text) ?? text
        case .miles: return Self.plainNumber(String(text.dropLast(text.hasSuffix(" miles") ? 6 : 5))) ?? text
        case .percent: return Self.plainNumber(String(text.dropLast())) ?? text
        case .date: return Self.isoDate(text) ?? text
        }
    }

    static func kind(of cell: String) -> SpreadsheetColumn? {
        if plainNumber(cell) != nil { return .number }
        if money(cell) != nil { return .money }
        if cell.hasSuffix(" miles"), plainNumber(String(cell.dropLast(6))) != nil { return .miles }
        if cell.hasSuffix(" mile"), plainNumber(String(cell.dropLast(5))) != nil { return .miles }
        if cell.hasSuffix("%"), plainNumber(String(cell.dropLast())) != nil { return .percent }
        if isoDate(cell) != nil { return .date }
        return nil
    }

    /// `1,234.5` → `1234.5`; `-3` → `-3`. Grouping commas only where they group thousands. By bytes: it reads
    /// every cell of every spreadsheet.
    static func plainNumber(_ text: String) -> String? {
        guard let first = text.utf8.first, first == UInt8(ascii: "-") || isDigit(first) else { return nil }
        var bytes = Substring(text).utf8[...]
        var out: [UInt8] = []
        if bytes.first == UInt8(ascii: "-") {
            out.append(UInt8(ascii: "-"))
            bytes = bytes.dropFirst()
        }
        let integer = bytes.prefix { $0 != UInt8(ascii: ".") }
        let fraction = bytes.dropFirst(integer.count)
        let groups = integer.split(separator: UInt8(ascii: ","), omittingEmptySubsequences: false)
        guard let first = groups.first, !first.isEmpty, groups.allSatisfy({ $0.allSatisfy(isDigit) }),
            groups.count == 1 || (first.count <= 3 && groups.dropFirst().allSatisfy { $0.count == 3 })
        else { return nil }
        for group in groups { out += group }
        if !fraction.isEmpty {
            guard fraction.count > 1, fraction.dropFirst().allSatisfy(isDigit) else { return nil }
            out += fraction
        }
        return String(decoding: out, as: UTF8.self)
    }

    private static func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }

    /// `$1,234.50` → `1234.50`; `-$3.00` → `-3.00`.
    static func money(_ text: String) -> String? {
        let negative = text.hasPrefix("-$")
        guard negative || text.hasPrefix("$"), let number = plainNumber(String(text.dropFirst(negative ? 2 : 1))),
            !number.hasPrefix("-")
        else { return nil }
        return negative ? "-" + number : number
    }

    private static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    /// `Oct 3, 2024` → `2024-10-03`.
    static func isoDate(_ text: String) -> String? {
        // Most cells are not dates: rejected by their length and their fourth byte before anything is made.
        let utf8 = text.utf8
        guard (11...12).contains(utf8.count), utf8.dropFirst(3).first == UInt8(ascii: " ") else { return nil }
        let parts = text.split(separator: " ")
        guard parts.count == 3, let month = months.firstIndex(of: String(parts[0])), parts[1].hasSuffix(","),
            let day = Int(parts[1].dropLast()), (1...31).contains(day), parts[2].count == 4, let year = Int(parts[2])
        else { return nil }
        return "\(year)-\(month < 9 ? "0" : "")\(month + 1)-\(day < 10 ? "0" : "")\(day)"
    }
}

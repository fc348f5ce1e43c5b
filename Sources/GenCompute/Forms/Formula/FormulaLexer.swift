/// One token of a formula; `position` is the 1-based character offset of its first character.
struct FormulaToken: Sendable, Equatable {
    enum Kind: Sendable, Equatable {
        case number(Double)
        case text(String)
        /// A bare identifier: a field id, a function name, or TRUE/FALSE.
        case identifier(String)
        /// A `{field id}` reference.
        case braced(String)
        case op(FormulaOperator)
        case leftParen, rightParen, comma
        case end
    }

    var kind: Kind
    var position: Int

    /// How the token reads in an error message.
    var shown: String {
        switch kind {
        case .number: return "number"
        case .text: return "text"
        case .identifier(let s): return "'\(s)'"
        case .braced(let s): return "'{\(s)}'"
        case .op(let o): return "'\(o.symbol)'"
        case .leftParen: return "'('"
        case .rightParen: return "')'"
        case .comma: return "','"
        case .end: return "end of formula"
        }
    }
}

enum FormulaOperator: Sendable, Equatable {
    case equal(String)  // "=" or "=="
    case notEqual(String)  // "!=" or "<>"
    case less, lessOrEqual, greater, greaterOrEqual
    case concat, plus, minus, times, divide

    var symbol: String {
        switch self {
        case .equal(let s), .notEqual(let s): return s
        case .less: return "<"
        case .lessOrEqual: return "<="
        case .greater: return ">"
        case .greaterOrEqual: return ">="
        case .concat: return "&"
        case .plus: return "+"
        case .minus: return "-"
        case .times: return "*"
        case .divide: return "/"
        }
    }

    var isComparison: Bool {
        switch self {
        case .equal, .notEqual, .less, .lessOrEqual, .greater, .greaterOrEqual: return true
        default: return false
        }
    }
}

/// Splits formula source into tokens. Errors: an unknown character, an unclosed string or brace,
/// an empty `{}` reference.
enum FormulaLexer {
    static func tokenize(_ source: String) throws(FormulaError) -> [FormulaToken] {
        let c = Array(source)
        var tokens: [FormulaToken] = []
        var i = 0

        func isDigit(_ ch: Character) -> Bool { ch.isASCII && ch.isNumber }
        func isIdentifierStart(_ ch: Character) -> Bool { ch == "_" || ch.isLetter }
        func isIdentifierPart(_ ch: Character) -> Bool { ch == "_" || ch.isLetter || ch.isNumber }

        while i < c.count {
            let ch = c[i]
            let position = i + 1
            if ch.isWhitespace { i += 1; continue }

            // Numbers: 12, 3.5, .5, 5., 1e3, 2.5E-2
            if isDigit(ch) || (ch == "." && i + 1 < c.count && isDigit(c[i + 1])) {
                var text = ""
                while i < c.count, isDigit(c[i]) { text.append(c[i]); i += 1 }
                if i < c.count, c[i] == "." {
                    text.append("."); i += 1
                    while i < c.count, isDigit(c[i]) { text.append(c[i]); i += 1 }
                }
                if i < c.count, c[i] == "e" || c[i] == "E" {
                    var j = i + 1
                    var exponent = "e"
                    if j < c.count, c[j] == "+" || c[j] == "-" { exponent.append(c[j]); j += 1 }
                    if j < c.count, isDigit(c[j]) {
                        while j < c.count, isDigit(c[j]) { exponent.append(c[j]); j += 1 }
                        text += exponent
                        i = j
                    }
                }
                if text.hasPrefix(".") { text = "0" + text }
                if text.hasSuffix(".") { text.removeLast() }
                guard let value = Double(text) else {
                    throw FormulaError(.syntax, "invalid number", at: position)
                }
                tokens.append(FormulaToken(kind: .number(value), position: position))
                continue
            }

            // Text: "…" or '…' with \" \' \\ \n \t escapes; other backslashes are kept as written.
            if ch == "\"" || ch == "'" {
                var text = ""
                var j = i + 1
                var closed = false
                while j < c.count {
                    let x = c[j]
                    if x == ch { closed = true; j += 1; break }
                    if x == "\\", j + 1 < c.count {
                        let next = c[j + 1]
                        switch next {
                        case "\"", "'", "\\": text.append(next)
                        case "n": text.append("\n")
                        case "t": text.append("\t")
                        default: text.append("\\"); text.append(next)
                        }
                        j += 2
                        continue
                    }
                    text.append(x)
                    j += 1
                }
                guard closed else { throw FormulaError(.syntax, "unclosed text: missing closing \(ch)", at: position) }
                tokens.append(FormulaToken(kind: .text(text), position: position))
                i = j
                continue
            }

            // {field id}: anything up to the closing brace, surrounding whitespace trimmed.
            if ch == "{" {
                guard let close = c[(i + 1)...].firstIndex(of: "}") else {
                    throw FormulaError(.syntax, "unclosed field reference: missing }", at: position)
                }
                let id = String(c[(i + 1)..<close]).formulaTrimmed
                guard !id.isEmpty else { throw FormulaError(.syntax, "empty field reference {}", at: position) }
                tokens.append(FormulaToken(kind: .braced(id), position: position))
                i = close + 1
                continue
            }

            if isIdentifierStart(ch) {
                var name = ""
                while i < c.count, isIdentifierPart(c[i]) { name.append(c[i]); i += 1 }
                tokens.append(FormulaToken(kind: .identifier(name), position: position))
                continue
            }

            let next: Character? = i + 1 < c.count ? c[i + 1] : nil
            let kind: FormulaToken.Kind
            var length = 1
            switch ch {
            case "(": kind = .leftParen
            case ")": kind = .rightParen
            case ",": kind = .comma
            case "+": kind = .op(.plus)
            case "-": kind = .op(.minus)
            case "*": kind = .op(.times)
            case "/": kind = .op(.divide)
            case "&": kind = .op(.concat)
            case "=":
                if next == "=" { kind = .op(.equal("==")); length = 2 } else { kind = .op(.equal("=")) }
            case "!":
                guard next == "=" else { throw FormulaError(.syntax, "unexpected character '!' (did you mean != or NOT(…)?)", at: position) }
                kind = .op(.notEqual("!=")); length = 2
            case "<":
                if next == "=" {
                    kind = .op(.lessOrEqual); length = 2
                } else if next == ">" {
                    kind = .op(.notEqual("<>")); length = 2
                } else {
                    kind = .op(.less)
                }
            case ">":
                if next == "=" { kind = .op(.greaterOrEqual); length = 2 } else { kind = .op(.greater) }
            default:
                throw FormulaError(.syntax, "unexpected character '\(ch)'", at: position)
            }
            tokens.append(FormulaToken(kind: kind, position: position))
            i += length
        }
        tokens.append(FormulaToken(kind: .end, position: c.count + 1))
        return tokens
    }
}

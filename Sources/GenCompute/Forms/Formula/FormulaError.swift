/// Why a formula could not be parsed or evaluated, and where: `position` is the 1-based
/// character offset in the formula source (one past the end for "unexpected end of formula").
public struct FormulaError: Error, Sendable, Equatable, CustomStringConvertible {
    public enum Kind: Sendable, Equatable {
        /// Unexpected token or character, unclosed parenthesis/string/brace, trailing input, empty formula.
        case syntax
        /// A reference to a field id the report does not have.
        case unknownField
        /// A call of a function that does not exist.
        case unknownFunction
        /// A value of the wrong kind: text in arithmetic, a list in a comparison, text as a condition.
        case typeMismatch
        /// `/` with a zero (or empty) divisor.
        case divisionByZero
        /// Calculation fields that reference each other in a loop.
        case cycle
        /// A function called with too few or too many arguments.
        case argumentCount
        /// A result that is not finite or too large to count (`Double.isCountable`).
        case notCountable
    }

    public var kind: Kind
    /// Human text, e.g. "division by zero".
    public var message: String
    /// 1-based character offset in the formula where the problem is.
    public var position: Int

    public init(_ kind: Kind, _ message: String, at position: Int) {
        self.kind = kind
        self.message = message
        self.position = position
    }

    /// `column 7: division by zero`
    public var description: String { "column \(position): \(message)" }
}

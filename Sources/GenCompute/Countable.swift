/// The numbers gen adds up. A value typed into a field work form is never beyond a thousand million million;
/// one that is (`1.7e308` pasted into a count, a formula that divides by a tiny number) is a data problem,
/// left out of every sum with a warning, so that no total overflows to infinity and no data file fails to
/// encode.
extension Double {
    public static let countableLimit = 1e15

    /// Finite and at most `countableLimit` in size.
    public var isCountable: Bool { isFinite && magnitude <= Self.countableLimit }

    /// Why a value that is not countable is left out, in words for a message.
    public var uncountableReason: String { isFinite ? "too large to count (beyond ±10¹⁵)" : "not a finite number" }
}

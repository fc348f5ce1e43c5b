/// `a / b` rounded down, where Swift's `/` rounds toward zero: an instant before 1970 falls on the day before
/// the epoch, not on it.
@inline(__always) public func floorDiv(_ a: Int64, _ b: Int64) -> Int64 {
    let q = a / b
    return (a % b != 0 && (a < 0) != (b < 0)) ? q - 1 : q
}

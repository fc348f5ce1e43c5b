import Foundation

/// A value made on another thread; `value` waits for it.
public final class Pending<Value>: @unchecked Sendable {
    private let group = DispatchGroup()
    private var made: Value?

    public init(_ make: @escaping @Sendable () -> Value) {
        DispatchQueue.global().async(group: group) { self.made = make() }
    }

    public var value: Value {
        group.wait()
        return made!
    }
}

/// The demo sample's shared ways of drawing: one random stream per section, so a change in one section
/// never moves the draws of another.
extension PythonRandom {
    /// `random.Random("lumen-sample-content/" + section)`.
    static func demo(_ section: String) -> PythonRandom {
        PythonRandom(seed: "lumen-sample-content/" + section)
    }

    private static let firestoreAlphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789")

    /// A Firestore auto-id; Firebase Auth user ids are longer.
    mutating func firestoreID(length: Int = 20) -> String {
        String((0..<length).map { _ in choice(Self.firestoreAlphabet) })
    }

    /// One item, chosen with probability proportional to its weight: one `random()` scaled by the total,
    /// then the weights subtracted in order until it falls below zero.
    mutating func weighted<T>(_ pairs: [(T, Double)]) -> T {
        // Python's sum(): left to right from 0.
        let total = pairs.reduce(0.0) { $0 + $1.1 }
        var x = random() * total
        for (item, weight) in pairs {
            x -= weight
            if x < 0 { return item }
        }
        return pairs[pairs.count - 1].0
    }
}

/// Each distinct text's place in sorted order: comparing two ranks is comparing the texts, for the price of
/// comparing two numbers. Sorts of many documents by a key with few distinct texts (a collection, a
/// photographer's name) compare ranks instead of strings.
public enum Ranks {
    public static func of(_ texts: some Sequence<String>) -> [String: Int] {
        Dictionary(uniqueKeysWithValues: Set(texts).sorted().enumerated().map { ($1, $0) })
    }
}

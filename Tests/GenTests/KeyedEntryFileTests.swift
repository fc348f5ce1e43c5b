import Foundation
import GenModel
import XCTest

/// The cache file of entries by key (`KeyedEntryFile`): what one build saves, the next reads back whole,
/// however its entries mix the previous file's with new ones, reorder them or repeat a key.
final class KeyedEntryFileTests: XCTestCase {
    private func key(_ n: Int) -> ContentDigest { ContentDigest(high: UInt64(n) &* 0x9E37_79B9_7F4A_7C15, low: UInt64(n)) }

    /// Bytes of varied lengths: some lengths take two varint bytes, so a record's start is found by its length.
    private func bytes(_ n: Int, round: Int) -> [UInt8] {
        (0..<((n * 37 + round * 11) % 300)).map { UInt8(truncatingIfNeeded: $0 &+ n &+ round) }
    }

    private func read(_ file: KeyedEntryFile, _ key: ContentDigest) -> [UInt8]? {
        file.entry(key) { Array($0) }?.value
    }

    func testEntriesSurviveRoundsOfPreviousRunsNewEntriesReorderingAndRepeats() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("keyed-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let location = folder.appendingPathComponent("cache.entries")
        var expected: [Int: [UInt8]] = [:]
        var order = Array(0..<200)
        var rng = SystemRandomNumberGenerator()
        for round in 0..<6 {
            let file = KeyedEntryFile(location: location, header: "test 1\n", readsPrevious: true)
            var entries: [(ContentDigest, KeyedEntryFile.Entry)] = []
            // Most entries are the previous file's, in its order; a few change, move, repeat or are new.
            if round > 0 {
                for _ in 0..<3 { order.swapAt(Int.random(in: 0..<order.count, using: &rng), Int.random(in: 0..<order.count, using: &rng)) }
                order.append(200 + round)
                order.removeFirst()
            }
            for (position, n) in order.enumerated() {
                let changed = round == 0 || n % 17 == round || n >= 200 && expected[n] == nil
                if !changed, let previous = file.entry(key(n), { _ in () }) {
                    entries.append((key(n), previous.entry))
                } else {
                    expected[n] = bytes(n, round: round)
                    entries.append((key(n), .new(expected[n]!)))
                }
                if position % 50 == 7 { entries.append(entries[entries.count - 1]) }  // a line repeated
            }
            file.save(entries)

            let reread = KeyedEntryFile(location: location, header: "test 1\n", readsPrevious: true)
            for n in order { XCTAssertEqual(read(reread, key(n)), expected[n], "round \(round): entry \(n)") }
            XCTAssertNil(read(reread, key(10_000)))
        }
        // Another header: an empty cache, not an error.
        XCTAssertNil(read(KeyedEntryFile(location: location, header: "test 2\n", readsPrevious: true), key(order[0])))
    }
}

import Foundation
@testable import GenRender
import XCTest

/// Locating a page's fragments in its bytes, and the index as a file.
final class FragmentIndexTests: XCTestCase {
    private func fingerprint(_ n: Int) -> String { String(repeating: String(n % 10), count: 64) }

    func testFragmentsAreFoundInOrderAndMissingOnesAreLeftOut() {
        let page = Data("<p>head</p>[one][two]<p>mid</p>[one][three]".utf8)
        let fragments = [(fingerprint(1), "[one]"), (fingerprint(2), "[two]"), (fingerprint(1), "[one]"),
                         (fingerprint(3), "[three]"), (fingerprint(4), "[escaped &amp; not there]"), (fingerprint(5), "")]
        let index = FragmentIndex.locate(fragments, in: page)
        XCTAssertEqual(index.entries.map(\.fingerprint), [fingerprint(1), fingerprint(2), fingerprint(3)])
        for entry in index.entries {
            let text = String(decoding: page[entry.offset..<entry.offset + entry.length], as: UTF8.self)
            XCTAssertEqual(text, fragments.first { $0.0 == entry.fingerprint }!.1)
        }
        // Out of order: found from the start.
        let reversed = FragmentIndex.locate([(fingerprint(3), "[three]"), (fingerprint(2), "[two]")], in: page)
        XCTAssertEqual(reversed.entries.map(\.offset), [36, 16])
        // Multi-byte text: offsets and lengths in bytes.
        let accented = FragmentIndex.locate([(fingerprint(6), "[é]")], in: Data("ééé[é]".utf8))
        XCTAssertEqual(accented.entries.first?.offset, 6)
        XCTAssertEqual(accented.entries.first?.length, 4)
    }

    func testAnIndexReadsBackAndADamagedOneDoesNot() throws {
        let index = FragmentIndex(entries: [.init(fingerprint: fingerprint(1), offset: 0, length: 5),
                                            .init(fingerprint: fingerprint(2), offset: 12, length: 300)])
        XCTAssertEqual(FragmentIndex(encoded: index.encoded), index)
        XCTAssertEqual(FragmentIndex(encoded: Data()), FragmentIndex(entries: []), "a page without fragments")
        XCTAssertNil(FragmentIndex(encoded: index.encoded.dropLast()), "cut short: the last line has no end")
        XCTAssertNil(FragmentIndex(encoded: index.encoded + Data("\n".utf8)), "a blank line")
        XCTAssertNil(FragmentIndex(encoded: Data("\(fingerprint(1)) 0 5555555555555555555\n".utf8)), "a number too long")
        XCTAssertNil(FragmentIndex(encoded: Data("\(fingerprint(1)) 0 5 \n".utf8)), "a fourth field")
        for damaged in ["\(fingerprint(1)) 0", "\(fingerprint(1)) -1 5", "\(fingerprint(1)) 0 0", "zz \(0) 5",
                        "\(fingerprint(1).dropLast())x 0 5"] {
            XCTAssertNil(FragmentIndex(encoded: Data(damaged.utf8)), damaged)
        }
    }

    /// Only a page's own fragments are logged: a fragment rendered inside another is part of its text.
    func testOnlyTopLevelFragmentsAreLogged() {
        let (_, logged) = FragmentLog.recording { () -> Int in
            let log = FragmentLog.current!
            _ = log.fragment(fingerprint(1)) { "outer[" + log.fragment(fingerprint(2)) { "inner" } + "]" }
            _ = log.fragment(fingerprint(3)) { "next" }
            return 0
        }
        XCTAssertEqual(logged.map(\.fingerprint), [fingerprint(1), fingerprint(3)])
        XCTAssertEqual(logged.map(\.text), ["outer[inner]", "next"])
        XCTAssertNil(FragmentLog.current, "no log outside a recording")
    }

    /// Texts are read back from the file only where the index fits it.
    func testPreviousFragmentsReadTheRecordedBytes() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("fragments-\(UUID().uuidString).html")
        defer { try? FileManager.default.removeItem(at: file) }
        let page = Data("<html>[body é]</html>".utf8)
        try page.write(to: file)
        let index = FragmentIndex.locate([(fingerprint(1), "[body é]")], in: page)
        let previous = PreviousFragments()
        let beyond = FragmentIndex(entries: [.init(fingerprint: fingerprint(1), offset: 10, length: page.count)])
        previous.add(batch: [.init(index: beyond, file: file.path, size: page.count)])  // past the file's end: not used
        XCTAssertNil(previous.text(for: fingerprint(1)))
        previous.add(batch: [.init(index: index, file: file.path, size: page.count)])
        XCTAssertEqual(previous.text(for: fingerprint(1)), "[body é]")
        XCTAssertNil(previous.text(for: fingerprint(2)))
    }

    /// A batch's pages all count (a gallery has hundreds); only the last two batches' are held.
    func testEveryPageOfABatchIsHeldUntilTwoBatchesLater() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("fragments-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        func pages(_ numbers: Range<Int>) throws -> [PreviousFragments.Page] {
            try numbers.map { n in
                let page = Data("<p>[card \(n)]</p>".utf8)
                let file = folder.appendingPathComponent("\(n).html")
                try page.write(to: file)
                return .init(index: FragmentIndex.locate([(fingerprint(n), "[card \(n)]")], in: page), file: file.path, size: page.count)
            }
        }
        let previous = PreviousFragments()
        previous.add(batch: try pages(0..<5))
        XCTAssertEqual((0..<5).compactMap { previous.text(for: fingerprint($0)) }, (0..<5).map { "[card \($0)]" })
        previous.add(batch: try pages(5..<6))
        XCTAssertEqual(previous.text(for: fingerprint(0)), "[card 0]")
        previous.add(batch: try pages(6..<7))
        XCTAssertNil(previous.text(for: fingerprint(0)), "the first batch's pages are let go two batches later")
        XCTAssertEqual(previous.text(for: fingerprint(6)), "[card 6]")
    }
    /// Texts from more previous pages than descriptors are kept open (`OpenPages.limit`), read in turn, again
    /// and from several threads at once: each the bytes its own page recorded; a page removed since cannot be
    /// read (the fragment is then rendered).
    func testFragmentsFromManyPagesReadTheirOwnBytesThroughFewOpenFiles() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("fragments-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let count = 3 * OpenPages.limit
        @Sendable func key(_ n: Int) -> String { String(repeating: "0", count: 64 - String(n).count) + String(n) }
        let previous = PreviousFragments()
        previous.add(batch: try (0..<count).map { n in
            let texts = (0..<3).map { "[card \(n).\($0)]" }
            let page = Data(("<ul>" + texts.map { "<li>\($0)</li>" }.joined() + "</ul>").utf8)
            let file = folder.appendingPathComponent("\(n).html")
            try page.write(to: file)
            let fragments = texts.enumerated().map { (key(n * 3 + $0), $1) }
            return .init(index: FragmentIndex.locate(fragments, in: page), file: file.path, size: page.count)
        })
        let expected = (0..<count * 3).map { "[card \($0 / 3).\($0 % 3)]" }
        for _ in 0..<2 {
            XCTAssertEqual((0..<count * 3).map { previous.text(for: key($0)) }, expected)
        }
        let mixed = ConcurrentResults(count: count * 3)
        DispatchQueue.concurrentPerform(iterations: count * 3) { i in
            let k = (i * 7) % (count * 3)
            mixed.set(k, previous.text(for: key(k)))
        }
        XCTAssertEqual(mixed.values, expected)
        try FileManager.default.removeItem(at: folder.appendingPathComponent("0.html"))
        _ = (OpenPages.limit..<count).map { previous.text(for: key($0 * 3)) }  // page 0 no longer open
        XCTAssertNil(previous.text(for: key(0)))
    }
}

/// Results set from concurrent iterations.
private final class ConcurrentResults: @unchecked Sendable {
    private let lock = NSLock()
    private var slots: [String?]
    init(count: Int) { slots = Array(repeating: nil, count: count) }
    func set(_ index: Int, _ value: String?) { lock.withLock { slots[index] = value } }
    var values: [String?] { lock.withLock { slots } }
}

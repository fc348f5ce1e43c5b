import Foundation
import XCTest

@testable import GenSample

/// `gen sample --demo` against the repository's committed `Content/`: the same files, byte for byte.
/// The photos under `Content/media/` are fixtures the generator does not write, so they are left out.
final class DemoSampleTests: XCTestCase {
    private var folder: URL!

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("gen-demo-sample-\(UUID().uuidString)")
    }

    override func tearDown() {
        if let folder { try? FileManager.default.removeItem(at: folder) }
        super.tearDown()
    }

    /// Every regular file under `root`, as paths relative to it, leaving out `media/`.
    private func files(under root: URL) throws -> Set<String> {
        let base = root.resolvingSymlinksInPath().path + "/"
        var paths: Set<String> = []
        let walker = try XCTUnwrap(FileManager.default.enumerator(at: root, includingPropertiesForKeys: [.isRegularFileKey]))
        for case let url as URL in walker {
            let path = String(url.resolvingSymlinksInPath().path.dropFirst(base.count))
            if path == "media" || path.hasPrefix("media/") { continue }
            if try url.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile == true { paths.insert(path) }
        }
        return paths
    }

    func testDemoSampleIsTheCommittedContentFolder() throws {
        let written = try DemoSample.write(to: folder)
        let content = TestSite.repositoryContent
        XCTAssertEqual(written.sorted(), try files(under: folder).sorted(), "write() lists what it wrote")
        XCTAssertEqual(
            try files(under: folder).sorted(), try files(under: content).sorted(), "the demo sample and Content/ (media/ aside) hold the same files")
        for path in written {
            let generated = try Data(contentsOf: folder.appendingPathComponent(path))
            let committed = try Data(contentsOf: content.appendingPathComponent(path))
            guard generated != committed else { continue }
            let at = zip(generated, committed).enumerated().first { $0.element.0 != $0.element.1 }?.offset ?? min(generated.count, committed.count)
            XCTFail("\(path) differs from Content/\(path) at byte \(at) (\(generated.count) bytes written, \(committed.count) committed)")
        }
    }

    /// The building blocks against values CPython 3.11 printed, so a byte that moves points at the
    /// generator, the float layout or the sample's own logic. Python:
    ///
    ///     r = random.Random("lumen-sample-content/test")
    ///     r.random(), r.getrandbits(32), r.randint(1, 6), r.sample(range(100), 3),
    ///     r.sample(list(range(10)), 3), r.uniform(-4, 4), str(uuid.UUID(int=r.getrandbits(128), version=4))
    func testPythonRandomDrawsAsCPythonDoes() {
        var r = PythonRandom(seed: "lumen-sample-content/test")
        XCTAssertEqual(r.random(), 0.4928861494432647)
        XCTAssertEqual(r.getrandbits(32), 1_989_080_068)
        XCTAssertEqual(r.randint(1, 6), 6)
        XCTAssertEqual(r.sample(Array(0..<100), 3), [22, 61, 52])
        XCTAssertEqual(r.sample(Array(0..<10), 3), [0, 7, 5])
        XCTAssertEqual(r.uniform(-4, 4), 0.6487332708124063)
        XCTAssertEqual(r.uuid4(), "4d286304-5255-463d-ac6b-505bd0f92915")
    }

    func testFloatsAreWrittenAsPythonsRepr() {
        let cases: [(Double, String)] = [
            (0, "0.0"), (48, "48.0"), (18.75, "18.75"), (-88.930147, "-88.930147"), (0.1, "0.1"), (1e-05, "1e-05"),
            (0.0001, "0.0001"), (-2.5e-07, "-2.5e-07"), (1e16, "1e+16"), (0x1p53, "9007199254740992.0"),
            (1.2345678901234568e17, "1.2345678901234568e+17"), (1e22, "1e+22")
        ]
        for (value, text) in cases { XCTAssertEqual(PythonNumber.repr(value), text, "repr(\(value))") }
        XCTAssertEqual(PythonNumber.halfUp(4.125, 2), 4.13, "half up on the decimal digits, not the binary value")
        XCTAssertEqual(PythonNumber.round(2.5), 2, "round() ties to even")
        XCTAssertEqual(PythonNumber.quote("dailyJobReports/a b/IMG (1).jpg"), "dailyJobReports%2Fa%20b%2FIMG%20%281%29.jpg")
    }
}

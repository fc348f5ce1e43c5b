import Foundation
import MustacheEngine
import XCTest

/// gen's engine against the official Mustache specification (github.com/mustache/spec, its JSON files in
/// Fixtures/mustache-spec with their licence): every test of the sections gen supports. Lambdas
/// (`~lambdas.json`) and dynamic names (`~dynamic-names.json`) are not supported, so their files are not here.
final class MustacheSpecTests: XCTestCase {
    struct Spec: Decodable {
        let tests: [Case]
    }

    struct Case: Decodable {
        let name: String
        let data: SpecValue
        let template: String
        let partials: [String: String]?
        let expected: String
    }

    /// A JSON value as the engine's value.
    struct SpecValue: Decodable {
        let value: MustacheValue

        init(from decoder: any Decoder) throws {
            let single = try? decoder.singleValueContainer()
            if let single, single.decodeNil() {
                value = .null
            } else if let b = try? single?.decode(Bool.self) {
                value = .bool(b)
            } else if let i = try? single?.decode(Int.self) {
                value = .int(i)
            } else if let d = try? single?.decode(Double.self) {
                value = .double(d)
            } else if let s = try? single?.decode(String.self) {
                value = .text(s)
            } else if let list = try? single?.decode([SpecValue].self) {
                value = .list(list.map(\.value))
            } else {
                let object = try decoder.container(keyedBy: AnyKey.self)
                var result = MustacheObject()
                for key in object.allKeys.sorted(by: { $0.stringValue < $1.stringValue }) {
                    result.append(key.stringValue, try object.decode(SpecValue.self, forKey: key).value)
                }
                value = .object(result)
            }
        }
    }

    struct AnyKey: CodingKey {
        let stringValue: String
        init(stringValue: String) { self.stringValue = stringValue }
        var intValue: Int? { nil }
        init?(intValue: Int) { nil }
    }

    static let sections = ["comments", "delimiters", "interpolation", "inverted", "partials", "sections", "~inheritance"]

    func testEverySupportedSpecTestPasses() throws {
        let folder = Bundle.module.url(forResource: "Fixtures", withExtension: nil)!.appendingPathComponent("mustache-spec")
        var passed = 0
        var failures: [String] = []
        for section in Self.sections {
            let spec = try JSONDecoder().decode(Spec.self, from: Data(contentsOf: folder.appendingPathComponent("\(section).json")))
            for test in spec.tests {
                var templates = test.partials ?? [:]
                templates["\u{0}test"] = test.template
                do {
                    let library = try MustacheLibrary(templates: templates)
                    let out = String(decoding: (try library.render("\u{0}test", test.data.value)) ?? [], as: UTF8.self)
                    if out == test.expected {
                        passed += 1
                    } else {
                        failures.append("\(section) / \(test.name): got \(out.debugDescription), expected \(test.expected.debugDescription)")
                    }
                } catch {
                    failures.append("\(section) / \(test.name): \(error)")
                }
            }
        }
        XCTAssertEqual(failures, [], failures.joined(separator: "\n"))
        XCTAssertGreaterThan(passed, 150, "the spec's files were read")
        print("Mustache spec: \(passed) passed, \(failures.count) failed")
    }
}

// Coverage-guided fuzzing of everything that parses input (scripts/fuzz). Built with
// `-sanitize=fuzzer,address -D FUZZING`, libFuzzer calls `LLVMFuzzerTestOneInput` with each
// input, for the target named by the environment variable GEN_FUZZ_TARGET. Built normally, the executable
// replays files through a target (`gen-fuzz TARGET FILE...`): how a crash the fuzzer found is reproduced.
import Foundation
@testable import GenCompute
@testable import GenLoad
import GenModel
import GenResolve
import MustacheEngine

enum FuzzTarget: String, CaseIterable {
    /// One export file, through the loader, the decoder, the resolver and every report's form.
    case export
    /// Formulas, one per line (`id = formula`), parsed and calculated together.
    case formula
    /// A JSON array `[logic, values]`: a field's conditional logic applied to a report's values.
    case logic
    /// `site.yml`.
    case config
    /// Mustache templates (an overlay's), separated by NUL bytes: the first is `page`, each other starts with
    /// its name and a newline. Compiled, then `page` rendered against values of every kind, with a memo and
    /// without: the texts must be equal.
    case template

    func run(_ data: Data) {
        switch self {
        case .export: Self.export(data)
        case .formula: Self.formula(data)
        case .logic: Self.logic(data)
        case .config: _ = try? ConfigLoader.parse(String(decoding: data, as: UTF8.self), file: "site.yml")
        case .template: Self.template(data)
        }
    }

    /// Export file names by the input's first byte: the loader tells formats apart by name and shape.
    static let exportNames = [
        "firestore-backup.json", "users.json", "dailyJobReports.ndjson", "photoCritiques_raw_changelog.ndjson",
        "reportTemplates.json", "schools.jsonl", "photoCritiques.json", "dailyJobReports.json"
    ]

    private static func export(_ data: Data) {
        guard let first = data.first else { return }
        let name = "export/" + exportNames[Int(first) % exportNames.count]
        guard let contents = try? ExportFileReader(relativePath: name, data: data.dropFirst()).read() else { return }
        let typed = DocumentDecoder.decode(ExportLoader.merge([contents], files: [name]), timeZone: TimeZone(identifier: "America/Chicago")!)
        let site = OrganizationResolver.resolve(typed, config: SiteConfig())
        for org in site.organizations {
            let shapes = FormShape.all(in: org)
            for report in org.reports {
                _ = ReportForm.build(report, in: org, mileage: nil, timeZone: TimeZone(identifier: "UTC")!, shapes: shapes)
            }
        }
    }

    private static func formula(_ data: Data) {
        var formulas: [String: String] = [:]
        for (n, line) in String(decoding: data, as: UTF8.self).split(separator: "\n").enumerated() {
            let parts = line.split(separator: "=", maxSplits: 1)
            if parts.count == 2 {
                formulas[parts[0].trimmingCharacters(in: .whitespaces)] = String(parts[1])
            } else {
                formulas["f\(n)"] = String(line)
            }
        }
        let values: [String: FormulaValue] = [
            "a": .number(2), "b": .text("Fall Sports"), "c": .list([.number(1), .text("x")]),
            "big": .number(1.7e308), "t": .bool(true), "e": .empty
        ]
        _ = CalculationSet.calculate(formulas: formulas, values: values)
    }

    /// Values of every kind, text that needs escaping, a list holding itself one level down, and shared
    /// values (two of them equal) for the memo.
    static let templateValue: MustacheValue = {
        let row: MustacheValue = ["label": "Job <Type>", "value": .int(845), "empty": .list([])]
        let shared = { (n: UInt64, value: MustacheValue) in MustacheValue.shared(MustacheShared(key: MustacheKey(high: 7, low: n), value: value)) }
        let rows: MustacheValue = .list([shared(1, row), shared(2, ["label": "Photos & more", "value": .double(1.5)]), shared(1, row)])
        return [
            "title": "Fall \"Sports\" & <Picture Day>", "n": .int(3), "x": .double(-0.25), "yes": true, "no": false, "none": .null,
            "list": .list([.int(1), "two", .bool(false)]), "rows": rows, "a": ["b": ["c": "deep"], "rows": rows],
            "nodes": .list([["name": "leaf", "nodes": .list([])], ["name": "inner", "nodes": .list([["name": "x", "nodes": .list([])]])]])
        ]
    }()

    /// A content type that writes text as it is: a pragma choosing it changes the escaper from there on.
    struct Verbatim: MustacheContentType {
        func escape(_ text: String, into out: inout [UInt8]) { out += text.utf8 }
    }

    private static func template(_ data: Data) {
        var templates: [String: String] = [:]
        for (n, part) in data.split(separator: 0, omittingEmptySubsequences: false).prefix(8).enumerated() {
            let text = String(decoding: part, as: UTF8.self)
            if n == 0 {
                templates["page"] = text
            } else {
                let lines = text.split(separator: "\n", maxSplits: 1, omittingEmptySubsequences: false)
                templates[String(lines[0])] = lines.count > 1 ? String(lines[1]) : ""
            }
        }
        // A small step limit: an input that would render exponentially stops within the fuzzer's time.
        guard
            let library = try? MustacheLibrary(
                templates: templates, contentTypes: ["HTML": MustacheHTML(), "TEXT": Verbatim()], stepLimit: 100_000)
        else { return }
        let plain = Result { try library.render("page", templateValue) }
        let memo = MustacheMemo()
        for _ in 0..<2 {
            let memoized = Result { try library.render("page", templateValue, memo: memo) }
            switch (plain, memoized) {
            case (.success(let a), .success(let b)): precondition(a == b, "the memo changed the text")
            case (.failure, .failure): break
            default: preconditionFailure("the memo changed whether the render stops")
            }
        }
    }

    private static func logic(_ data: Data) {
        guard let json = try? JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed]) else { return }
        let pair = (json as? [Any]) ?? [json]
        let logic = pair.first.map(ValueDecoding.decode)
        var values: [String: FirestoreValue] = [:]
        if pair.count > 1, case .map(let map) = ValueDecoding.decode(pair[1]) { values = map }
        _ = FieldLogic.outcome(of: logic, values: values)
    }
}

#if FUZZING
    @_cdecl("LLVMFuzzerTestOneInput")
    public func fuzz(_ bytes: UnsafePointer<UInt8>, _ count: Int) -> CInt {
        let name = ProcessInfo.processInfo.environment["GEN_FUZZ_TARGET"] ?? ""
        guard let target = FuzzTarget(rawValue: name) else {
            fatalError("set GEN_FUZZ_TARGET to one of: \(FuzzTarget.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        target.run(Data(bytes: bytes, count: count))
        return 0
    }

    @_silgen_name("LLVMFuzzerRunDriver")
    func LLVMFuzzerRunDriver(
        _ argc: UnsafeMutablePointer<CInt>, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
        _ callback: @convention(c) (UnsafePointer<UInt8>, Int) -> CInt
    ) -> CInt

    /// SwiftPM links an executable's entry point under the module's name; it hands over to libFuzzer's driver.
    @_cdecl("gen_fuzz_main")
    public func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
        var argc = argc
        var argv = argv
        return LLVMFuzzerRunDriver(&argc, &argv) { fuzz($0, $1) }
    }
#else
    @main
    enum Replay {
        static func main() {
            let arguments = CommandLine.arguments.dropFirst()
            guard let name = arguments.first, let target = FuzzTarget(rawValue: name) else {
                FileHandle.standardError.write(Data("usage: gen-fuzz \(FuzzTarget.allCases.map(\.rawValue).joined(separator: "|")) FILE...\n".utf8))
                exit(2)
            }
            for path in arguments.dropFirst() {
                guard let data = FileManager.default.contents(atPath: path) else { continue }
                target.run(data)
            }
        }
    }
#endif

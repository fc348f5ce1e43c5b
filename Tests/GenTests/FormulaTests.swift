import XCTest
import GenCompute
import GenModel
import GenResolve

/// The `calculation` field formula language: lexer, parser, evaluator, CalculationSet and display.
final class FormulaTests: XCTestCase {
    private let fields: [String: FormulaValue] = [
        "photo_count": .number(12),
        "mileage": .text("24.8"),
        "label": .text("Adams"),
        "school name": .text("Lincoln"),
        "schools": .list([.text("Adams"), .text("Lincoln")]),
        "none": .list([]),
        "blank": .empty,
        "done": .bool(true),
        "hours": .list([.number(2), .text("3")])
    ]

    private func eval(_ source: String, file: StaticString = #filePath, line: UInt = #line) -> FormulaValue? {
        do {
            return try Formula.parse(source).evaluate { self.fields[$0] }
        } catch {
            XCTFail("\(source): \(error)", file: file, line: line)
            return nil
        }
    }

    private func failure(_ source: String, file: StaticString = #filePath, line: UInt = #line) -> FormulaError? {
        do {
            let value = try Formula.parse(source).evaluate { self.fields[$0] }
            XCTFail("\(source): expected an error, got \(value)", file: file, line: line)
            return nil
        } catch {
            return error
        }
    }

    private func assertError(
        _ source: String, _ kind: FormulaError.Kind, at position: Int,
        file: StaticString = #filePath, line: UInt = #line
    ) {
        guard let e = failure(source, file: file, line: line) else { return }
        XCTAssertEqual(e.kind, kind, "\(source): \(e)", file: file, line: line)
        XCTAssertEqual(e.position, position, "\(source): \(e)", file: file, line: line)
    }

    // MARK: Literals, precedence, operators

    func testPrecedenceAndAssociativity() {
        XCTAssertEqual(eval("1 + 2 * 3"), .number(7))
        XCTAssertEqual(eval("(1 + 2) * 3"), .number(9))
        XCTAssertEqual(eval("-2 * 3"), .number(-6))
        XCTAssertEqual(eval("2 - -3"), .number(5))
        XCTAssertEqual(eval("+4 - 1"), .number(3))
        XCTAssertEqual(eval("10 / 4"), .number(2.5))
        XCTAssertEqual(eval("10 - 4 - 3"), .number(3))
        XCTAssertEqual(eval("24 / 4 / 2"), .number(3))
        XCTAssertEqual(eval("1 + 2 & \"x\""), .text("3x"))  // & below +
        XCTAssertEqual(eval("1 & 2 = \"12\""), .bool(true))  // comparison lowest
    }

    func testLiterals() {
        XCTAssertEqual(eval(".5 + 3.5"), .number(4))
        XCTAssertEqual(eval("1.5e2"), .number(150))
        XCTAssertEqual(eval("\"say \\\"hi\\\"\""), .text("say \"hi\""))
        XCTAssertEqual(eval("'it\\'s' & 'a\\\\b'"), .text("it's" + "a\\b"))
        XCTAssertEqual(eval("TRUE"), .bool(true))
        XCTAssertEqual(eval("false"), .bool(false))
    }

    func testConcatenation() {
        XCTAssertEqual(eval("label & \" (\" & photo_count & \")\""), .text("Adams (12)"))
        XCTAssertEqual(eval("CONCAT(\"a\", 1234.5, blank, schools)"), .text("a1,234.5Adams, Lincoln"))
        XCTAssertEqual(eval("concat(ROUND(2 / 3, 4), \" mi\")"), .text("0.6667 mi"))
    }

    func testComparisons() {
        XCTAssertEqual(eval("2 = 2"), .bool(true))
        XCTAssertEqual(eval("2 == 3"), .bool(false))
        XCTAssertEqual(eval("2 != 3"), .bool(true))
        XCTAssertEqual(eval("2 <> 2"), .bool(false))
        XCTAssertEqual(eval("1 < 2"), .bool(true))
        XCTAssertEqual(eval("2 <= 2"), .bool(true))
        XCTAssertEqual(eval("1 > 2"), .bool(false))
        XCTAssertEqual(eval("3 >= 2"), .bool(true))
        XCTAssertEqual(eval("\"abc\" = \"ABC\""), .bool(true))  // text case-insensitively
        XCTAssertEqual(eval("\"apple\" < \"Banana\""), .bool(true))
        XCTAssertEqual(eval("mileage = 24.8"), .bool(true))  // numeric text = number
        XCTAssertEqual(eval("label = 1"), .bool(false))  // non-numeric text ≠ number
        XCTAssertEqual(eval("\"10\" > \"9\""), .bool(true))  // both numeric: numerically
        XCTAssertEqual(eval("blank = 0"), .bool(true))
    }

    // MARK: Fields

    func testFieldReferences() throws {
        XCTAssertEqual(eval("photo_count * 2"), .number(24))
        XCTAssertEqual(eval("mileage * 2"), .number(49.6))  // numeric text converts
        XCTAssertEqual(eval("{school name} & \"!\""), .text("Lincoln!"))
        XCTAssertEqual(eval("{ photo_count } + blank"), .number(12))  // empty counts as 0
        assertError("Photo_count", .unknownField, at: 1)  // field ids are case-sensitive
        XCTAssertEqual(try Formula.parse("a + {b c} * IF(x, y, z)").references, ["a", "b c", "x", "y", "z"])
    }

    func testFromFirestoreValue() {
        XCTAssertEqual(FormulaValue(FirestoreValue.int(3)), .number(3))
        XCTAssertEqual(FormulaValue(FirestoreValue.string("12")), .text("12"))
        XCTAssertEqual(FormulaValue(FirestoreValue.null), .empty)
        XCTAssertEqual(FormulaValue(FirestoreValue.array([.string("a"), .bool(false)])), .list([.text("a"), .bool(false)]))
        XCTAssertEqual(FormulaValue(FirestoreValue.map(["value": .string("Adams"), "id": .string("s1")])), .text("Adams"))
    }

    // MARK: Functions

    func testAggregates() {
        XCTAssertEqual(eval("SUM(1, hours, none)"), .number(6))  // lists are flattened
        XCTAssertEqual(eval("SUM(1, \"2\", blank, 3)"), .number(6))
        XCTAssertEqual(eval("sum(none)"), .number(0))
        XCTAssertEqual(eval("AVG(2, 4, blank, \"\")"), .number(3))  // empties ignored
        XCTAssertEqual(eval("AVG(blank, none)"), .empty)  // nothing to average
        XCTAssertEqual(eval("MIN(5, 2, 9)"), .number(2))
        XCTAssertEqual(eval("Max(5, -2, 9)"), .number(9))
        XCTAssertEqual(eval("ABS(-3.5)"), .number(3.5))
        assertError("SUM(1, label)", .typeMismatch, at: 8)
    }

    func testRound() {
        XCTAssertEqual(eval("ROUND(2.5)"), .number(3))
        XCTAssertEqual(eval("ROUND(-2.5)"), .number(-3))  // half away from zero
        XCTAssertEqual(eval("ROUND(1.005, 2)"), .number(1.01))  // decimal, not binary, halves
        XCTAssertEqual(eval("ROUND(3.14159, 3)"), .number(3.142))
        XCTAssertEqual(eval("ROUND(1234, -2)"), .number(1200))
    }

    func testLogic() {
        XCTAssertEqual(eval("IF(TRUE, 1, 1/0)"), .number(1))  // lazy: 1/0 never runs
        XCTAssertEqual(eval("IF(photo_count > 20, \"many\", \"few\")"), .text("few"))
        XCTAssertEqual(eval("IF(FALSE, 1)"), .empty)
        XCTAssertEqual(eval("IF(done, 1, nope)"), .number(1))  // untaken branch not looked up
        XCTAssertEqual(eval("AND(TRUE, photo_count = 12)"), .bool(true))
        XCTAssertEqual(eval("AND(FALSE, 1/0)"), .bool(false))  // stops at the first FALSE
        XCTAssertEqual(eval("OR(FALSE, 0, \"yes\")"), .bool(true))
        XCTAssertEqual(eval("NOT(blank)"), .bool(true))
        assertError("IF(label, 1, 2)", .typeMismatch, at: 4)
    }

    func testTextFunctions() {
        XCTAssertEqual(eval("LEN(\"héllo\")"), .number(5))
        XCTAssertEqual(eval("LEN(blank)"), .number(0))
        XCTAssertEqual(eval("UPPER(label)"), .text("ADAMS"))
        XCTAssertEqual(eval("lower(\"MiXeD\")"), .text("mixed"))
    }

    func testCountAndEmpty() {
        XCTAssertEqual(eval("COUNT(schools)"), .number(2))
        XCTAssertEqual(eval("COUNT(label)"), .number(1))
        XCTAssertEqual(eval("COUNT(blank)"), .number(0))
        XCTAssertEqual(eval("COUNT(none)"), .number(0))
        XCTAssertEqual(eval("EMPTY(blank)"), .bool(true))
        XCTAssertEqual(eval("EMPTY(\"  \")"), .bool(true))
        XCTAssertEqual(eval("EMPTY(none)"), .bool(true))
        XCTAssertEqual(eval("EMPTY(0)"), .bool(false))
    }

    // MARK: Errors

    func testErrorPositions() {
        assertError("1 + 2 / 0", .divisionByZero, at: 7)
        assertError("1 + foo", .unknownField, at: 5)
        assertError("NOPE(1)", .unknownFunction, at: 1)
        assertError("1 +", .syntax, at: 4)  // end of formula
        assertError("(1 + 2", .syntax, at: 1)  // the unclosed '('
        assertError("SUM(1, 2", .syntax, at: 4)
        assertError("\"abc", .syntax, at: 1)  // the unclosed quote
        assertError("{field", .syntax, at: 1)
        assertError("1 2", .syntax, at: 3)  // trailing input
        assertError("1 # 2", .syntax, at: 3)
        assertError("1 < 2 < 3", .syntax, at: 7)  // comparisons don't chain
        assertError("", .syntax, at: 1)
        assertError("\"a\" * 2", .typeMismatch, at: 1)
        assertError("2 * \"24.8 miles\"", .typeMismatch, at: 5)
        assertError("done + 1", .typeMismatch, at: 1)  // booleans are not numbers
        assertError("label < 3", .typeMismatch, at: 1)
        assertError("ROUND()", .argumentCount, at: 1)
        assertError("1 + if(TRUE)", .argumentCount, at: 5)
        assertError(String(repeating: "(", count: 100) + "1" + String(repeating: ")", count: 100), .syntax, at: 65)
        assertError("1" + String(repeating: " + 1", count: 300), .syntax, at: 3 + 4 * 255)  // the 256th "+": a tree 257 deep
        XCTAssertEqual(failure("1 + 2 / 0")?.description, "column 7: division by zero")
    }

    // MARK: CalculationSet

    func testDependencyOrder() {
        let r = CalculationSet.evaluate(
            formulas: ["c": "b * 2", "b": "a + 1", "d": "ROUND(c / 3, 3)"],
            values: ["a": .number(3)])
        XCTAssertEqual(try r["b"]?.get(), .number(4))
        XCTAssertEqual(try r["c"]?.get(), .number(8))
        XCTAssertEqual(try r["d"]?.get(), .number(2.667))
        // A stored value for a calculation field is recomputed, not read.
        let stored = CalculationSet.evaluate(formulas: ["b": "a + 1"], values: ["a": .number(1), "b": .number(99)])
        XCTAssertEqual(try stored["b"]?.get(), .number(2))
    }

    func testCycles() {
        let r = CalculationSet.evaluate(
            formulas: ["a": "b + 1", "b": "2 * a", "self": "1 + self", "after": "10 - a", "ok": "1 +"],
            values: [:])
        func error(_ id: String) -> FormulaError? {
            if case .failure(let e)? = r[id] { return e }
            return nil
        }
        XCTAssertEqual(error("a")?.kind, .cycle)
        XCTAssertEqual(error("a")?.position, 1)
        XCTAssertEqual(error("a")?.message, "circular reference: a → b → a")
        XCTAssertEqual(error("b")?.kind, .cycle)
        XCTAssertEqual(error("b")?.position, 5)
        XCTAssertEqual(error("self")?.kind, .cycle)
        XCTAssertEqual(error("self")?.position, 5)
        XCTAssertEqual(error("after")?.kind, .cycle)  // depends on a cycle: reported at its reference
        XCTAssertEqual(error("after")?.position, 6)
        XCTAssertEqual(error("ok")?.kind, .syntax)
    }

    /// A calculation that uses one whose formula does not parse fails too, naming that field (it crashed gen).
    func testACalculationUsingOneThatDoesNotParseFails() {
        let r = CalculationSet.evaluate(
            formulas: ["broken": "1 +", "uses": "broken * 2", "chain": "uses + 1", "fine": "a + 1"],
            values: ["a": .number(1)])
        func error(_ id: String) -> FormulaError? {
            if case .failure(let e)? = r[id] { return e }
            return nil
        }
        XCTAssertEqual(error("broken")?.kind, .syntax)
        XCTAssertEqual(error("uses")?.kind, .syntax)
        XCTAssertTrue(error("uses")?.message.hasPrefix("field broken has an error") == true, "\(String(describing: error("uses")))")
        XCTAssertEqual(error("chain")?.kind, .syntax)
        XCTAssertEqual(try r["fine"]?.get(), .number(2))
    }

    /// The report's warning for such a calculation names the template, the field and the cause.
    func testTheWarningNamesTheTemplateTheFieldAndTheCause() throws {
        let source = DocumentSource(file: "export/r.json", collection: "dailyJobReports", documentID: "r1")
        let fields = [
            TemplateField(
                id: "broken", type: "calculation", label: "Broken",
                smartConfig: SmartFieldConfig(calculationType: "calculation", formula: "1 +")),
            TemplateField(
                id: "uses", type: "calculation", label: "Uses",
                smartConfig: SmartFieldConfig(calculationType: "calculation", formula: "broken * 2"))
        ]
        let template = ReportTemplate(id: "t9", organizationID: "o", name: "Fall Sports", fields: fields, source: source)
        let org = Organization(id: "o", name: "O", pathSegment: "o", users: [], schools: [], templates: [template], reports: [], critiques: [])
        let report = DailyJobReport(
            id: "r1", organizationID: "o", userId: nil, date: LocalDate(year: 2024, month: 9, day: 3),
            templateId: "t9", fields: ["templateId": .string("t9")], source: source)
        let form = ReportForm.build(report, in: org, mileage: nil, timeZone: TimeZone(identifier: "UTC")!)
        let warning = try XCTUnwrap(form.diagnostics.first { $0.field == "uses" })
        XCTAssertTrue(warning.message.contains("field broken has an error"), warning.message)
        XCTAssertTrue(warning.message.contains("template \"Fall Sports\", t9"), warning.message)
    }

    // MARK: Display

    func testDisplay() throws {
        XCTAssertEqual(FormulaValue.number(1234.5).display, "1,234.5")
        XCTAssertEqual(FormulaValue.number(1234567.891).display, "1,234,567.89")
        XCTAssertEqual(FormulaValue.number(2.675).display, "2.68")
        XCTAssertEqual(FormulaValue.number(3).display, "3")
        XCTAssertEqual(FormulaValue.number(-0.001).display, "0")
        XCTAssertEqual(FormulaValue.number(-1234.5).display, "-1,234.5")
        XCTAssertEqual(FormulaValue.number(0.05).display, "0.05")
        XCTAssertEqual(FormulaValue.number(1e21).display, "1,000,000,000,000,000,000,000")
        XCTAssertEqual(FormulaValue.bool(true).display, "Yes")
        XCTAssertEqual(FormulaValue.list([.text("a"), .number(2), .bool(false)]).display, "a, 2, No")
        XCTAssertEqual(FormulaValue.empty.display, "")
        // ROUND asking for more than 2 decimals keeps them on the page; arithmetic alone shows 2.
        XCTAssertEqual(try Formula.parse("ROUND(1 / 3, 4)").calculate { _ in nil }.display, "0.3333")
        XCTAssertEqual(try Formula.parse("1 / 3").calculate { _ in nil }.display, "0.33")
        let set = CalculationSet.calculate(formulas: ["x": "ROUND(a, 3)", "y": "x + 1"], values: ["a": .number(1.23456)])
        XCTAssertEqual(try set["y"]?.get().display, "2.235")
    }
}

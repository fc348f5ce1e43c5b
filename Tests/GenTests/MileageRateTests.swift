import Foundation
import GenCompute
import GenLoad
import GenModel
import XCTest

/// Dated reimbursement rates (`mileage.rates` in `site.yml`): how they are read, checked and applied.
final class MileageRateTests: XCTestCase {
    func testTotalsPerRateAcrossARateChange() {
        let rates = MileageRates([
            MileageRates.Period(from: nil, ratePerMile: 0.655), MileageRates.Period(from: "2024-09-15", ratePerMile: 0.7)
        ])
        let trips: [(day: String, miles: Double)] = [("2024-09-03", 15.2), ("2024-09-14", 0.1), ("2024-09-15", 0.2), ("2024-09-30", 31.2)]
        let totals = rates.totals(trips)
        XCTAssertEqual(totals.map(\.period), [0, 1])
        XCTAssertEqual(totals.map(\.trips), [2, 2])
        XCTAssertEqual(totals.map(\.miles), [15.3, 31.4])
        // Each trip to the cent, each rate's amount the sum of its trips: 15.2 × 0.655 = 9.956 → $9.96 and
        // 0.1 × 0.655 = 0.0655 → $0.07 make $10.03 (not 15.3 × 0.655 = $10.02); 0.2 × 0.7 = $0.14 and 31.2 × 0.7 = $21.84.
        XCTAssertEqual(totals.map(\.amount), [Cents(1003), Cents(2198)])
        XCTAssertEqual(rates.amount(totals), Cents(3201))
        XCTAssertEqual(rates.amount(miles: 10, on: "2024-09-14"), Cents(655))
        XCTAssertEqual(rates.amount(miles: 10, on: "2024-09-15"), Cents(700))
        // Half a cent is paid, whatever the float product says (24.5 × 0.67 = 16.41499… in binary).
        XCTAssertEqual(Cents(miles: 24.5, rate: 0.67), Cents(1642))
        XCTAssertEqual(Cents(miles: 5.5, rate: 0.67), Cents(369))
        XCTAssertNil(MileageRates().amount(miles: 10, on: "2024-09-15"))
        // Before every rate: no rate, paid nothing.
        let dated = MileageRates([MileageRates.Period(from: "2024-09-15", ratePerMile: 0.7)])
        XCTAssertEqual(dated.totals([(day: "2024-09-01", miles: 5.0), (day: "2024-09-20", miles: 5.0)]).map(\.period), [0, nil])
        XCTAssertEqual(dated.amount(miles: 5, on: "2024-09-01"), .zero)
        XCTAssertEqual(rates.periods(during: "2024-08"), [0])
        XCTAssertEqual(rates.periods(during: "2024-09"), [0, 1])
        XCTAssertEqual(rates.periods(during: "2024-10"), [1])
        XCTAssertEqual(dated.periods(during: "2024-08"), [])
    }

    func testRatesConfigErrorsNameTheKey() throws {
        func error(_ yaml: String) -> String? {
            do {
                _ = try ConfigLoader.parse(yaml, file: "site.yml")
                return nil
            } catch {
                return error.description
            }
        }
        let cases: [(String, String)] = [
            (
                "mileage:\n  rates:\n    - {from: 2024-07-01, ratePerMile: 0.7}\n    - {from: 2024-01-01, ratePerMile: 0.67}\n",
                "mileage.rates[1].from: 2024-01-01 comes before 2024-07-01"
            ),
            (
                "mileage:\n  rates:\n    - {from: 2024-01-01, ratePerMile: 0.7}\n    - {from: 2024-01-01, ratePerMile: 0.67}\n",
                "mileage.rates[1].from: repeats the day 2024-01-01"
            ),
            ("mileage:\n  rates:\n    - {from: 2024-01-01, ratePerMile: -0.5}\n", "mileage.rates[0].ratePerMile: -0.5 is out of range"),
            ("mileage:\n  rates:\n    - {from: 2024-13-01, ratePerMile: 0.5}\n", "mileage.rates[0].from: expected a day as YYYY-MM-DD"),
            ("mileage:\n  rates:\n    - {ratePerMile: 0.5}\n", "mileage.rates[0].from: missing"),
            ("mileage:\n  rates:\n    - {from: 2024-01-01}\n", "mileage.rates[0].ratePerMile: missing"),
            ("mileage:\n  rates:\n    - {from: 2024-01-01, ratePerMile: 0.5, to: 2025-01-01}\n", "\"mileage.rates[0].to\""),
            ("mileage:\n  rates: 0.67\n", "mileage.rates: expected a list")
        ]
        for (yaml, expected) in cases {
            let message = error(yaml)
            XCTAssertTrue(message?.contains("site.yml") == true, "\(message ?? "no error") for \(yaml)")
            XCTAssertTrue(message?.contains(expected) == true, "\(message ?? "no error") should say \(expected)")
        }
        // Quoted days read the same as plain ones, and a single rate with dated ones makes a schedule.
        let config = try ConfigLoader.parse(
            "mileage:\n  ratePerMile: 0.655\n  rates:\n    - from: \"2024-01-01\"\n      ratePerMile: 0.67\n    - {from: 2025-01-01, ratePerMile: 0.7}\n",
            file: "site.yml")
        let schedule = config.mileage.schedule
        XCTAssertEqual(schedule.periods.map(\.from), [nil, "2024-01-01", "2025-01-01"])
        XCTAssertEqual(schedule.rate(on: "2023-12-31"), 0.655)
        XCTAssertEqual(schedule.rate(on: "2024-01-01"), 0.67)
        XCTAssertEqual(schedule.rate(on: "2025-06-01"), 0.7)
        XCTAssertNil(MileageRates([MileageRates.Period(from: "2024-01-01", ratePerMile: 1)]).rate(on: "2023-12-31"))
    }
}

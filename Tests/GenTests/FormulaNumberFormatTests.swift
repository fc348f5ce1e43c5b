import Foundation
@testable import GenCompute
import XCTest

/// Whole numbers take a short path in `FormulaNumberFormat.display`: it must read exactly as the
/// digit-by-digit path does.
final class FormulaNumberFormatTests: XCTestCase {
    func testWholeNumbersReadAsTheDigitPathReadsThem() {
        var generator = SystemRandomNumberGenerator()
        var samples: [Double] = [
            0, -0.0, 1, -1, 9, 10, 999, 1000, -1000, 999_999, 1_000_000, -1_234_567,
            4_294_967_296, 999_999_999_999_999, 9_007_199_254_740_991, -9_007_199_254_740_991
        ]
        for _ in 0..<5_000 {
            let magnitude = Double(Int.random(in: 0...15, using: &generator))
            samples.append((Double.random(in: -1...1, using: &generator) * pow(10, magnitude)).rounded(.towardZero))
        }
        for x in samples {
            for decimals in [0, 1, 2, 10] {
                XCTAssertEqual(
                    FormulaNumberFormat.display(x, maxDecimals: decimals),
                    FormulaNumberFormat.displayByDigits(x, maxDecimals: decimals), "\(x), \(decimals) decimals")
            }
        }
    }

    func testWholeNumbersAreGroupedByThousands() {
        XCTAssertEqual(FormulaNumberFormat.display(507, maxDecimals: 10), "507")
        XCTAssertEqual(FormulaNumberFormat.display(-1_234_567, maxDecimals: 10), "-1,234,567")
        XCTAssertEqual(FormulaNumberFormat.display(-0.0, maxDecimals: 10), "0")
        // Fractions and numbers beyond 2^53 still take the digit path.
        XCTAssertEqual(FormulaNumberFormat.display(1234.5, maxDecimals: 10), "1,234.5")
        XCTAssertEqual(FormulaNumberFormat.display(1e20, maxDecimals: 0), "100,000,000,000,000,000,000")
    }
}

import Foundation
import GenPlan

extension PlanBatch {
    /// Whether a batch's name is a month of reports' (`<org> YYYY-MM`), as the tests tell months from the other
    /// batches that record their reads (the school pages).
    static func isMonth(_ name: String) -> Bool { name.range(of: #" \d{4}-\d{2}$"#, options: .regularExpression) != nil }
}

import GenCompute

/// What a manager follows up that both the needs-attention page (`AttentionPage`) and the data-quality page
/// (`DataQualityPage`) list: each group's title and what to do, and how a discrepancy reads, written once so
/// the two pages cannot word the same problem differently.
enum FollowUpWords {
    /// A group both pages have.
    enum Shared {
        /// Reports with validation problems.
        case validation
        /// Recorded miles beyond the tolerance of the computed route.
        case mileageDiscrepancy

        var title: String {
            switch self {
            case .validation: return "Reports that fail validation"
            case .mileageDiscrepancy: return "Mileage to check before paying it"
            }
        }

        /// What to do; `tolerance`: the organization's, which its discrepancies exceed.
        func action(_ tolerance: MileageTolerance) -> String {
            switch self {
            case .validation: return "Ask the photographer to correct the values in the app; the report is published as filed."
            case .mileageDiscrepancy:
                return "The recorded miles differ from the route by \(tolerance.words): compare them before reimbursing."
            }
        }
    }

    /// A discrepancy in words, without a full stop (the attention page's heading; the data-quality page's
    /// sentence adds one): `Recorded 48.0 miles; the route computes 39.1`.
    static func discrepancy(_ mileage: ReportMileage?) -> String {
        let recorded = mileage?.recordedMiles.map(Format.miles) ?? "—"
        let computed = mileage?.computedMiles.map(Format.miles) ?? "—"
        return "Recorded \(recorded) miles; the route computes \(computed)"
    }
}

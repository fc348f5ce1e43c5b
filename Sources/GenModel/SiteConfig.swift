import Foundation

/// `site.yml`: every key gen understands, with its default.
public struct SiteConfig: Sendable, Equatable {
    public var title: String = "Field Reports"
    public var baseURL: String = ""
    /// IANA zone in which report dates and times are read and shown.
    public var timeZone: TimeZone = TimeZone(identifier: "UTC")!
    /// Display names of organizations by id; the id is shown when a name is missing.
    public var organizations: [String: String] = [:]
    public var mileage = Mileage()

    public struct Mileage: Sendable, Equatable {
        /// Reimbursement in dollars per mile; nil means no reimbursement is computed.
        public var ratePerMile: Double?
        /// Used to estimate driving minutes per leg.
        public var averageSpeedKmh: Double = 50

        public init(ratePerMile: Double? = nil, averageSpeedKmh: Double = 50) {
            self.ratePerMile = ratePerMile
            self.averageSpeedKmh = averageSpeedKmh
        }
    }

    public init() {}
}

import Foundation

/// `site.yml`: every key gen understands, with its default.
public struct SiteConfig: Sendable, Equatable {
    public var title: String = "Field Reports"
    public var baseURL: String = ""
    /// IANA zone in which report dates and times are read and shown.
    public var timeZone: TimeZone = TimeZone(identifier: "UTC")!
    /// Display names of organizations by id; the id is shown when a name is missing.
    public var organizations: [String: String] = [:]

    /// An organization's display name, its id when it has none. Looked up by the id's bytes: an id that only
    /// looks like a named one (`K` and U+212A KELVIN SIGN) is not given that organization's name.
    public func organizationName(_ id: DocumentID) -> String {
        organizations.first { DocumentID($0.key) == id }?.value ?? id.text
    }
    public var mileage = Mileage()
    public var gallery = Gallery()
    public var thumbnails = Thumbnails()
    public var attention = Attention()

    public struct Mileage: Sendable, Equatable {
        /// Reimbursement in dollars per mile from the beginning of time (until the first of `rates`); with
        /// neither, no reimbursement is computed.
        public var ratePerMile: Double?
        /// Dated rates (`mileage.rates`), oldest first, each in force from its day.
        public var rates: [MileageRates.Period] = []
        /// Used to estimate driving minutes per leg.
        public var averageSpeedKmh: Double = 50
        /// A report's recorded miles are a discrepancy when they differ from its route's by more than this
        /// percentage of the route and by more than `discrepancyMiles`.
        public var discrepancyPercent: Double = defaultDiscrepancyPercent
        public var discrepancyMiles: Double = defaultDiscrepancyMiles

        public static let defaultDiscrepancyPercent = 10.0
        public static let defaultDiscrepancyMiles = 1.0

        public init(
            ratePerMile: Double? = nil, averageSpeedKmh: Double = 50, rates: [MileageRates.Period] = [],
            discrepancyPercent: Double = defaultDiscrepancyPercent, discrepancyMiles: Double = defaultDiscrepancyMiles
        ) {
            self.ratePerMile = ratePerMile
            self.averageSpeedKmh = averageSpeedKmh
            self.rates = rates
            self.discrepancyPercent = discrepancyPercent
            self.discrepancyMiles = discrepancyMiles
        }

        /// Every rate: `ratePerMile` from the beginning of time, then the dated ones.
        public var schedule: MileageRates {
            MileageRates((ratePerMile.map { [MileageRates.Period(from: nil, ratePerMile: $0)] } ?? []) + rates)
        }
    }

    /// The "Needs attention" page.
    public struct Attention: Sendable, Equatable {
        /// A report filed (saved) more than this many days after the day it reports is late.
        public var lateAfterDays: Int = 2

        public init(lateAfterDays: Int = 2) { self.lateAfterDays = lateAfterDays }
    }

    /// Critique galleries.
    public struct Gallery: Sendable, Equatable {
        /// Cards per gallery page; larger galleries are split into numbered pages.
        public var pageSize: Int = 24

        public init(pageSize: Int = 24) { self.pageSize = pageSize }
    }

    /// Renditions made from local critique images (libvips).
    public struct Thumbnails: Sendable, Hashable {
        /// Grid thumbnail: cropped to fill exactly this box.
        public var thumbnailWidth: Int = 300
        public var thumbnailHeight: Int = 200
        /// Display size: fitted inside this box, never enlarged.
        public var displayWidth: Int = 1600
        public var displayHeight: Int = 1600
        /// Encoder quality (1–100) for WebP and JPEG.
        public var quality: Int = 82
        /// Sources with more pixels than this are refused (decompression bombs).
        public var maxMegapixels: Double = 100

        public init() {}
    }

    public init() {}
}

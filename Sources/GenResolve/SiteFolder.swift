import GenModel

/// A folder of the site where data (ids, names) names files, with the names gen writes there itself. Every page
/// family takes its file names from its folder here, and `PathAllocator` can be made nowhere else, so no family
/// can forget a name gen uses: a user whose id is `index` gets `index-2.html` in every folder that has an
/// `index.html`, whichever family writes it.
public struct SiteFolder: Sendable {
    /// Relative to the organization folder (to the output root for `organizations`).
    public let path: String
    /// Files and folders gen writes in this folder whatever the data.
    public let ownNames: Set<String>
    /// What a family appends to a name to make its file (`.html`); "" for folders. Files of one id in several
    /// forms (`.html` and `.md`) are told apart by extension alone, so the first is enough.
    public let fileExtension: String

    /// The names of `ids` in this folder: safe, unique whatever the case, none of them an own name.
    public func names<S: Sequence>(for ids: S, alsoReserving more: Set<String> = []) -> PathAllocator
    where S.Element == DocumentID {
        PathAllocator(ids: ids, reserved: ownNames.union(more), fileExtension: fileExtension)
    }

    /// The folders of the output root, one per organization, beside the site's own home page and assets.
    public static let organizations = SiteFolder(path: "", ownNames: ["assets", "index.html"], fileExtension: "")
    public static let reports = SiteFolder(path: "reports/report", ownNames: [], fileExtension: ".html")
    public static let critiqueGalleries = SiteFolder(path: "critiques/photographer", ownNames: [], fileExtension: "")
    public static let critiquePhotos = SiteFolder(path: "critiques/photo", ownNames: [], fileExtension: ".html")
    public static let mileage = SiteFolder(path: "mileage", ownNames: ["index.html"], fileExtension: ".html")
    /// A month's reimbursement statements (`reports/monthly/YYYY-MM/statements/`, and `statements/` in its archive).
    public static let statements = SiteFolder(path: "statements", ownNames: ["index.html"], fileExtension: ".html")
    public static let schools = SiteFolder(path: "schools", ownNames: ["index.html"], fileExtension: ".html")
    public static let statisticsPhotographers = SiteFolder(path: "stats/photographer", ownNames: [], fileExtension: ".html")
    public static let statisticsManagers = SiteFolder(path: "stats/manager", ownNames: [], fileExtension: ".html")
    public static let spreadsheets = SiteFolder(path: "data/reports", ownNames: ["other.csv", "other.columns.csv"], fileExtension: ".csv")
    public static let pages = SiteFolder(path: "pages", ownNames: [], fileExtension: ".html")

    /// Every folder where data names files, the organization's and the output root's.
    public static let all: [SiteFolder] = [
        organizations, reports, critiqueGalleries, critiquePhotos, mileage, schools, statisticsPhotographers,
        statisticsManagers, spreadsheets, pages
    ]
}

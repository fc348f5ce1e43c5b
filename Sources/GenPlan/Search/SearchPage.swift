/// `search.html`: a search box with filters over the organization's reports, days, critiques, people, schools
/// and pages. The page is the same for everyone; `assets/search.js` fills it from the index files and the URL's
/// query, so it works opened from disk, and inside a month's archive for that month.
enum SearchPage {
    static let path = "search.html"

    struct Body: Sendable, Encodable {
        /// The archived month the page searches; nil on the site, where it searches every month.
        var month: String?
    }
}

import GenCompute
import GenModel
import GenResolve

/// A reimbursement statement per photographer and month, as IRS Publication 463 asks of a mileage record
/// (date, destination, business purpose, miles), and the month's index of them:
/// `reports/monthly/YYYY-MM/statements/index.html`, `<photographer>.html` and `<photographer>.md`, and the
/// same under `statements/` in the month's archive; a month without mileage has none. Planned with the month (`ReportMonths`), from the month's
/// slice of `mileage.json`: every number is the summary's own row, and the amounts are its rates'
/// (`MileageRates.totals`), so a statement's total is the month's reimbursement of `mileage.json`.
enum MileageStatements {
    static let folder = SiteFolder.statements.path
    static let indexPath = "\(folder)/index.html"

    struct TripRow: Sendable, Encodable {
        var day: String
        var schools: String
        var purpose: String
        var computed: String
        var recorded: String
        var miles: String
        /// Which miles were used, in words (`MileagePages.sourceLabel`), and whether they differ from the record.
        var rule: String
        var rate: String?
        var amount: String?
    }

    struct RateRow: Sendable, Encodable {
        var rate: String
        var trips: String
        var miles: String
        var amount: String
    }

    struct StatementBody: Sendable, Encodable {
        var name: String
        var monthTitle: String
        var period: String
        var preparer: String
        var organization: String
        var indexHref: String
        var markdownHref: String
        var monthHref: String
        var trips: [TripRow]
        var showMoney: Bool
        var rates: [RateRow]
        var hasRates: Bool
        var totalTrips: String
        var totalMiles: String
        var totalAmount: String?
    }

    struct IndexRow: Sendable, Encodable {
        var name: String
        var href: String
        var markdownHref: String
        var trips: String
        var miles: String
        var amount: String?
    }

    struct IndexBody: Sendable, Encodable {
        var monthTitle: String
        var period: String
        var monthHref: String
        var rate: String?
        var rows: [IndexRow]
        var hasRows: Bool
        var showMoney: Bool
        var total: IndexRow
    }

    /// Each photographer's statement file name (without extension) in every month's `statements/`, from every
    /// photographer of `mileage.json`, so a photographer's file is named the same in every month.
    static func fileNames(_ summary: MileageSummary) -> [DocumentID: String] {
        let files = SiteFolder.statements.names(for: summary.photographers.map(\.photographerId))
        return Dictionary(summary.photographers.map { ($0.photographerId, files[$0.photographerId]) }, uniquingKeysWith: { a, _ in a })
    }

    /// A month's statements and their index, relative to the month's folder (`statements/…`); the same files
    /// serve the site and the archive, whose links stay inside `statements/` and the month's page beside it.
    /// `purpose` gives a report's business purpose; `org` names the schools of each trip.
    static func plan(
        month key: String, slice: MileageSummary, names: [DocumentID: String], preparer: String, org: Organization,
        purpose: (DocumentID) -> String
    ) -> [PlannedPage] {
        // A month of critiques alone has no mileage: no statements.
        guard !slice.photographers.isEmpty else { return [] }
        let rates = slice.rates
        let showMoney = !rates.isEmpty
        let monthTitle = Format.monthTitle(key)
        let period = periodText(key)
        let byPhotographer = Dictionary(grouping: slice.reports, by: \.photographerId)
        var pages: [PlannedPage] = []
        var rows: [IndexRow] = []
        for p in slice.photographers {
            guard let file = names[p.photographerId] else { continue }
            let trips = byPhotographer[p.photographerId] ?? []
            let totals = rates.totals(trips.map { (day: $0.date, miles: $0.miles) })
            let amount = rates.amount(totals)
            let body = StatementBody(
                name: p.name, monthTitle: monthTitle, period: period, preparer: preparer, organization: org.name,
                indexHref: "index.html", markdownHref: "\(file).md", monthHref: "../index.html",
                trips: trips.map { r in
                    let rate = rates.rate(on: r.date)
                    return TripRow(
                        day: Format.day(r.date), schools: MileagePages.tripSchools(r, in: org),
                        purpose: purpose(r.reportId), computed: r.computedMiles.map(Format.miles) ?? "—",
                        recorded: r.recordedMiles.map(Format.miles) ?? "—", miles: Format.miles(r.miles),
                        rule: MileagePages.sourceLabel(r.source) + (r.isDiscrepancy ? " (differs from recorded)" : ""),
                        rate: showMoney ? rate.map(Format.rate) ?? "none" : nil,
                        amount: rates.amount(miles: r.miles, on: r.date).map(Format.money))
                },
                showMoney: showMoney,
                rates: totals.map { t in
                    RateRow(
                        rate: t.period.flatMap { Format.rates(rates, only: [$0]) } ?? "no rate in force",
                        trips: Format.integer(t.trips), miles: Format.miles(t.miles), amount: Format.money(t.amount))
                },
                hasRates: showMoney && !totals.isEmpty,
                totalTrips: Format.integer(trips.count), totalMiles: Format.miles(p.totalMiles),
                totalAmount: amount.map(Format.money))
            let title = "Mileage statement: \(p.name), \(monthTitle)"
            pages.append(PlannedPage(path: "\(folder)/\(file).html", template: "mileage-statement", title: title, direct: body))
            pages.append(PlannedPage(path: "\(folder)/\(file).md", template: "markdown/mileage-statement", title: title, direct: body))
            rows.append(
                IndexRow(
                    name: p.name, href: "\(file).html", markdownHref: "\(file).md", trips: Format.integer(trips.count),
                    miles: Format.miles(p.totalMiles), amount: amount.map(Format.money)))
        }
        let month = slice.months.first
        let index = IndexBody(
            monthTitle: monthTitle, period: period, monthHref: "../index.html",
            rate: Format.rates(rates, only: rates.periods(during: key)),
            rows: rows, hasRows: !rows.isEmpty, showMoney: showMoney,
            total: IndexRow(
                name: "Total", href: "", markdownHref: "", trips: Format.integer(month?.reports ?? 0),
                miles: Format.miles(month?.miles ?? 0), amount: showMoney ? Format.money(month?.reimbursement ?? .zero) : nil))
        pages.insert(
            PlannedPage(path: indexPath, template: "mileage-statements", title: "Mileage statements: \(monthTitle)", direct: index), at: 0)
        return pages
    }

    /// `2024-09` → `Sep 1, 2024 – Sep 30, 2024`.
    static func periodText(_ key: String) -> String {
        guard let first = LocalDate(iso: key + "-01") else { return key }
        let last = LocalDate(year: first.year, month: first.month, day: LocalDate.daysIn(year: first.year, month: first.month))
        return "\(Format.day(first)) – \(Format.day(last))"
    }

    /// A report's business purpose: its job type and the template it was filed through
    /// (`Picture Day — Fall Sports Daily Report`).
    static func purpose(_ report: DailyJobReport, form: ReportForm?, in org: Organization) -> String {
        let job = form.flatMap { ReportStatistics.jobType(of: report, layout: $0.layout, in: org) }
        let template = report.templateName ?? report.templateId.flatMap { org.templatesByID[$0]?.name }
        let parts = [job, template].compactMap { $0?.isEmpty == false ? $0 : nil }
        return parts.isEmpty ? "School photography" : parts.joined(separator: " — ")
    }
}

import Foundation
import GenCompute
import GenModel
@testable import GenPlan
@testable import GenRender
import MustacheEngine
import XCTest

/// Every page gives the templates its values directly: each view holds to what its `Encodable` conformance
/// gives, with nil optionals, empty lists and text that HTML escapes.
extension TemplateValueTests {
    func testChartsOfEveryKind() throws {
        let names = ["Ann <&> \"Lee\"", "Alexandra Montgomery-Whitfield", "Bo"]
        try assertSame(
            Chart.bars(id: "b", title: "Miles & more", unit: "miles", categoryName: "Who", categories: zip(names, [3, 1.5, 0]).map { ($0, $1) }))
        try assertSame(Chart.bars(id: "e", title: "Nothing", unit: "", categories: []))
        try assertSame(Chart.line(id: "l", title: "Per month", unit: "reports", points: (1...31).map { (String($0), Double($0 % 7)) }))
        try assertSame(
            Chart.critiqueBars(
                id: "c", title: "Critiques", categoryName: "Photographer",
                categories: [(names[0], CritiqueCounts(good: 2, improvement: 1, other: 1)), (names[1], CritiqueCounts())]))
        try assertSame(Chart.stackedBars(id: "s", title: "S", unit: "u", series: [], categories: [("a", [1])]))
    }

    func reportView(_ anchor: String) -> ReportView {
        let row = FieldRow(field(.text("<x>"))).block
        let body = Fragment(view: {
            ReportBody(
                facts: [.init(label: "Date", value: "Oct 3")], notes: [], fields: RepeatedRows([row]),
                hasFields: true, others: RepeatedRows([]), hasOthers: false, valid: true, problems: [], problemCount: "Valid")
        })
        return ReportView(
            anchor: anchor, headingMarks: "###", heading: "Ann · Day", pageHref: "../\(anchor).html", dayHref: nil, photographer: "Ann",
            photographerHref: nil, validity: .valid, problemCount: "Valid", schools: [], hasSchools: false, body: body, route: nil)
    }

    func testMonthPages() throws {
        let notes = try XCTUnwrap(TypedText("\n  See https://example.com/a?b=1&c=<2>.\r\nThen \"fix\" it.\n\n"))
        let site = MonthlyReports.MonthBody(
            monthTitle: "October 2025", lede: "3 reports by 2 photographers",
            facts: [.init(label: "Miles", value: "12.5"), .init(label: "Mean <temp>", value: "51 °F", inHead: true)],
            indexHref: "../../index.html", previous: PageLink(href: "../2025-09/index.html", label: "Sep <2025>"), next: nil,
            archiveHref: "../../../archive/2025-10.zip", attentionHref: nil, markdownHref: "report.md", hasReports: true,
            mileage: [
                .init(name: "Ann & Bo", reports: "2", miles: "12.5", reimbursement: "$8.38"),
                .init(name: "Cy", reports: "1", miles: "0.0", reimbursement: nil)
            ],
            hasMileage: true, mileageTotal: .init(name: "Total", reports: "3", miles: "12.5", reimbursement: nil), showReimbursement: false,
            rate: nil, statementsHref: MileageStatements.indexPath,
            critiques: [
                .init(day: "Oct 3", photographer: "Ann", manager: "Max", kind: "Good Example", href: "../../../c/1.html", notes: notes),
                .init(day: "Oct 4", photographer: "Unknown photographer", manager: "m@x.org", kind: "Other", href: nil, notes: nil)
            ],
            hasCritiques: true, hasCritiqueNotes: true, critiqueSummary: "2 (1 good, 0 needs improvement, 1 other)",
            conditions: [.init(condition: "Rain <heavy>", count: "2")], hasWeather: true, weatherSummary: "2 readings",
            charts: [Chart.bars(id: "r", title: "Reports per day", unit: "reports", categories: [("1", 2), ("2", 0)])], hasCharts: true,
            days: [.init(id: "d-2025-10-03", title: "Friday, Oct 3", summary: "2 reports", reports: [reportView("r1"), reportView("r2")])])
        try assertSame(site)
        var archive = site
        (archive.indexHref, archive.previous, archive.archiveHref, archive.attentionHref) = (nil, nil, nil, "attention.html")
        (archive.mileage, archive.critiques, archive.conditions, archive.charts, archive.days) = ([], [], [], [], [])
        archive.rate = "$0.67 a mile"
        try assertSame(archive)
        try assertSame(notes)
    }

    func testGalleryAndCritiquePages() throws {
        let picture = Picture(webp: "../media/a.webp", jpeg: "../media/a.jpg", width: 320, height: 240)
        let card = CritiqueCard(
            href: "../photo/1.html", badge: ExampleKind.good.badge, submitter: "Max <Boss>", targetName: nil, date: "Oct 3",
            dateTime: nil, notes: "Tilt & \"crop\"", photoCount: nil,
            image: ImageView(alt: "Good Example photo", picture: picture, remote: nil, unavailable: false))
        var other = card
        (other.targetName, other.dateTime, other.photoCount) = ("Ann", "2025-10-03T09:00", "3 photos")
        other.image = ImageView(alt: "", picture: nil, remote: "https://x.org/a.jpg?s=1&t=2", unavailable: false, eager: true)
        let list = GalleryPages.PhotographerList(
            photographers: [.init(name: "Ann & Bo", href: "ann/index.html", count: "2 critiques")], hasPhotographers: true)
        let first = GalleryPages.Body(
            galleryPhotographer: nil, statistics: .init(items: GalleryPages.statCards([.good, .improvement])),
            filters: [.init(label: "All Examples", href: "index.html", current: true)], sorts: [],
            cards: [card, other].map { c in Fragment(view: { c }) },
            emptyGallery: false, emptyFilter: nil, showing: "Showing 1–2 of 30", pager: GalleryPages.pager(page: 1, of: 9) { "p\($0).html" },
            photographerList: Fragment(view: { list }), photographersHref: nil, allHref: nil)
        try assertSame(first)
        let empty = GalleryPages.Body(
            galleryPhotographer: "Ann <A>", statistics: nil, filters: [], sorts: [], cards: [], emptyGallery: true,
            emptyFilter: .init(label: "No good examples in this gallery yet.", href: "index.html", current: false), showing: nil, pager: nil,
            photographerList: nil, photographersHref: "index.html#photographers-h", allHref: "../index.html")
        try assertSame(empty)

        let photo = CritiqueDetailPage.Photo(
            anchor: "photo-1", position: "1 of 2", image: card.image, full: nil, previous: nil, next: "#photo-2")
        let detail = CritiqueDetailPage.Body(
            badge: ExampleKind.improvement.badge, targetName: "Ann & Bo", submitter: "Max", submitterEmail: "max@x.org",
            submitterHref: nil, photographerLinks: [.init(href: "../../stats/p/ann.html", label: "Statistics")], date: "Oct 3, 2025",
            dateTime: nil, photos: [photo], hasPhotos: true,
            strip: [.init(href: "#photo-1", label: "Show photo 1 of 2", image: other.image)], hasStrip: true,
            notes: TypedText("Use <b>light</b>: https://x.org/?a&b"), galleryHref: "../../g/index.html", galleryLabel: "Training Photos",
            newer: nil, older: .init(href: "2.html", label: "Older: Good Example, Oct 2"))
        try assertSame(detail)
        var bare = detail
        (bare.submitterEmail, bare.photographerLinks, bare.photos, bare.strip, bare.notes, bare.older) = (nil, [], [], [], nil, nil)
        try assertSame(bare)
    }

    func testMileagePages() throws {
        let route = MileagePages.Route(
            legs: [.init(from: "Home", to: "A & B School", miles: "3.0", minutes: "7")], hasLegs: true, totalMinutes: nil, computed: "3.0",
            recorded: "—", miles: "3.0", source: "computed", notes: ["<skipped> a stop"], hasNotes: true, discrepancy: nil)
        // A route drawn, with its key and map links.
        var drawn = route
        let (sketch, stops) = RouteSketch.make(
            RouteSketch.Points(home: GeoPoint(latitude: 37, longitude: -89), stops: [("A & B", GeoPoint(latitude: 37.1, longitude: -89))]),
            miles: "13.8")
        (drawn.sketch, drawn.hasSketch, drawn.stops, drawn.totalMinutes, drawn.discrepancy) = (sketch, true, stops, "7", "more than 10%")
        let rows = [
            MileagePages.ReportRow(anchor: "r-1", reportId: "1", reportHref: nil, day: "Oct 3", schools: "A → B", route: route),
            MileagePages.ReportRow(anchor: "r-2", reportId: "2", reportHref: "../r/2.html", day: "Oct 4", schools: "No schools listed", route: drawn)
        ]
        for row in rows { try assertSame(row) }
        let month = MileagePages.MonthRow(month: "October 2025", reports: "2", miles: "7.0", reimbursement: nil, statementsHref: nil)
        try assertSame(
            MileagePages.PhotographerBody(
                name: "Ann <A>", totalMiles: "7.0", months: [month],
                sections: [
                    .init(id: "m-2025-10", title: "October 2025", miles: "7.0", reports: rows, reimbursement: "$4.69", statementHref: "s.html")
                ], showReimbursement: true))
        try assertSame(MileagePages.PhotographerBody(name: "Bo", totalMiles: "0.0", months: [], sections: [], showReimbursement: false))
        try assertSame(
            MileagePages.OverviewBody(
                months: [month], photographers: [.init(name: "Ann", href: "ann.html", reports: "2", totalMiles: "7.0", reimbursement: nil)],
                hasReports: true, showReimbursement: false, rate: nil, speed: "35", totalMiles: "7.0", totalReports: "2", discrepancies: "0"))

        let trip = MileageStatements.TripRow(
            day: "Oct 3", schools: "A & B", purpose: "Picture Day — Fall <Sports>", computed: "3.0", recorded: "—", miles: "3.0",
            rule: "computed", rate: nil, amount: nil)
        var paid = trip
        (paid.rate, paid.amount) = ("$0.67 a mile", "$2.01")
        let statement = MileageStatements.StatementBody(
            name: "Ann", monthTitle: "October 2025", period: "Oct 1, 2025 – Oct 31, 2025", preparer: "Site & Co", organization: "Org",
            indexHref: "index.html", markdownHref: "ann.md", monthHref: "../index.html", trips: [trip, paid], showMoney: true,
            rates: [.init(rate: "no rate in force", trips: "1", miles: "3.0", amount: "$0.00")], hasRates: true, totalTrips: "2",
            totalMiles: "6.0", totalAmount: nil)
        try assertSame(statement)
        let row = MileageStatements.IndexRow(name: "Ann", href: "ann.html", markdownHref: "ann.md", trips: "2", miles: "6.0", amount: nil)
        try assertSame(
            MileageStatements.IndexBody(
                monthTitle: "October 2025", period: "Oct", monthHref: "../index.html", rate: nil, rows: [row], hasRows: true, showMoney: false,
                total: row))
    }

    func testPhotographerStatisticsPage() throws {
        let body = PhotographerStatisticsPage.Body(
            name: "Ann <A>", cards: [StatCard(value: "3", label: "Reports", style: "plain", isCritique: false)],
            critiqueCards: StatisticsOverview.critiqueCards(CritiqueStatistics(total: 3, good: 2, improvement: 1)),
            links: [PageLink(href: "../../g/index.html", label: "Training photos gallery")],
            charts: [Chart.bars(id: "m", title: "Miles per month", unit: "miles", categories: [("Oct", 2.5)])],
            months: [
                .init(month: "October 2025", monthHref: "m.html", reports: "3", invalid: "1", miles: "2.5", good: "2", improvement: "1")
            ], hasMonths: true, problems: [.init(day: "Oct 3", href: "r.html", problems: ["Date: is <missing>"])], hasProblems: true,
            reports: [.init(day: "Oct 3", href: "r.html", template: "Fall & Spring", miles: "2.5", status: "1 problem", validity: .invalid)],
            hasReports: true, overviewHref: "../index.html")
        try assertSame(body)
        try assertSame(
            PhotographerStatisticsPage.Body(
                name: "Bo", cards: [], critiqueCards: [], links: [], charts: [], months: [], hasMonths: false, problems: [], hasProblems: false,
                reports: [], hasReports: false, overviewHref: "../index.html"))
    }

    func testSchoolPage() throws {
        let visit = SchoolPages.VisitRow(
            day: "Oct 3", reportHref: "../r/1.html", photographer: "Ann & Bo", template: "Fall <Sports>", jobType: nil, photos: "—",
            sharedPhotos: "12 on the shared report", files: "—", sharedFiles: "2 on the shared report", miles: "3.0", source: "of 6.0, computed",
            discrepancy: nil, notes: [],
            hasFlags: false)
        var flagged = visit
        (flagged.jobType, flagged.sharedPhotos, flagged.discrepancy, flagged.notes) = ("Picture Day", nil, "more than 10%", ["<no> home"])
        (flagged.files, flagged.sharedFiles) = ("3", nil)
        let total = SchoolPages.TotalRow(
            period: "Fall 2025", visits: "2", photos: .init(value: "—", note: nil), sharedPhotos: .init(value: "12", note: "1 of 2 reports"),
            files: .init(value: "3", note: "1 of 2 reports"), sharedFiles: .init(value: "—", note: nil), miles: "6.0")
        let home = GeoPoint(latitude: 37, longitude: -89)
        let school = SchoolPages.SchoolBody(
            name: "A & B School",
            facts: [
                .init(label: "Address", value: "1 Main St, Town"), .init(label: "Coordinates", value: "37,-89", links: MapLinks(home))
            ],
            cards: [.init(label: "Visits", value: "2")], visits: [visit, flagged], hasVisits: true, months: [total], seasons: [total],
            indexHref: "index.html",
            map: MapSketch(label: "m", projection: SketchProjection([home], plot: MapSketch.Frame.plot), dots: "", here: nil))
        try assertSame(school)
        try assertSame(
            SchoolPages.SchoolBody(
                name: "C", facts: [], cards: [], visits: [], hasVisits: false, months: [], seasons: [], indexHref: "index.html", map: nil))
    }

    func testSmallPages() throws {
        try assertSame(SearchPage.Body(month: nil))
        try assertSame(SearchPage.Body(month: "October <2025>"))
        try assertSame(ContentPageBody(html: "<p>A &amp; B</p>", hasOwnHeading: true))
        try assertSame(ContentPageBody(html: "", hasOwnHeading: false))
        let entry = RootIndexPage.Entry(
            name: "Org & Co", id: "o<1>", showID: true, href: "o/index.html", reports: "3 reports", critiques: "1 critique", users: "2 users")
        try assertSame(RootIndexPage.Body(organizations: [entry]))
        try assertSame(RootIndexPage.Body(organizations: []))

        let count = AttentionPage.Count(label: "Late <reports>", value: "2", href: "attention/index.html#late", none: false)
        let home = OrganizationHomePage.Body(
            stats: [.init(label: "Reports", value: "1,200")], firstDay: nil, lastDay: "Oct 3, 2025",
            months: [MileagePages.MonthRow(month: "October 2025", reports: "2", miles: "7.0", reimbursement: "$4.69", statementsHref: nil)],
            hasMonths: true, pages: [NavLink(title: "About & more", href: "pages/about.html", current: false)], hasPages: true,
            showReimbursement: true, critiques: GalleryPages.statCards([.good, .improvement]),
            spreadsheets: [.init(title: "Fall <Sports>", href: "data/reports/a.csv", columnsHref: "data/reports/a.html", reports: "3 reports")],
            schoolSummary: "2 schools, 1 visited", counts: [count, .init(label: "Retakes", value: "0", href: "#r", none: true)],
            attentionAsOf: nil)
        try assertSame(home)
        var bare = home
        (bare.firstDay, bare.lastDay, bare.months, bare.pages, bare.critiques, bare.spreadsheets, bare.counts) =
            ("Sep 1", nil, [], [], [], [], [])
        bare.attentionAsOf = "Oct 3"
        try assertSame(bare)

        let schools = [SchoolVisits.Link(name: "A & B", href: "../schools/a.html", more: true), .init(name: "C", href: nil, more: false)]
        let day = ReportPages.DayRow(
            id: "d-2025-10-03", href: "daily/2025-10-03/index.html", markdownHref: "daily/2025-10-03/report.md", day: "Friday, Oct 3",
            reports: "2", invalid: "1", hasInvalid: true, photographers: "Ann, Bo <B>", schools: schools, hasSchools: true)
        try assertSame(
            ReportPages.IndexBody(
                monthly: [.init(href: "monthly/2025-10/index.html", label: "October 2025", archiveHref: "../a.zip", critiquesOnly: true)],
                hasMonthly: true, months: [.init(id: "m-2025-10", title: "October 2025", summary: "2 reports", days: [day])], hasReports: true,
                summary: "2 reports on 1 day"))
        try assertSame(ReportPages.IndexBody(monthly: [], hasMonthly: false, months: [], hasReports: false, summary: "0 reports"))

        let none = SchoolPages.Count(value: "—", note: nil), some = SchoolPages.Count(value: "12", note: "1 of 2 reports")
        let school = SchoolPages.IndexRow(
            name: "A & B School", href: "a.html", city: nil, visits: "2", photos: some, files: none, miles: "6.0", lastVisit: "Oct 3")
        var other = school
        (other.city, other.lastVisit) = ("Town <East>", nil)
        let total = SchoolPages.IndexTotal(
            visits: "2", photos: some, files: none, miles: "6.0", sharedReports: "1 report", sharedPhotos: some, sharedFiles: none,
            reports: "2 reports", allPhotos: some, allFiles: none)
        try assertSame(SchoolPages.IndexBody(schools: [school, other], hasSchools: true, summary: "2 schools", total: total))
        try assertSame(SchoolPages.IndexBody(schools: [], hasSchools: false, summary: "No schools", total: nil))

        let item = AttentionPage.Item(
            heading: "Makeup day Thu, Nov 7", when: "in 7 days", report: "Report of Oct 3 · Ann", href: "../r/1.html", schools: schools,
            hasSchools: true, detail: "Rain <heavy>", quote: "Sick \"kids\"")
        var bareItem = item
        (bareItem.when, bareItem.href, bareItem.schools, bareItem.hasSchools, bareItem.detail, bareItem.quote) = (nil, nil, [], false, nil, nil)
        let group = AttentionPage.GroupView(
            id: "late", title: "Reports filed late", action: "Remind & ask", count: "2", items: [item, bareItem], hasItems: true)
        let attention = AttentionPage.Body(
            heading: "Needs attention", lede: "As of Oct 3", asOf: "Oct 3, 2025", counts: [count], groups: [group], isEmpty: false,
            monthHref: nil)
        try assertSame(attention)
        try assertSame(
            AttentionPage.Body(heading: "H", lede: "L", asOf: nil, counts: [], groups: [], isEmpty: true, monthHref: "index.html#x"))

        let cards = StatisticsOverview.critiqueCards(CritiqueStatistics(total: 3, good: 2, improvement: 1))
        let chart = Chart.bars(id: "m", title: "Miles per month", unit: "miles", categories: [("Oct", 2.5)])
        let overview = StatisticsOverview.Body(
            lede: "3 reports <all>", critiqueCards: cards,
            comparison: .init(
                current: "October 2025", previous: "September 2025",
                rows: [.init(metric: "Miles", now: "2.5", before: "0.0", change: "+2.5")], partial: nil),
            charts: [chart],
            photographers: [
                .init(name: "Ann & Bo", href: "p/ann.html", reports: "3", invalid: "1", miles: "2.5", good: "2", improvement: "1")
            ],
            hasPhotographers: true, managers: [.init(name: "Max", href: "m/max.html", total: "3", good: "2", improvement: "1")],
            hasManagers: true, templates: [.init(rowLabel: "Fall <Sports>", count: "3")], jobTypes: [], conditions: [], hasWeather: false,
            weatherChart: nil,
            fieldTemplates: [
                .init(
                    templateName: "Fall", reportCount: "3 reports",
                    rows: [.init(fieldLabel: "Photos", fieldType: "number", filled: "3 of 3", detail: "mean 12")])
            ], qualityHref: "data-quality.html", invalidReports: "1 report", dataHref: "../data/stats.json")
        try assertSame(overview)
        var quiet = overview
        (quiet.comparison, quiet.weatherChart, quiet.hasWeather) = (nil, chart, true)
        quiet.conditions = [.init(rowLabel: "Rain", count: "2")]
        try assertSame(quiet)
        quiet.comparison = .init(current: "October 2025", previous: "September 2025", rows: [], partial: "November 2025 <so far>")
        try assertSame(quiet)

        let critique = ManagerStatisticsPage.CritiqueRow(
            day: "Oct 3", href: "../../c/1.html", photographer: "Ann & Bo", photographerHref: nil, kind: "Good Example")
        var linked = critique
        (linked.href, linked.photographerHref) = (nil, "../p/ann.html")
        try assertSame(
            ManagerStatisticsPage.Body(
                name: "Max <M>", critiqueCards: cards, charts: [chart], critiques: [critique, linked], hasCritiques: true,
                overviewHref: "../index.html"))
        try assertSame(
            ManagerStatisticsPage.Body(name: "N", critiqueCards: [], charts: [], critiques: [], hasCritiques: false, overviewHref: "x"))

        let problem = DataQualityPage.Item(subject: "Oct 3 · Ann", href: "../r/1.html", sentence: "Miles <differ>.", detail: nil)
        var detailed = problem
        (detailed.href, detailed.detail) = (nil, "file: reports/1 · field: \"miles\"")
        try assertSame(
            DataQualityPage.Body(
                cards: [StatCard(value: "1", label: "Invalid", style: "bad", isCritique: false)],
                groups: [.init(id: "mileage", title: "Mileage", action: "Check & fix", items: [problem, detailed], count: "2")],
                hasGroups: true, overviewHref: "index.html"))
        try assertSame(DataQualityPage.Body(cards: [], groups: [], hasGroups: false, overviewHref: "index.html"))
    }
}

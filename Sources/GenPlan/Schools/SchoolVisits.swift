import GenCompute
import GenModel
import GenResolve

/// Where school pages live, allocated once per organization (`OrganizationOutline`) so the school pages, the
/// report heads and the reports index link to the same files. Made from the schools' ids alone.
struct SchoolPaths: Sendable {
    static let root = "schools"
    static let index = "\(root)/index.html"
    private let files: PathAllocator

    init(_ org: Organization) {
        files = SiteFolder.schools.names(for: org.schools.map(\.id))
    }

    /// `schools/<id>.html`, relative to the organization folder.
    func page(_ schoolId: DocumentID) -> String { "\(Self.root)/\(file(schoolId))" }
    /// `<id>.html`: the page's name in `schools/`.
    func file(_ schoolId: DocumentID) -> String { "\(files[schoolId]).html" }
}

/// Which schools each report visited: its mileage row's schools (as the route names them) matched the way
/// mileage matches them (`Organization.school(matching:)`: an id, else a trimmed, case-folded name, only
/// among the organization's own schools).
struct SchoolVisits: Sendable {
    /// One school a route names: a school of the organization, or a name that matches none, shown as the
    /// `unknown-school` flag says it (`unknown(_:)`).
    struct Named: Sendable {
        var name: String
        var school: School?
    }

    /// A name or id a route gives that is none of the organization's schools, as every page words it: never as
    /// if it were a school's name ("unknown school (sA1)").
    static func unknown(_ name: String) -> String { "\(MileageFlag.unknownSchool.words) (\(name))" }

    /// A school as a page names it, linked to its page where the page can link.
    struct Link: Sendable, Encodable {
        var name: String
        var href: String?
        /// Another school follows (a comma between them).
        var more: Bool
    }

    let paths: SchoolPaths
    private let org: Organization
    private let mileage: [DocumentID: ReportMileage]

    init(_ input: OrganizationInput) {
        paths = input.outline.schoolPaths
        org = input.organization
        mileage = input.mileageByReport
    }

    /// The schools `report`'s route names, in route order, each school once (one visit per report per school,
    /// however many of its names the route holds); a name that matches no school is kept once, as unknown.
    func named(_ report: DocumentID) -> [Named] {
        var out: [Named] = []
        var schools = Set<DocumentID>()
        var unknown = Set<String>()
        for name in mileage[report]?.schools ?? [] {
            if let school = org.school(matching: name) {
                if schools.insert(school.id).inserted { out.append(Named(name: school.value, school: school)) }
            } else if unknown.insert(Organization.nameKey(name)).inserted {
                out.append(Named(name: Self.unknown(name), school: nil))
            }
        }
        return out
    }

    /// The organization's schools `report` visited, in route order, each once.
    func schools(_ report: DocumentID) -> [School] { named(report).compactMap(\.school) }

    /// `report`'s route miles split among the schools it visited, so that the schools' miles add up to the
    /// report's: each leg of the computed route is shared half and half by the two schools it joins, and a
    /// leg from or to home belongs to the school at its other end; a route known only as a recorded total
    /// (or whose legs are all zero) is split evenly among the schools it names. A school left out of the
    /// route (no coordinates) gets no share of a computed route.
    func milesShares(_ report: DocumentID) -> [DocumentID: Double] {
        guard let mileage = mileage[report], mileage.miles > 0 else { return [:] }
        // The stops as the calculator made them, and its legs' ends (nil: home).
        let stops = RouteStops(mileage.schools, in: org).stops.map(\.school.id)
        var shares: [DocumentID: Double] = [:]
        let legs = mileage.legs
        let legMiles = legs.reduce(0) { $0 + $1.miles }
        let ends = RouteStops.legs(stops)
        if mileage.source == .computed, !stops.isEmpty, legs.count == ends.count, legMiles > 0 {
            for (leg, end) in zip(legs, ends) {
                switch (end.from, end.to) {
                case (let a?, let b?):
                    shares[a, default: 0] += leg.miles / 2
                    shares[b, default: 0] += leg.miles / 2
                case (let a?, nil), (nil, let a?): shares[a, default: 0] += leg.miles
                case (nil, nil): break
                }
            }
            return shares.mapValues { $0 * mileage.miles / legMiles }
        }
        let visited = schools(report)
        for school in visited { shares[school.id] = mileage.miles / Double(visited.count) }
        return shares
    }

    /// `named` as a page shows them: `prefix` leads from the page to the organization folder; nil for a page
    /// that must not link out of itself (a monthly archive's), which names the schools as plain text.
    func links(_ named: [Named], prefix: String?) -> [Link] {
        named.enumerated().map { i, one in
            Link(
                name: one.name, href: prefix.flatMap { prefix in one.school.map { prefix + paths.page($0.id) } },
                more: i < named.count - 1)
        }
    }
}

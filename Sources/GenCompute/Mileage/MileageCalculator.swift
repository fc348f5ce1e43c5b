import Foundation
import GenModel
import GenResolve

/// Stage 3 (mileage): the route home → each visited school in order → home for every report.
/// Pure: an organization and settings in, summaries and warnings out.
public struct MileageCalculator: Sendable {
    public var averageSpeedKmh: Double
    /// When recorded miles are a discrepancy.
    public var tolerance: MileageTolerance

    public init(averageSpeedKmh: Double, tolerance: MileageTolerance = MileageTolerance()) {
        self.averageSpeedKmh = averageSpeedKmh
        self.tolerance = tolerance
    }

    /// With the speed and tolerance `site.yml` sets.
    public init(_ config: SiteConfig.Mileage) {
        self.init(averageSpeedKmh: config.averageSpeedKmh, tolerance: MileageTolerance(config))
    }

    public func compute(_ report: DailyJobReport, in org: Organization) -> (ReportMileage, [Diagnostic]) {
        let route = route(report, in: org)
        return (route.mileage, route.diagnostics)
    }

    /// The mileage, the warnings for the log (with ids), and what the report's own page says about its route
    /// in words: which school was left out and why, or why there is no route.
    public func route(_ report: DailyJobReport, in org: Organization) -> (mileage: ReportMileage, diagnostics: [Diagnostic], notes: [String]) {
        var warnings: [Diagnostic] = []
        var notes: [String] = []
        var flags: [MileageFlag] = []
        let visit = VisitedSchools.find(in: report, org: org)
        warnings += visit.diagnostics
        let home = homeOf(report, in: org, warnings: &warnings)

        var legs: [MileageLeg] = []
        var computed: Double?
        if visit.names == nil {
            flags.append(.noSchools)
            notes.append("The report lists no schools visited, so no route was computed.")
            warnings.append(
                Diagnostic(
                    .noVisitedSchools, report.source, field: "schools_visited",
                    "no visited schools (neither schools_visited nor a school_name value); mileage not computed"))
        }
        if home == nil {
            flags.append(.noHome)
            notes.append("The photographer’s home has no usable map coordinates on file, so no route was computed.")
        }
        if let names = visit.names, let home {
            let route = RouteStops(names, in: org)
            for outcome in route.outcomes {
                switch outcome {
                case .stop: continue
                case .unknown(let name):
                    if !flags.contains(.unknownSchool) { flags.append(.unknownSchool) }
                    notes.append("“\(name)” is not one of this organization’s schools, so it is left out of the route.")
                    warnings.append(
                        Diagnostic(
                            .unknownSchool, report.source, field: visit.field,
                            "school \"\(name)\" matches no school of this organization; left out of the route"))
                case .withoutCoordinates(let school):
                    if !flags.contains(.schoolWithoutCoordinates) { flags.append(.schoolWithoutCoordinates) }
                    notes.append(
                        "\(school.value) has \(school.coordinates == nil ? "no map coordinates" : "map coordinates that cannot be read") on file, so it is left out of the route."
                    )
                    warnings.append(
                        Diagnostic(
                            .schoolWithoutCoordinates, report.source, field: visit.field,
                            "school \"\(school.value)\" (\(school.id)) has \(school.coordinates == nil ? "no" : "invalid") coordinates; left out of the route"
                        ))
                }
            }
            var total = 0.0
            for (from, to) in route.legs {
                let miles = Haversine.miles(from?.point ?? home, to?.point ?? home)
                total += miles
                legs.append(
                    MileageLeg(
                        from: from?.school.value ?? RouteStops.home, to: to?.school.value ?? RouteStops.home,
                        miles: rounded(miles, decimals: 1), minutes: minutes(miles)))
            }
            computed = rounded(total, decimals: 1)
        }

        let recorded = RecordedMileage.find(in: report, org: org)
        warnings += recorded.diagnostics
        if let c = computed, let r = recorded.miles, tolerance.isExceeded(recorded: r, computed: c) {
            flags.insert(.discrepancy, at: 0)
        }
        let source: MileageSource = computed != nil ? .computed : (recorded.miles != nil ? .recorded : .none)
        let mileage = ReportMileage(
            reportId: report.id, date: report.date.description, photographerId: report.userId ?? DocumentID(report.photographer ?? ""),
            photographer: org.photographerName(of: report), schools: visit.names ?? [], legs: legs,
            computedMiles: computed, recordedMiles: recorded.miles, miles: computed ?? recorded.miles ?? 0,
            source: source, flags: flags)
        return (mileage, warnings, notes)
    }

    /// Driving minutes for a distance at the average speed.
    func minutes(_ miles: Double) -> Int {
        Int((miles * 1.609344 / averageSpeedKmh * 60).rounded(.toNearestOrAwayFromZero))
    }

    private func homeOf(_ report: DailyJobReport, in org: Organization, warnings: inout [Diagnostic]) -> GeoPoint? {
        guard let userID = report.userId, let user = org.usersByID[userID] else {
            warnings.append(
                Diagnostic(
                    .photographerHomeUnknown, report.source, field: "userId",
                    "the photographer's user is unknown, so the home is missing; mileage not computed"))
            return nil
        }
        guard let text = user.userCoordinates else {
            warnings.append(
                Diagnostic(
                    .homeWithoutCoordinates, user.source, field: "userCoordinates",
                    "home coordinates are missing; mileage not computed for report \(report.id)"))
            return nil
        }
        guard let home = user.home else {
            warnings.append(
                Diagnostic(
                    .homeWithoutCoordinates, user.source, field: "userCoordinates",
                    "\"\(text)\" is not \"lat,lng\" within [-90, 90] and [-180, 180]; mileage not computed for report \(report.id)"))
            return nil
        }
        return home
    }
}

import GenModel
import GenResolve

/// What a run of reports adds up to in the statistics: report counts, weather and field values. The
/// statistics are made of one tally per month; the all-time figures are the months' tallies merged in month
/// order. Why: an incremental build keeps each month's tally (`OrganizationStatistics.MonthTallies`) and makes
/// again only the tallies of the months whose reports changed, instead of adding up every report.
///
/// A month's figures are its reports added one by one, as before; an all-time sum is the sum of the months'
/// sums (so its last binary digit may differ from adding every report in turn; the figures shown are rounded to
/// two decimals), the same in a clean build and in an incremental one.
public struct ReportTally: Sendable {
    var reports = ReportStatistics()
    var weather = WeatherTally()
    var fields: FieldTally

    init(templates: [ReportTemplate]) {
        fields = FieldTally(templates: templates)
    }

    /// The reports at `indices` of `org.reports` added up; `forms` aligned with the reports (a report past
    /// its end counts as valid and without weather).
    public static func make(_ indices: [Int], of org: Organization, forms: [FormSummary]) -> ReportTally {
        var tally = ReportTally(templates: org.templates)
        var spellings = JobTypeSpellings()
        for index in indices {
            let report = org.reports[index]
            let form = index < forms.count ? forms[index] : nil
            let facts = ReportFacts(report, form: form, in: org, spellings: &spellings)
            tally.reports.add(facts)
            if let reading = form?.weather { tally.weather.add(reading) }
            if let template = facts.template { tally.fields.add(report, form: form, template: template) }
        }
        return tally
    }

    /// Adds a later run of reports' tally.
    mutating func merge(_ other: ReportTally) {
        reports.merge(other.reports)
        weather.merge(other.weather)
        fields.merge(other.fields)
    }

    public func encode(to out: inout ByteWriter) {
        reports.encode(to: &out)
        weather.encode(to: &out)
        fields.encode(to: &out)
    }

    /// Nil unless the bytes are a whole tally of these templates' reports, as `encode` writes it.
    public init?(from reader: inout ByteReader, templates: [ReportTemplate]) {
        guard let reports = ReportStatistics(from: &reader), let weather = WeatherTally(from: &reader),
              let fields = FieldTally(from: &reader, templates: templates) else { return nil }
        self.reports = reports
        self.weather = weather
        self.fields = fields
    }
}

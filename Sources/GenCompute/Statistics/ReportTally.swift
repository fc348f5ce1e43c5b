import GenModel
import GenResolve

/// What a run of reports adds up to in the statistics: report counts, weather and field values. The
/// statistics are made of one tally per month; the all-time figures are the months' tallies merged in month
/// order, so the months are added up on all cores.
///
/// A month's figures are its reports added one by one, as before; an all-time sum is the sum of the months'
/// sums (so its last binary digit may differ from adding every report in turn; the figures shown are rounded to
/// two decimals).
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

}

import MustacheEngine

// The reports index gives its values directly, as every page does (a day's and a report's page give theirs in
// `TemplateValues.swift`).

extension ReportPages.IndexBody: TemplateValue {
    var templateValue: MustacheValue {
        [
            "monthly": MustacheValue(monthly), "hasMonthly": .bool(hasMonthly), "months": MustacheValue(months),
            "hasReports": .bool(hasReports), "summary": .text(summary)
        ]
    }
}

extension ReportPages.MonthlyLink: TemplateValue {
    var templateValue: MustacheValue {
        ["href": .text(href), "label": .text(label), "archiveHref": .text(archiveHref), "critiquesOnly": .bool(critiquesOnly)]
    }
}

extension ReportPages.MonthGroup: TemplateValue {
    var templateValue: MustacheValue { ["id": .text(id), "title": .text(title), "summary": .text(summary), "days": MustacheValue(days)] }
}

extension ReportPages.DayRow: TemplateValue {
    var templateValue: MustacheValue {
        [
            "id": .text(id), "href": .text(href), "markdownHref": .text(markdownHref), "day": .text(day), "reports": .text(reports),
            "invalid": .text(invalid), "hasInvalid": .bool(hasInvalid), "photographers": .text(photographers),
            "schools": MustacheValue(schools), "hasSchools": .bool(hasSchools)
        ]
    }
}

import MustacheEngine

// A photographer's statistics page gives its values directly: its charts and its table of every report.

extension PhotographerStatisticsPage.Body: TemplateValue {
    var templateValue: MustacheValue {
        [
            "name": .text(name), "cards": MustacheValue(cards), "critiqueCards": MustacheValue(critiqueCards),
            "links": MustacheValue(links), "charts": MustacheValue(charts), "months": MustacheValue(months), "hasMonths": .bool(hasMonths),
            "problems": MustacheValue(problems), "hasProblems": .bool(hasProblems), "reports": MustacheValue(reports),
            "hasReports": .bool(hasReports), "overviewHref": .text(overviewHref)
        ]
    }
}

extension PhotographerStatisticsPage.ReportRow: TemplateValue {
    var templateValue: MustacheValue {
        [
            "day": .text(day), "href": .text(href), "template": .text(template), "miles": .text(miles), "status": .text(status),
            "validity": .text(validity.rawValue)
        ]
    }
}

extension PhotographerStatisticsPage.ProblemRow: TemplateValue {
    var templateValue: MustacheValue { ["day": .text(day), "href": .text(href), "problems": MustacheValue(texts: problems)] }
}

extension PhotographerStatisticsPage.MonthRow: TemplateValue {
    var templateValue: MustacheValue {
        [
            "month": .text(month), "monthHref": .text(monthHref), "reports": .text(reports), "invalid": .text(invalid),
            "miles": .text(miles), "good": .text(good), "improvement": .text(improvement)
        ]
    }
}

extension StatCard: TemplateValue {
    var templateValue: MustacheValue { ["value": .text(value), "label": .text(label), "style": .text(style), "isCritique": .bool(isCritique)] }
}

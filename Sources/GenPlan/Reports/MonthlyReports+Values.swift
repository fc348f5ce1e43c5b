import MustacheEngine

// A month's page gives its values directly: it holds every report of the month, its charts and tables, the
// costliest body the generic encoder walked.

extension MonthlyReports.MonthBody: TemplateValue {
    var templateValue: MustacheValue {
        [
            "monthTitle": .text(monthTitle), "lede": .text(lede), "facts": MustacheValue(facts), "indexHref": MustacheValue(indexHref),
            "previous": previous?.templateValue ?? .null, "next": next?.templateValue ?? .null,
            "archiveHref": MustacheValue(archiveHref), "attentionHref": MustacheValue(attentionHref),
            "markdownHref": .text(markdownHref), "hasReports": .bool(hasReports), "mileage": MustacheValue(mileage),
            "hasMileage": .bool(hasMileage), "mileageTotal": mileageTotal.templateValue, "showReimbursement": .bool(showReimbursement),
            "rate": MustacheValue(rate), "statementsHref": MustacheValue(statementsHref), "critiques": MustacheValue(critiques),
            "hasCritiques": .bool(hasCritiques), "hasCritiqueNotes": .bool(hasCritiqueNotes), "critiqueSummary": .text(critiqueSummary),
            "conditions": MustacheValue(conditions), "hasWeather": .bool(hasWeather), "weatherSummary": .text(weatherSummary),
            "charts": MustacheValue(charts), "hasCharts": .bool(hasCharts), "days": MustacheValue(days)
        ]
    }
}

extension MonthlyReports.MileageRow: TemplateValue {
    var templateValue: MustacheValue {
        ["name": .text(name), "reports": .text(reports), "miles": .text(miles), "reimbursement": MustacheValue(reimbursement)]
    }
}

extension MonthlyReports.CritiqueRow: TemplateValue {
    var templateValue: MustacheValue {
        [
            "day": .text(day), "photographer": .text(photographer), "manager": .text(manager), "kind": .text(kind),
            "href": MustacheValue(href), "notes": notes?.templateValue ?? .null
        ]
    }
}

extension MonthlyReports.ConditionRow: TemplateValue {
    var templateValue: MustacheValue { ["condition": .text(condition), "count": .text(count)] }
}

extension MonthlyReports.Day: TemplateValue {
    var templateValue: MustacheValue {
        ["id": .text(id), "title": .text(title), "summary": .text(summary), "reports": MustacheValue(reports)]
    }
}

import MustacheEngine

// The statistics overview gives its values directly, as every page does.

extension StatisticsOverview.Body: TemplateValue {
    var templateValue: MustacheValue {
        [
            "lede": .text(lede), "critiqueCards": MustacheValue(critiqueCards), "comparison": comparison?.templateValue ?? .null,
            "charts": MustacheValue(charts), "photographers": MustacheValue(photographers), "hasPhotographers": .bool(hasPhotographers),
            "managers": MustacheValue(managers), "hasManagers": .bool(hasManagers), "templates": MustacheValue(templates),
            "jobTypes": MustacheValue(jobTypes), "conditions": MustacheValue(conditions), "hasWeather": .bool(hasWeather),
            "weatherChart": weatherChart?.templateValue ?? .null, "fieldTemplates": MustacheValue(fieldTemplates),
            "qualityHref": .text(qualityHref), "invalidReports": .text(invalidReports), "dataHref": .text(dataHref)
        ]
    }
}

extension StatisticsOverview.Comparison: TemplateValue {
    var templateValue: MustacheValue {
        ["current": .text(current), "previous": .text(previous), "rows": MustacheValue(rows), "partial": MustacheValue(partial)]
    }
}

extension StatisticsOverview.ComparisonRow: TemplateValue {
    var templateValue: MustacheValue { ["metric": .text(metric), "now": .text(now), "before": .text(before), "change": .text(change)] }
}

extension StatisticsOverview.PhotographerRow: TemplateValue {
    var templateValue: MustacheValue {
        [
            "name": .text(name), "href": .text(href), "reports": .text(reports), "invalid": .text(invalid), "miles": .text(miles),
            "good": .text(good), "improvement": .text(improvement)
        ]
    }
}

extension StatisticsOverview.ManagerRow: TemplateValue {
    var templateValue: MustacheValue {
        ["name": .text(name), "href": .text(href), "total": .text(total), "good": .text(good), "improvement": .text(improvement)]
    }
}

extension StatisticsOverview.CountRow: TemplateValue {
    var templateValue: MustacheValue { ["rowLabel": .text(rowLabel), "count": .text(count)] }
}

extension StatisticsOverview.FieldRow: TemplateValue {
    var templateValue: MustacheValue {
        ["fieldLabel": .text(fieldLabel), "fieldType": .text(fieldType), "filled": .text(filled), "detail": .text(detail)]
    }
}

extension StatisticsOverview.TemplateFields: TemplateValue {
    var templateValue: MustacheValue {
        ["templateName": .text(templateName), "reportCount": .text(reportCount), "rows": MustacheValue(rows)]
    }
}

import MustacheEngine

// A manager's statistics page gives its values directly, as every page does.

extension ManagerStatisticsPage.Body: TemplateValue {
    var templateValue: MustacheValue {
        [
            "name": .text(name), "critiqueCards": MustacheValue(critiqueCards), "charts": MustacheValue(charts),
            "critiques": MustacheValue(critiques), "hasCritiques": .bool(hasCritiques), "overviewHref": .text(overviewHref)
        ]
    }
}

extension ManagerStatisticsPage.CritiqueRow: TemplateValue {
    var templateValue: MustacheValue {
        [
            "day": .text(day), "href": MustacheValue(href), "photographer": .text(photographer),
            "photographerHref": MustacheValue(photographerHref), "kind": .text(kind)
        ]
    }
}

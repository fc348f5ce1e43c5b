import MustacheEngine

// An organization's home page gives its values directly, as every page does.

extension OrganizationHomePage.Body: TemplateValue {
    var templateValue: MustacheValue {
        [
            "stats": MustacheValue(stats), "firstDay": MustacheValue(firstDay), "lastDay": MustacheValue(lastDay),
            "months": MustacheValue(months), "hasMonths": .bool(hasMonths), "pages": MustacheValue(pages), "hasPages": .bool(hasPages),
            "showReimbursement": .bool(showReimbursement), "critiques": MustacheValue(critiques),
            "spreadsheets": MustacheValue(spreadsheets), "schoolSummary": .text(schoolSummary), "counts": MustacheValue(counts),
            "attentionAsOf": MustacheValue(attentionAsOf)
        ]
    }
}

extension OrganizationHomePage.Spreadsheet: TemplateValue {
    var templateValue: MustacheValue {
        ["title": .text(title), "href": .text(href), "columnsHref": .text(columnsHref), "reports": .text(reports)]
    }
}

extension OrganizationHomePage.Stat: TemplateValue {
    var templateValue: MustacheValue { ["label": .text(label), "value": .text(value)] }
}

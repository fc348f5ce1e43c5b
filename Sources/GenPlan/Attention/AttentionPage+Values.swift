import MustacheEngine

// The "Needs attention" page, in the site and in each month's archive, gives its values directly, as every
// page does.

extension AttentionPage.Body: TemplateValue {
    var templateValue: MustacheValue {
        [
            "heading": .text(heading), "lede": .text(lede), "asOf": MustacheValue(asOf), "counts": MustacheValue(counts),
            "groups": MustacheValue(groups), "isEmpty": .bool(isEmpty), "monthHref": MustacheValue(monthHref)
        ]
    }
}

extension AttentionPage.Count: TemplateValue {
    var templateValue: MustacheValue { ["label": .text(label), "value": .text(value), "href": .text(href), "none": .bool(none)] }
}

extension AttentionPage.GroupView: TemplateValue {
    var templateValue: MustacheValue {
        [
            "id": .text(id), "title": .text(title), "action": .text(action), "count": .text(count), "items": MustacheValue(items),
            "hasItems": .bool(hasItems)
        ]
    }
}

extension AttentionPage.Item: TemplateValue {
    var templateValue: MustacheValue {
        [
            "heading": .text(heading), "when": MustacheValue(when), "report": .text(report), "href": MustacheValue(href),
            "schools": MustacheValue(schools), "hasSchools": .bool(hasSchools), "detail": MustacheValue(detail),
            "quote": MustacheValue(quote)
        ]
    }
}

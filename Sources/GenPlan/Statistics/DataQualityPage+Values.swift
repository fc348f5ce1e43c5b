import MustacheEngine

// The data-quality page gives its values directly, as every page does.

extension DataQualityPage.Body: TemplateValue {
    var templateValue: MustacheValue {
        ["cards": MustacheValue(cards), "groups": MustacheValue(groups), "hasGroups": .bool(hasGroups), "overviewHref": .text(overviewHref)]
    }
}

extension DataQualityPage.Group: TemplateValue {
    var templateValue: MustacheValue {
        ["id": .text(id), "title": .text(title), "action": .text(action), "items": MustacheValue(items), "count": .text(count)]
    }
}

extension DataQualityPage.Item: TemplateValue {
    var templateValue: MustacheValue {
        ["subject": .text(subject), "href": MustacheValue(href), "sentence": .text(sentence), "detail": MustacheValue(detail)]
    }
}

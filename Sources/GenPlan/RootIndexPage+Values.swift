import MustacheEngine

// The output root's index gives its values directly, as every page does.

extension RootIndexPage.Body: TemplateValue {
    var templateValue: MustacheValue { ["organizations": MustacheValue(organizations), "isEmpty": .bool(isEmpty)] }
}

extension RootIndexPage.Entry: TemplateValue {
    var templateValue: MustacheValue {
        [
            "name": .text(name), "id": .text(id), "showID": .bool(showID), "href": .text(href), "reports": .text(reports),
            "critiques": .text(critiques), "users": .text(users)
        ]
    }
}

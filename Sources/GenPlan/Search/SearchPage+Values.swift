import MustacheEngine

// The search page gives its values directly, as every page does.

extension SearchPage.Body: TemplateValue {
    var templateValue: MustacheValue { ["month": MustacheValue(month)] }
}

import MustacheEngine

// A Markdown content page gives its values directly, as every page does.

extension ContentPageBody: TemplateValue {
    var templateValue: MustacheValue { ["html": .text(html), "hasOwnHeading": .bool(hasOwnHeading)] }
}

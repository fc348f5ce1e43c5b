import MustacheEngine

/// Every view a template is rendered with gives the templates its values directly, as the engine's plain
/// values, instead of through its `Encodable` conformance (which a generic encoder walked at a cost of several
/// allocations and indirect calls per property): every page's layout context and site header, and every page's
/// view with what it holds (a report's head, body, field rows and route; a month's tables and charts; a
/// gallery's cards; …). A page is planned only with such a view (`PlannedPage(…direct:)`, `PageContext(…direct:)`),
/// so the product has no other way to make a page's values. The layout's and a report's views are here, the
/// others beside their own (`MonthlyReports+Values.swift`, `AttentionPage+Values.swift`, …). A fragment or
/// block inside such a view is made from a view that gives its values too (`Fragment(view:)`,
/// `RepeatedBlock(view:)`).
///
/// Their `Encodable` conformance stays, for JSON dumps of a plan and as the tests' reference: tests hold the
/// two to the same values (`TemplateValueTests`, through the encoder in `Tests/GenTests/Support/PageValues.swift`).
/// Keys come in declaration order (a dictionary's sorted), a nil optional is `null`.
protocol TemplateValue {
    var templateValue: MustacheValue { get }
}

extension MustacheValue {
    /// Text, or null for nil.
    init(_ text: String?) { self = text.map(MustacheValue.text) ?? .null }

    /// A list of views.
    init<V: TemplateValue>(_ views: [V]) { self = .list(views.map(\.templateValue)) }

    /// A list of texts.
    init(texts: [String]) { self = .list(texts.map(MustacheValue.text)) }
}

extension ReportBody: TemplateValue {
    var templateValue: MustacheValue {
        [
            "facts": MustacheValue(facts), "notes": MustacheValue(texts: notes), "fields": fields.templateValue,
            "hasFields": .bool(hasFields), "others": others.templateValue, "hasOthers": .bool(hasOthers),
            "valid": .bool(valid), "problems": MustacheValue(texts: problems),
            "problemCount": .text(problemCount), "hasOrigins": .bool(hasOrigins)
        ]
    }
}

extension ReportBody.Fact: TemplateValue {
    var templateValue: MustacheValue { ["label": .text(label), "value": .text(value), "inHead": .bool(inHead)] }
}

extension FieldRow: TemplateValue {
    var templateValue: MustacheValue {
        [
            "label": .text(label), "origin": MustacheValue(origin), "originStyle": .text(originStyle), "text": MustacheValue(text),
            "rich": rich?.templateValue ?? .null, "isEmpty": .bool(isEmpty), "problem": MustacheValue(problem)
        ]
    }
}

extension FieldRow.Rich: TemplateValue {
    var templateValue: MustacheValue {
        [
            "lines": lines.map(MustacheValue.init) ?? .null, "email": MustacheValue(email), "phone": MustacheValue(phone),
            "tel": MustacheValue(tel), "items": items.map(MustacheValue.init) ?? .null, "hasItems": .bool(hasItems),
            "files": files.map(MustacheValue.init) ?? .null, "pairs": pairs.map(MustacheValue.init) ?? .null
        ]
    }
}

extension FieldRow.Piece: TemplateValue {
    var templateValue: MustacheValue { ["text": .text(text), "more": .bool(more)] }
}

extension FieldRow.FileItem: TemplateValue {
    var templateValue: MustacheValue {
        [
            "name": .text(name), "url": .text(url), "href": MustacheValue(href), "details": MustacheValue(details),
            "thumbnail": thumbnail?.templateValue ?? .null, "displayHref": MustacheValue(displayHref), "more": .bool(more)
        ]
    }
}

extension Picture: TemplateValue {
    var templateValue: MustacheValue { ["webp": .text(webp), "jpeg": .text(jpeg), "width": .int(width), "height": .int(height)] }
}

extension MileagePages.Route: TemplateValue {
    var templateValue: MustacheValue { .object(templateObject) }

    /// Its values as an object, which a mileage page's report row extends (`ReportRow.encode(to:)`).
    var templateObject: MustacheObject {
        MustacheObject([
            "legs": MustacheValue(legs), "hasLegs": .bool(hasLegs), "totalMinutes": MustacheValue(totalMinutes),
            "computed": .text(computed), "recorded": .text(recorded), "miles": .text(miles), "source": .text(source),
            "notes": MustacheValue(texts: notes), "hasNotes": .bool(hasNotes), "discrepancy": MustacheValue(discrepancy),
            "sketch": sketch?.templateValue ?? .null, "hasSketch": .bool(hasSketch), "stops": MustacheValue(stops)
        ])
    }
}

extension MapSketch: TemplateValue {
    var templateValue: MustacheValue {
        [
            "sketchLabel": .text(sketchLabel), "sketchWidth": .text(sketchWidth), "sketchHeight": .text(sketchHeight),
            "dots": MustacheValue(dots), "line": MustacheValue(line), "marks": MustacheValue(marks),
            "here": here?.templateValue ?? .null, "scalePath": .text(scalePath), "scaleText": .text(scaleText),
            "scaleX": .text(scaleX), "scaleY": .text(scaleY), "northPath": .text(northPath), "northX": .text(northX),
            "northY": .text(northY)
        ]
    }
}

extension MapSketch.Mark: TemplateValue {
    var templateValue: MustacheValue {
        [
            "kind": .text(kind), "text": .text(text), "x": .text(x), "y": .text(y), "width": .text(width), "textX": .text(textX),
            "textY": .text(textY)
        ]
    }
}

extension MapSketch.Here: TemplateValue {
    var templateValue: MustacheValue { ["hereX": .text(hereX), "hereY": .text(hereY)] }
}

extension RouteSketch.Stop: TemplateValue {
    var templateValue: MustacheValue {
        ["mark": .text(mark), "kind": .text(kind), "name": .text(name), "links": links?.templateValue ?? .null]
    }
}

extension MapLinks: TemplateValue {
    var templateValue: MustacheValue { ["osm": .text(osm), "geo": .text(geo)] }
}

extension MileagePages.LegRow: TemplateValue {
    var templateValue: MustacheValue { ["from": .text(from), "to": .text(to), "miles": .text(miles), "minutes": .text(minutes)] }
}

extension SiteHeader: TemplateValue {
    var templateValue: MustacheValue {
        [
            "siteTitle": .text(siteTitle), "root": .text(root), "organization": organization?.templateValue ?? .null,
            "nav": MustacheValue(nav), "hasNav": .bool(hasNav)
        ]
    }
}

extension OrganizationLink: TemplateValue {
    var templateValue: MustacheValue { ["name": .text(name), "id": .text(id)] }
}

extension NavLink: TemplateValue {
    var templateValue: MustacheValue { ["title": .text(title), "href": .text(href), "current": .bool(current)] }
}

extension RepeatedRows {
    var templateValue: MustacheValue { .list(rows.map(\.templateValue)) }
}

extension ReportView: TemplateValue {
    var templateValue: MustacheValue {
        [
            "anchor": .text(anchor), "headingMarks": .text(headingMarks), "heading": .text(heading), "pageHref": MustacheValue(pageHref),
            "dayHref": MustacheValue(dayHref), "photographer": .text(photographer), "photographerHref": MustacheValue(photographerHref),
            "validity": .text(validity.rawValue), "problemCount": .text(problemCount), "schools": MustacheValue(schools),
            "hasSchools": .bool(hasSchools), "body": body.sharedValue, "route": route?.sharedValue ?? .null
        ]
    }
}

extension SchoolVisits.Link: TemplateValue {
    var templateValue: MustacheValue { ["name": .text(name), "href": MustacheValue(href), "more": .bool(more)] }
}

extension PageLink: TemplateValue {
    var templateValue: MustacheValue { ["href": .text(href), "label": .text(label)] }
}

extension ReportPages.TocEntry: TemplateValue {
    var templateValue: MustacheValue {
        ["href": .text(href), "label": .text(label), "status": .text(status), "validity": .text(validity.rawValue)]
    }
}

extension ReportPages.DayBody: TemplateValue {
    var templateValue: MustacheValue {
        [
            "dayTitle": .text(dayTitle), "summary": .text(summary), "toc": MustacheValue(toc), "reports": MustacheValue(reports),
            "previous": previous?.templateValue ?? .null, "next": next?.templateValue ?? .null, "indexHref": .text(indexHref)
        ]
    }
}

extension ReportPages.ReportBody: TemplateValue {
    var templateValue: MustacheValue {
        [
            "report": report.templateValue, "markdownHref": .text(markdownHref), "previous": previous?.templateValue ?? .null,
            "next": next?.templateValue ?? .null
        ]
    }
}

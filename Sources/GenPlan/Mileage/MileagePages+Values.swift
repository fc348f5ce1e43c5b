import MustacheEngine

// The mileage pages give their values directly: a photographer's page lists every route they drove.

extension MileagePages.OverviewBody: TemplateValue {
    var templateValue: MustacheValue {
        [
            "months": MustacheValue(months), "photographers": MustacheValue(photographers), "hasReports": .bool(hasReports),
            "showReimbursement": .bool(showReimbursement), "rate": MustacheValue(rate), "speed": .text(speed),
            "totalMiles": .text(totalMiles), "totalReports": .text(totalReports), "discrepancies": .text(discrepancies)
        ]
    }
}

extension MileagePages.PhotographerRow: TemplateValue {
    var templateValue: MustacheValue {
        [
            "name": .text(name), "href": .text(href), "reports": .text(reports), "totalMiles": .text(totalMiles),
            "reimbursement": MustacheValue(reimbursement)
        ]
    }
}

extension MileagePages.PhotographerBody: TemplateValue {
    var templateValue: MustacheValue {
        [
            "name": .text(name), "totalMiles": .text(totalMiles), "months": MustacheValue(months), "sections": MustacheValue(sections),
            "showReimbursement": .bool(showReimbursement)
        ]
    }
}

extension MileagePages.MonthRow: TemplateValue {
    var templateValue: MustacheValue {
        [
            "month": .text(month), "reports": .text(reports), "miles": .text(miles), "reimbursement": MustacheValue(reimbursement),
            "statementsHref": MustacheValue(statementsHref)
        ]
    }
}

extension MileagePages.MonthSection: TemplateValue {
    var templateValue: MustacheValue {
        [
            "id": .text(id), "title": .text(title), "miles": .text(miles), "reports": MustacheValue(reports),
            "reimbursement": MustacheValue(reimbursement), "statementHref": .text(statementHref)
        ]
    }
}

extension MileagePages.ReportRow: TemplateValue {
    /// The route's values follow the row's own in one object, as `encode(to:)` writes them.
    var templateValue: MustacheValue {
        var row = MustacheObject([
            "anchor": .text(anchor), "reportId": .text(reportId), "reportHref": MustacheValue(reportHref), "day": .text(day),
            "schools": .text(schools)
        ])
        for (key, value) in route.templateObject.entries { row.append(key, value) }
        return .object(row)
    }
}

import MustacheEngine

// A month's reimbursement statements give their values directly: one per photographer and month, each
// listing every trip.

extension MileageStatements.StatementBody: TemplateValue {
    var templateValue: MustacheValue {
        [
            "name": .text(name), "monthTitle": .text(monthTitle), "period": .text(period), "preparer": .text(preparer),
            "organization": .text(organization), "indexHref": .text(indexHref), "markdownHref": .text(markdownHref),
            "monthHref": .text(monthHref), "trips": MustacheValue(trips), "showMoney": .bool(showMoney), "rates": MustacheValue(rates),
            "hasRates": .bool(hasRates), "totalTrips": .text(totalTrips), "totalMiles": .text(totalMiles),
            "totalAmount": MustacheValue(totalAmount)
        ]
    }
}

extension MileageStatements.TripRow: TemplateValue {
    var templateValue: MustacheValue {
        [
            "day": .text(day), "schools": .text(schools), "purpose": .text(purpose), "computed": .text(computed),
            "recorded": .text(recorded), "miles": .text(miles), "rule": .text(rule), "rate": MustacheValue(rate),
            "amount": MustacheValue(amount)
        ]
    }
}

extension MileageStatements.RateRow: TemplateValue {
    var templateValue: MustacheValue { ["rate": .text(rate), "trips": .text(trips), "miles": .text(miles), "amount": .text(amount)] }
}

extension MileageStatements.IndexBody: TemplateValue {
    var templateValue: MustacheValue {
        [
            "monthTitle": .text(monthTitle), "period": .text(period), "monthHref": .text(monthHref), "rate": MustacheValue(rate),
            "rows": MustacheValue(rows), "hasRows": .bool(hasRows), "showMoney": .bool(showMoney), "total": total.templateValue
        ]
    }
}

extension MileageStatements.IndexRow: TemplateValue {
    var templateValue: MustacheValue {
        [
            "name": .text(name), "href": .text(href), "markdownHref": .text(markdownHref), "trips": .text(trips), "miles": .text(miles),
            "amount": MustacheValue(amount)
        ]
    }
}

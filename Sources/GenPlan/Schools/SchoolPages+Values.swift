import MustacheEngine

// A school's page gives its values directly: it lists every visit to the school.

extension SchoolPages.SchoolBody: TemplateValue {
    var templateValue: MustacheValue {
        [
            "name": .text(name), "facts": MustacheValue(facts), "cards": MustacheValue(cards), "visits": MustacheValue(visits),
            "hasVisits": .bool(hasVisits), "months": MustacheValue(months), "seasons": MustacheValue(seasons),
            "indexHref": .text(indexHref), "map": map?.templateValue ?? .null
        ]
    }
}

extension SchoolPages.Fact: TemplateValue {
    var templateValue: MustacheValue { ["label": .text(label), "value": .text(value), "links": links?.templateValue ?? .null] }
}

extension SchoolPages.VisitRow: TemplateValue {
    var templateValue: MustacheValue {
        [
            "day": .text(day), "reportHref": .text(reportHref), "photographer": .text(photographer), "template": .text(template),
            "jobType": MustacheValue(jobType), "photos": .text(photos), "sharedPhotos": MustacheValue(sharedPhotos), "files": .text(files),
            "sharedFiles": MustacheValue(sharedFiles), "miles": .text(miles), "source": .text(source),
            "discrepancy": MustacheValue(discrepancy), "notes": MustacheValue(texts: notes), "hasFlags": .bool(hasFlags)
        ]
    }
}

extension SchoolPages.TotalRow: TemplateValue {
    var templateValue: MustacheValue {
        [
            "period": .text(period), "visits": .text(visits), "photos": photos.templateValue,
            "sharedPhotos": sharedPhotos.templateValue, "files": files.templateValue, "sharedFiles": sharedFiles.templateValue,
            "miles": .text(miles)
        ]
    }
}

extension SchoolPages.Count: TemplateValue {
    var templateValue: MustacheValue { ["value": .text(value), "note": MustacheValue(note)] }
}

extension SchoolPages.IndexBody: TemplateValue {
    var templateValue: MustacheValue {
        ["schools": MustacheValue(schools), "hasSchools": .bool(hasSchools), "summary": .text(summary), "total": total?.templateValue ?? .null]
    }
}

extension SchoolPages.IndexRow: TemplateValue {
    var templateValue: MustacheValue {
        [
            "name": .text(name), "href": .text(href), "city": MustacheValue(city), "visits": .text(visits), "photos": photos.templateValue,
            "files": files.templateValue, "miles": .text(miles), "lastVisit": MustacheValue(lastVisit)
        ]
    }
}

extension SchoolPages.IndexTotal: TemplateValue {
    var templateValue: MustacheValue {
        [
            "visits": .text(visits), "photos": photos.templateValue, "files": files.templateValue, "miles": .text(miles),
            "sharedReports": .text(sharedReports), "sharedPhotos": sharedPhotos.templateValue, "sharedFiles": sharedFiles.templateValue,
            "reports": .text(reports), "allPhotos": allPhotos.templateValue, "allFiles": allFiles.templateValue
        ]
    }
}

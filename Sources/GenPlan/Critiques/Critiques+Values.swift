import MustacheEngine

// The galleries and a critique's own page give their values directly: a large organization has thousands of
// gallery pages, and every card on them is a view the generic encoder walked.

extension GalleryPages.Body: TemplateValue {
    var templateValue: MustacheValue {
        [
            "galleryPhotographer": MustacheValue(galleryPhotographer), "statistics": statistics?.templateValue ?? .null,
            "filters": MustacheValue(filters), "sorts": MustacheValue(sorts), "cards": .list(cards.map(\.sharedValue)),
            "emptyGallery": .bool(emptyGallery), "emptyFilter": emptyFilter?.templateValue ?? .null, "showing": MustacheValue(showing),
            "pager": pager?.templateValue ?? .null, "photographerList": photographerList?.sharedValue ?? .null,
            "photographersHref": MustacheValue(photographersHref), "allHref": MustacheValue(allHref)
        ]
    }
}

extension GalleryPages.Statistics: TemplateValue {
    var templateValue: MustacheValue { ["items": MustacheValue(items)] }
}

extension GalleryPages.StatCard: TemplateValue {
    var templateValue: MustacheValue { ["label": .text(label), "value": .text(value), "style": .text(style)] }
}

extension GalleryPages.Choice: TemplateValue {
    var templateValue: MustacheValue { ["label": .text(label), "href": .text(href), "current": .bool(current)] }
}

extension GalleryPages.Pager: TemplateValue {
    var templateValue: MustacheValue { ["previous": MustacheValue(previous), "next": MustacheValue(next), "pages": MustacheValue(pages)] }
}

extension GalleryPages.PageLink: TemplateValue {
    var templateValue: MustacheValue { ["label": .text(label), "href": MustacheValue(href), "current": .bool(current), "gap": .bool(gap)] }
}

extension GalleryPages.PhotographerList: TemplateValue {
    var templateValue: MustacheValue { ["photographers": MustacheValue(photographers), "hasPhotographers": .bool(hasPhotographers)] }
}

extension GalleryPages.PhotographerLink: TemplateValue {
    var templateValue: MustacheValue { ["name": .text(name), "href": .text(href), "count": .text(count)] }
}

extension CritiqueCard: TemplateValue {
    var templateValue: MustacheValue {
        [
            "href": .text(href), "badge": badge.templateValue, "submitter": .text(submitter), "targetName": MustacheValue(targetName),
            "date": .text(date), "dateTime": MustacheValue(dateTime), "notes": MustacheValue(notes),
            "photoCount": MustacheValue(photoCount), "image": image.templateValue
        ]
    }
}

extension Badge: TemplateValue {
    var templateValue: MustacheValue { ["label": .text(label), "style": .text(style), "icon": .text(icon)] }
}

extension ImageView: TemplateValue {
    var templateValue: MustacheValue {
        [
            "alt": .text(alt), "picture": picture?.templateValue ?? .null, "remote": MustacheValue(remote),
            "unavailable": .bool(unavailable), "eager": .bool(eager)
        ]
    }
}

extension CritiqueDetailPage.Body: TemplateValue {
    var templateValue: MustacheValue {
        [
            "badge": badge.templateValue, "targetName": .text(targetName), "submitter": .text(submitter),
            "submitterEmail": MustacheValue(submitterEmail), "submitterHref": MustacheValue(submitterHref),
            "photographerLinks": MustacheValue(photographerLinks), "date": .text(date), "dateTime": MustacheValue(dateTime),
            "photos": MustacheValue(photos), "hasPhotos": .bool(hasPhotos), "strip": MustacheValue(strip), "hasStrip": .bool(hasStrip),
            "notes": notes?.templateValue ?? .null, "galleryHref": .text(galleryHref), "galleryLabel": .text(galleryLabel),
            "newer": newer?.templateValue ?? .null, "older": older?.templateValue ?? .null
        ]
    }
}

extension CritiqueDetailPage.Photo: TemplateValue {
    var templateValue: MustacheValue {
        [
            "anchor": .text(anchor), "position": .text(position), "image": image.templateValue, "full": MustacheValue(full),
            "previous": MustacheValue(previous), "next": MustacheValue(next)
        ]
    }
}

extension CritiqueDetailPage.StripItem: TemplateValue {
    var templateValue: MustacheValue { ["href": .text(href), "label": .text(label), "image": image.templateValue] }
}

extension CritiqueDetailPage.Neighbour: TemplateValue {
    var templateValue: MustacheValue { ["href": .text(href), "label": .text(label)] }
}

import GenModel
import GenResolve

/// Which galleries an organization has: one for all its published critiques, and one per
/// photographer — every user with `isPhotographer` and every critique target.
struct CritiqueGalleries: Sendable {
    struct Gallery: Sendable {
        /// The photographer's key (`targetKey`); nil for the organization-wide gallery.
        var key: DocumentID?
        /// Folder relative to the organization, e.g. `critiques` or `critiques/photographer/jane`.
        var folder: String
        /// The photographer's name; nil for the organization-wide gallery.
        var photographer: String?
        /// Newest first (creation time, then id).
        var critiques: [Critique]
    }

    static let root = "critiques"
    /// The gallery of every published critique, newest first: the section's page.
    static let indexPath = "\(root)/index.html"
    static let photographerFolder = SiteFolder.critiqueGalleries.path
    static let detailFolder = SiteFolder.critiquePhotos.path

    var all: Gallery
    var photographers: [Gallery]
    /// Detail page path (relative to the organization) by critique id.
    var detailPaths: [DocumentID: String]
    /// The gallery folder of each critique's target photographer, by critique id.
    var galleryOf: [DocumentID: Gallery]
    /// Each photographer's gallery folder by photographer key (user id, else the stored name).
    var folderByKey: [DocumentID: String]

    /// Published critiques only: drafts and other statuses appear nowhere.
    init(_ org: Organization) {
        let published = org.critiques.filter(\.isPublished).reversed() as [Critique]
        all = Gallery(key: nil, folder: Self.root, photographer: nil, critiques: published)

        // Photographer key: the target's user id, else the stored name (older documents).
        var names: [DocumentID: String] = [:]
        for user in org.users where user.isPhotographer {
            names[user.id] = user.fullName ?? user.email ?? user.id.text
        }
        var byTarget: [DocumentID: [Critique]] = [:]
        for critique in published {
            guard let key = Self.targetKey(critique) else { continue }
            byTarget[key, default: []].append(critique)
            if names[key] == nil {
                names[key] = org.userName(key) ?? critique.targetPhotographerName ?? key.text
            }
        }
        let folders = SiteFolder.critiqueGalleries.names(for: names.keys)
        let keys = names.keys.sorted { (names[$0]!.lowercased(), $0) < (names[$1]!.lowercased(), $1) }
        var galleryByKey: [DocumentID: Gallery] = [:]
        for key in keys {
            galleryByKey[key] = Gallery(
                key: key, folder: "\(Self.photographerFolder)/\(folders[key])", photographer: names[key]!,
                critiques: byTarget[key] ?? [])
        }
        photographers = keys.map { galleryByKey[$0]! }
        folderByKey = galleryByKey.mapValues(\.folder)
        let files = SiteFolder.critiquePhotos.names(for: published.map(\.id))
        detailPaths = Dictionary(uniqueKeysWithValues: published.map { ($0.id, "\(Self.detailFolder)/\(files[$0.id]).html") })
        var galleryOf: [DocumentID: Gallery] = [:]
        for critique in published {
            if let key = Self.targetKey(critique) { galleryOf[critique.id] = galleryByKey[key] }
        }
        self.galleryOf = galleryOf
    }

    static func targetKey(_ critique: Critique) -> DocumentID? {
        critique.targetPhotographerId ?? critique.targetPhotographerName.map { DocumentID($0) }
    }

    /// The photographer's name as pages show it.
    func photographerName(of critique: Critique) -> String {
        galleryOf[critique.id]?.photographer ?? critique.targetPhotographerName ?? "Unknown photographer"
    }
}

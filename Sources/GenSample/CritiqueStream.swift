/// `export/photoCritiques_raw_changelog.ndjson`: the Stream-Firestore-to-BigQuery changelog
/// table exported as NDJSON (docs/export-formats.md, format 3). One CREATE row per critique, plus an
/// UPDATE row for a few (a manager adding a follow-up note). Streamed like the reports.
///
/// Each row's `data` is the whole document serialized to a JSON *string*, as the extension
/// stores it; the document's key order is the app's own for a critique.
enum CritiqueStream {
    static let relativePath = "export/photoCritiques_raw_changelog.ndjson"
    static let project = "gen-sample"

    /// Share of critiques left as drafts, and of critiques edited after posting.
    static let draftRate = 0.05
    static let updateRate = 0.06

    private struct Critique {
        var id: String
        var organizationId: String
        var submitter: SamplePerson
        var target: SamplePerson
        var imageUrls: [String]
        var thumbnailUrls: [String]
        var managerNotes: String
        var exampleType: String
        var status: String
        var createdAt: Int
        var updatedAt: Int

        /// The document as compact JSON bytes (the changelog's `data` / `old_data`).
        func json() -> [UInt8] {
            var json = JSONWriter(capacity: 2048)
            json.beginObject()
            json.key("organizationId"); json.string(organizationId)  // lower-case d, unlike reports
            json.key("submitterId"); json.string(submitter.id)
            json.key("submitterName"); json.string(submitter.fullName)
            json.key("submitterEmail"); json.string(submitter.email)
            json.key("targetPhotographerId"); json.string(target.id)
            json.key("targetPhotographerName"); json.string(target.fullName)
            json.key("imageUrls"); json.stringArray(imageUrls)
            json.key("thumbnailUrls"); json.stringArray(thumbnailUrls)
            json.key("imageUrl"); json.string(imageUrls[0])  // the first image, for older app versions
            json.key("thumbnailUrl"); json.string(thumbnailUrls[0])
            json.key("imageCount"); json.int(imageUrls.count)
            json.key("managerNotes"); json.string(managerNotes)
            json.key("exampleType"); json.string(exampleType)
            json.key("status"); json.string(status)
            json.key("createdAt"); json.timestamp(seconds: createdAt)
            json.key("updatedAt"); json.timestamp(seconds: updatedAt)
            json.endObject()
            return json.bytes
        }
    }

    static func write(
        count: Int, world: SampleWorld, season: SampleSeason, seed: UInt64,
        to file: BufferedFile
    ) throws(SampleError) {
        guard count > 0 else { return }
        var rng = SampleRandom(seed: seed, stream: "critiques")
        let dayCount = season.days.count
        for j in 0..<count {
            // Spread over the same working days as the reports, in order.
            let day = season.days[j * dayCount / count]
            let target = world.photographers[rng.below(world.photographers.count)]
            let org = world.organizations[target.organization]
            let submitter = org.managers[rng.chance(0.7) ? 0 : 1]  // the owner posts most of them
            let id = rng.id()
            let images = rng.weighted([55, 30, 15]) + 1
            var imageUrls: [String] = [], thumbnailUrls: [String] = []
            for n in 1...images {
                imageUrls.append(storageURL("critiques%2F\(id)%2Fphoto\(n).jpg", &rng))
                thumbnailUrls.append(storageURL("critiques%2F\(id)%2Fthumbnails%2Fphoto\(n)_400x400.jpg", &rng))
            }
            let isExample = rng.chance(0.55)
            let notes = rng.pick(isExample ? SampleText.critiqueExamples : SampleText.critiqueImprovements)
            let status = rng.chance(draftRate) ? "draft" : "published"
            let createdAt = day.localMidnight + rng.int(8 * 3600...17 * 3600 + 3599)  // office hours
            var critique = Critique(
                id: id, organizationId: org.id, submitter: submitter, target: target,
                imageUrls: imageUrls, thumbnailUrls: thumbnailUrls, managerNotes: notes,
                exampleType: isExample ? "example" : "improvement", status: status,
                createdAt: createdAt, updatedAt: createdAt)
            let created = critique.json()
            try writeRow(operation: "CREATE", id: id, at: createdAt, data: created, oldData: nil, &rng, file)

            if rng.chance(updateRate) {
                critique.updatedAt = createdAt + rng.int(3600...72 * 3600)
                critique.managerNotes += "\n\n" + rng.pick(SampleText.critiqueFollowUps)
                try writeRow(operation: "UPDATE", id: id, at: critique.updatedAt, data: critique.json(), oldData: created, &rng, file)
            }
        }
    }

    /// A Firebase Storage download URL; real download tokens are UUIDs.
    private static func storageURL(_ encodedPath: String, _ rng: inout SampleRandom) -> String {
        "https://firebasestorage.googleapis.com/v0/b/\(project).appspot.com/o/\(encodedPath)?alt=media&token=\(rng.uuid())"
    }

    private static func writeRow(
        operation: String, id: String, at seconds: Int, data: [UInt8], oldData: [UInt8]?,
        _ rng: inout SampleRandom, _ file: BufferedFile
    ) throws(SampleError) {
        // The extension's trigger fires a fraction of a second after the write.
        let micros = rng.int(180_000...900_999)
        let timestamp = SampleCalendar.bigQueryTimestamp(seconds: seconds + micros / 1_000_000, microseconds: micros % 1_000_000)
        let eventID = rng.uuid()
        file.json.beginObject()
        file.json.key("timestamp"); file.json.string(timestamp)
        file.json.key("event_id"); file.json.string(eventID)
        file.json.key("document_name"); file.json.string("projects/\(project)/databases/(default)/documents/photoCritiques/\(id)")
        file.json.key("operation"); file.json.string(operation)
        file.json.key("data"); file.json.string(utf8: data)
        file.json.key("old_data")
        if let oldData { file.json.string(utf8: oldData) } else { file.json.null() }
        file.json.key("document_id"); file.json.string(id)
        file.json.endObject()
        try file.endLine()
    }
}

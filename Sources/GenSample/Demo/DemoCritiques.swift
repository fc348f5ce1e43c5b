import Foundation

/// One photo critique as a manager wrote it, and what happened to it afterwards.
struct DemoCritique {
    /// How the document reached the changelog: backfilled by the import script in the old single-image
    /// format or in the current one, or streamed when the app created it.
    enum Kind { case importOld, imported, created }

    struct Update {
        var at: DemoInstant
        /// The new status, when the update publishes a draft.
        var status: String?
        var notes: String
    }

    var kind: Kind
    /// The photographer the critique is for, and the manager who wrote it.
    var target: String
    var submitter: String
    var exampleType: String
    /// How many photos the critique first had. One download token per photo and per thumbnail is still
    /// drawn for each, so ids, event ids and timestamps do not depend on `photos`.
    var uploads: Int
    var created: DemoInstant
    var status: String
    /// The photos it shows: names of the fixtures under `Content/media/critiques/library/`, or the full
    /// URL of a photo that exists only remotely.
    var photos: [String]
    var notes: String
    var update: Update? = nil
    /// Deleted: it was posted for the wrong photographer.
    var deleted: DemoInstant? = nil
}

/// `export/photoCritiques_raw_changelog.ndjson`: the Stream Firestore to BigQuery changelog of the
/// photoCritiques collection (IMPORT, CREATE, UPDATE and DELETE rows, each document serialized into a
/// string column), with rows of another collection streamed into the same table that readers must skip.
enum DemoCritiques {
    static let photoLibrary = "critiques/library"
    /// A photo whose fixture is truncated, so the site shows how a broken image is reported.
    static let brokenPhoto = "portrait-session"
    /// A photo with no local copy: the site shows the document's own URL.
    static let remotePhoto = "https://images.example.com/lumen/2024/marching-band-halftime.jpg"
    /// When the fs-bq-import-collection backfill ran.
    static let importRun = DemoInstant.utc(2024, 8, 21, 14, 3, 12)

    /// A Firebase Storage download URL.
    static func storageURL(_ path: String, token: String) -> String {
        "https://firebasestorage.googleapis.com/v0/b/\(DemoSample.bucket)/o/"
            + path.replacingOccurrences(of: "/", with: "%2F") + "?alt=media&token=\(token)"
    }

    /// The image URL and the app's thumbnail URL of one photo; the old format named thumbnails differently.
    static func photoURLs(_ name: String, token: String, thumbToken: String, oldFormat: Bool) -> (image: String, thumbnail: String) {
        if name.contains("://") { return (name, String(name.dropLast(".jpg".count)) + "_400x400.jpg") }
        let image = storageURL("\(photoLibrary)/\(name).jpg", token: token)
        if oldFormat { return (image, storageURL("\(photoLibrary)/thumb_\(name).jpg", token: thumbToken)) }
        return (image, storageURL("\(photoLibrary)/thumbnails/\(name)_400x400.jpg", token: thumbToken))
    }

    static func changelog(people: [DemoPerson]) -> [PyJSON] {
        var rng = PythonRandom.demo("critiques")
        var rows: [(when: DemoInstant, order: Int, row: PyJSON)] = []

        // The trigger fires a fraction of a second after the write.
        func after(_ t: DemoInstant) -> DemoInstant { t.adding(microseconds: rng.randint(180_000, 900_999)) }

        func append(
            _ when: DemoInstant, _ operation: String, _ documentID: String, _ data: PyObject?, _ old: PyObject?,
            collection: String = "photoCritiques"
        ) {
            let row: PyJSON = [
                "timestamp": .string(when.bigQueryTimestamp),
                "event_id": .string(rng.uuid4()),
                "document_name": .string("projects/\(DemoSample.project)/databases/(default)/documents/\(collection)/\(documentID)"),
                "operation": .string(operation),
                "data": data.map { .string(PythonJSON.compact(.object($0))) } ?? .null,
                "old_data": old.map { .string(PythonJSON.compact(.object($0))) } ?? .null,
                "document_id": .string(documentID)
            ]
            let order = rows.count
            rows.append((when, order, row))
        }

        var imports = 0
        for critique in critiques {
            let cid = rng.firestoreID()
            let tokens = (0..<(2 * critique.uploads)).map { _ in rng.uuid4() }
            precondition(critique.photos.count <= critique.uploads && (critique.kind != .importOld || critique.photos.count == 1))
            let urls = critique.photos.enumerated().map { k, name in
                photoURLs(name, token: tokens[k], thumbToken: tokens[critique.uploads + k], oldFormat: critique.kind == .importOld)
            }
            let submitter = people[key: critique.submitter]
            let target = people[key: critique.target]
            var doc = PyObject([
                ("organizationId", .string(DemoSample.organizationID)),
                ("submitterId", .string(submitter.id)),
                ("submitterName", .string(submitter.fullName)),
                ("submitterEmail", .string(submitter.email)),
                ("targetPhotographerId", .string(target.id)),
                ("targetPhotographerName", .string(target.fullName))
            ])
            if critique.kind == .importOld {
                doc["imageUrl"] = .string(urls[0].image)
                doc["thumbnailUrl"] = .string(urls[0].thumbnail)
            } else {
                doc["imageUrls"] = .strings(urls.map(\.image))
                doc["thumbnailUrls"] = .strings(urls.map(\.thumbnail))
                doc["imageUrl"] = .string(urls[0].image)
                doc["thumbnailUrl"] = .string(urls[0].thumbnail)
                doc["imageCount"] = .int(urls.count)
            }
            doc["managerNotes"] = .string(critique.notes)
            doc["exampleType"] = .string(critique.exampleType)
            doc["status"] = .string(critique.status)
            doc["createdAt"] = critique.created.firestoreTimestamp
            doc["updatedAt"] = critique.created.firestoreTimestamp

            if critique.kind == .created {
                append(after(critique.created), "CREATE", cid, doc, nil)
            } else {
                // The backfill writes its rows in quick succession: a fixed step apart, with a little jitter.
                let when = importRun.adding(microseconds: 137_219 * imports + rng.randint(0, 999))
                append(when, "IMPORT", cid, doc, nil)
                imports += 1
            }

            if let update = critique.update {
                var newDoc = doc
                newDoc["managerNotes"] = .string(update.notes)
                if let status = update.status { newDoc["status"] = .string(status) }
                newDoc["updatedAt"] = update.at.firestoreTimestamp
                append(after(update.at), "UPDATE", cid, newDoc, doc)
            }

            if let deleted = critique.deleted {
                append(after(deleted), "DELETE", cid, nil, doc)
            }
        }

        // Another collection streamed into the same table; readers must skip it.
        let dana = people[key: "dana"]
        let audit1 = PyObject([
            ("action", "template.update"),
            ("actorId", .string(dana.id)),
            ("templateId", .string(DemoTemplates.fallID)),
            ("organizationID", .string(DemoSample.organizationID)),
            ("details", "version 1 -> 2: added contact_phone, backup_completed"),
            ("at", DemoInstant.chicago(2024, 8, 28, 16, 47, 9).firestoreTimestamp)
        ])
        var audit2 = audit1
        audit2["reviewed"] = true
        audit2["reviewedAt"] = DemoInstant.chicago(2024, 9, 16, 9, 31, 0).firestoreTimestamp
        append(.utc(2024, 9, 15, 22, 10, 4, microsecond: 512_000), "CREATE", "x1", audit1, nil, collection: "auditLog")
        append(.utc(2024, 9, 16, 14, 31, 0, microsecond: 904_000), "UPDATE", "x1", audit2, audit1, collection: "auditLog")

        return rows.sorted { ($0.when, $0.order) < ($1.when, $1.order) }.map(\.row)
    }

    /// The critiques of the original sample, in its order: some imported in both formats, most created
    /// in the app, a few updated (one of them publishing a draft), one deleted, some drafts left.
    static let critiques: [DemoCritique] = [
        DemoCritique(
            kind: .importOld, target: "jenna", submitter: "dana", exampleType: "example", uploads: 1,
            created: .chicago(2024, 4, 19, 10, 14, 2), status: "published", photos: ["sky-field"],
            notes: """
                Great example of a clean baseball action shot. You waited for the ball to be on the bat and kept the \
                batter's face visible — that's the frame coaches and parents actually buy. Exposure is spot on even \
                with the bright sky behind him.
                """),
        DemoCritique(
            kind: .importOld, target: "renee", submitter: "chris", exampleType: "improvement", uploads: 1,
            created: .chicago(2024, 5, 8, 15, 41, 37), status: "published", photos: ["sunset-warmup"],
            notes: """
                Track individuals: the pole vault standard is growing out of her head. Take one step to the left \
                before you shoot and check the background every time.

                Everything else — focus, exposure, expression — is good.
                """),
        DemoCritique(
            kind: .imported, target: "marcus", submitter: "dana", exampleType: "example", uploads: 3,
            created: .chicago(2024, 7, 11, 9, 5, 44), status: "published", photos: ["team-bleachers", "sky-field", "golf-green"],
            notes: """
                Summer camp group set. This is how I want team photos lined up: tallest in the back, shoulders \
                angled in, nobody hiding behind the ball. Use these three as the reference for fall team days.
                """),
        DemoCritique(
            kind: .imported, target: "sean", submitter: "dana", exampleType: "improvement", uploads: 2,
            created: .chicago(2024, 8, 9, 14, 22, 10), status: "published", photos: ["autumn-trees", brokenPhoto],
            notes: """
                Senior portraits at the park. The light was hard midday sun and it shows in the squinting and the \
                shadows under the eyes.

                If we can't move the session time, put the sun behind the subject and fill with the reflector. The \
                second frame is closer — it just needs about a stop more on the face.
                """),
        DemoCritique(
            kind: .created, target: "renee", submitter: "chris", exampleType: "example", uploads: 2,
            created: .chicago(2024, 9, 6, 11, 30, 12), status: "published", photos: ["studio-backdrop"],
            notes: """
                Picture day lighting at Herrin Junior High was consistent from the first kid to the last. Nice job \
                checking the key light height when the taller 8th graders came through. Catchlights in both eyes on \
                almost every frame.
                """),
        DemoCritique(
            kind: .created, target: "jenna", submitter: "dana", exampleType: "improvement", uploads: 3,
            created: .chicago(2024, 9, 9, 16, 2, 55), status: "published", photos: ["stadium-lights", "team-bleachers", "sky-field"],
            notes: """
                Football: too many frames of the backs of helmets. Move down the sideline ahead of the play so the \
                ball carrier is running toward you. Use the line of scrimmage as your cue — if the play is going \
                left, be on the left before the snap.

                The third photo is the one that works. More like that.
                """),
        DemoCritique(
            kind: .created, target: "marcus", submitter: "chris", exampleType: "example", uploads: 1,
            created: .chicago(2024, 9, 12, 8, 47, 21), status: "published", photos: ["gym-court"],
            notes: """
                This volleyball kill at CCHS is a portfolio shot. Hand on the ball, face visible, net in frame but \
                not covering her. 1/1000 froze it cleanly. Send me the RAW, I want it on the website.
                """),
        DemoCritique(
            kind: .created, target: "tyler", submitter: "dana", exampleType: "improvement", uploads: 2,
            created: .chicago(2024, 9, 13, 10, 18, 40), status: "published", photos: ["stadium-lights"],
            notes: """
                White balance is way off under the lights at Harrisburg — everyone looks green. Set a custom white \
                balance off the gray card when you arrive instead of using auto. It takes thirty seconds and saves \
                an hour of editing.
                """),
        DemoCritique(
            kind: .created, target: "sean", submitter: "chris", exampleType: "example", uploads: 3,
            created: .chicago(2024, 9, 17, 13, 9, 3), status: "published", photos: ["autumn-trees", "golf-green", "sky-field"],
            notes: """
                Cross country at Mt. Vernon: great use of the long lens to stack runners coming up the hill. The \
                middle frame with the team in a tight pack is exactly what the yearbook staff keeps asking us for.
                """),
        DemoCritique(
            kind: .created, target: "renee", submitter: "dana", exampleType: "improvement", uploads: 1,
            created: .chicago(2024, 9, 19, 9, 55, 31), status: "published", photos: ["team-bleachers"],
            notes: """
                Team photo: two kids in the front row have their eyes closed and one coach is cut off at the edge. \
                Always take at least five frames of a group, and count heads in the viewfinder before you let the \
                team go.
                """),
        DemoCritique(
            kind: .created, target: "jenna", submitter: "chris", exampleType: "example", uploads: 2,
            created: .chicago(2024, 9, 20, 14, 36, 48), status: "published", photos: ["homecoming-night"],
            notes: """
                Senior night at Marion — the parent photos are warm and natural. You gave families clear direction \
                without making it feel staged. Keep doing the quick "look at each other, now look at me" sequence.
                """),
        DemoCritique(
            kind: .created, target: "marcus", submitter: "chris", exampleType: "improvement", uploads: 2,
            created: .chicago(2024, 9, 24, 11, 3, 16), status: "published", photos: ["gym-court"],
            notes: """
                Indoor volleyball at Unity Point: 1/250 wasn't fast enough — arms and ball are blurred in most \
                frames. Go to 1/640 minimum and let the ISO climb. Grain is fixable, motion blur isn't.
                """),
        DemoCritique(
            kind: .created, target: "sean", submitter: "dana", exampleType: "improvement", uploads: 1,
            created: .chicago(2024, 9, 26, 15, 27, 59), status: "published", photos: [brokenPhoto],
            notes: """
                Picture day: the backdrop has a visible wrinkle right behind the head for most of the morning \
                session. Steam or stretch it before the first class comes in, and check a test frame at 100% on the \
                laptop.
                """),
        DemoCritique(
            kind: .created, target: "tyler", submitter: "dana", exampleType: "example", uploads: 3,
            created: .chicago(2024, 9, 30, 10, 44, 6), status: "published", photos: ["golf-green", "sunset-warmup", "sky-field"],
            notes: """
                Golf sectional series is excellent — clean backgrounds, good follow-through timing, and you got the \
                medalists with the scoreboard. This is the standard for non-stadium sports.
                """,
            update: DemoCritique.Update(
                at: .chicago(2024, 10, 3, 8, 20, 14), status: nil,
                notes: """
                    Golf sectional series is excellent — clean backgrounds, good follow-through timing, and you got the \
                    medalists with the scoreboard. This is the standard for non-stadium sports.

                    Update: Coach Moreland asked for prints of the second frame, so we're ordering 8x10s for the team.
                    """)),
        DemoCritique(
            kind: .created, target: "renee", submitter: "chris", exampleType: "example", uploads: 2,
            created: .chicago(2024, 10, 2, 12, 15, 27), status: "draft", photos: ["homecoming-night"],
            notes: "Homecoming court at Carterville. Framing and expressions are great",
            update: DemoCritique.Update(
                at: .chicago(2024, 10, 2, 15, 51, 3), status: "published",
                notes: """
                    Homecoming court at Carterville. Framing and expressions are great, and the sash names are readable \
                    in every shot — that matters more than people think.

                    Next time, ask the escorts to button their jackets before the first frame.
                    """)),
        DemoCritique(
            kind: .created, target: "jenna", submitter: "dana", exampleType: "improvement", uploads: 1,
            created: .chicago(2024, 10, 4, 9, 12, 50), status: "published", photos: [remotePhoto],
            notes: """
                Marching band at halftime: you're too far back and the drum major is tiny in the frame. Get to the \
                front of the stands at the 50 and shoot the drumline tight, then one wide from the top row for the \
                formation.
                """),
        DemoCritique(
            kind: .created, target: "marcus", submitter: "dana", exampleType: "example", uploads: 1,
            created: .chicago(2024, 10, 8, 16, 40, 19), status: "published", photos: ["studio-backdrop"],
            notes: """
                Memory mates at Du Quoin: posing is consistent across the whole roster, and you kept the ball in the \
                same hand every time. That's what makes the composite look professional.
                """),
        DemoCritique(
            kind: .created, target: "sean", submitter: "chris", exampleType: "improvement", uploads: 2,
            created: .chicago(2024, 10, 10, 13, 58, 2), status: "published", photos: ["sky-field", "golf-green"],
            notes: """
                Soccer at Benton: focus is landing on the defender instead of the player with the ball. Switch to a \
                single AF point with tracking and keep it on the ball carrier.
                """,
            deleted: .chicago(2024, 10, 10, 14, 6, 45)),
        DemoCritique(
            kind: .created, target: "tyler", submitter: "chris", exampleType: "improvement", uploads: 2,
            created: .chicago(2024, 10, 11, 10, 6, 35), status: "published", photos: ["stadium-lights", "sky-field"],
            notes: """
                Shooting football from the end zone is a good idea, but the goal post cuts through the middle of \
                both frames. Slide two steps to either side of the upright.

                Also watch the horizon — the field is tilted in the second photo.
                """),
        DemoCritique(
            kind: .created, target: "renee", submitter: "dana", exampleType: "improvement", uploads: 3,
            created: .chicago(2024, 10, 15, 14, 20, 44), status: "published", photos: ["gym-court", "homecoming-night", "team-bleachers"],
            notes: """
                Flash at volleyball in Herrin: good call on the flicker — the color is consistent now. But the \
                direct flash from the baseline throws hard shadows on the wall behind the players.

                Bounce off the side wall or ceiling, or drop the flash and go up to 1/800 with higher ISO.

                Frame three shows what bounced flash looks like when it works.
                """),
        DemoCritique(
            kind: .created, target: "sean", submitter: "chris", exampleType: "example", uploads: 2,
            created: .chicago(2024, 10, 17, 11, 32, 8), status: "published", photos: ["sunset-warmup"],
            notes: "Warm-ups at sunset at MVTHS: backlit with a touch of fill, the rim light on the players is beautiful.",
            update: DemoCritique.Update(
                at: .chicago(2024, 10, 18, 9, 2, 37), status: nil,
                notes: """
                    Warm-ups at sunset at MVTHS: backlit with a touch of fill, the rim light on the players is \
                    beautiful.

                    Sharing this one with the whole team as an example of using bad-looking light on purpose.
                    """)),
        DemoCritique(
            kind: .created, target: "jenna", submitter: "dana", exampleType: "example", uploads: 1,
            created: .chicago(2024, 10, 22, 15, 3, 29), status: "published", photos: ["homecoming-night"],
            notes: """
                Cheer stunt at Marion, perfect timing at full extension and nobody's face is blocked. Crop is tight \
                without clipping hands or feet. Nice.
                """),
        DemoCritique(
            kind: .created, target: "marcus", submitter: "chris", exampleType: "improvement", uploads: 2,
            created: .chicago(2024, 10, 24, 9, 49, 13), status: "published", photos: ["team-bleachers"],
            notes: """
                Team photos at Murphysboro MS: the kids on the ends of the back row are soft. f/4 is too shallow for \
                three rows on the bleachers — use f/8 and back up so the group fits without the wide end of the \
                zoom.
                """),
        DemoCritique(
            kind: .created, target: "tyler", submitter: "dana", exampleType: "example", uploads: 1,
            created: .chicago(2024, 10, 29, 16, 11, 57), status: "draft", photos: ["stadium-lights"],
            notes: """
                Playoff game at Harrisburg — the sideline reaction shot after the interception is the best emotion \
                frame this season. Want to use it in the
                """),
        DemoCritique(
            kind: .created, target: "jenna", submitter: "chris", exampleType: "improvement", uploads: 2,
            created: .chicago(2024, 10, 30, 10, 26, 41), status: "draft", photos: ["studio-backdrop", "team-bleachers"],
            notes: """
                Picture day retakes at Jefferson: several kids are framed too low, with lots of empty space above \
                the head.

                TODO: attach the crop guide overlay before publishing.
                """)
    ]
}

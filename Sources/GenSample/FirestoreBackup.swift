/// `export/firestore-backup.json` in the firestore-export-import `backup()` shape:
/// `{"users": {id: {...}}, "schools": {...}, "reportTemplates": {...}}` (docs/export-formats.md, format 1).
/// Small, so written pretty-printed, as people usually keep these files.
enum FirestoreBackup {
    static let relativePath = "export/firestore-backup.json"

    static func write(_ world: SampleWorld, to file: BufferedFile) throws(SampleError) {
        file.json.beginObject()

        // Firestore hands documents out in document-id order, and so does the backup tool.
        file.json.key("users")
        file.json.beginObject()
        let people = (world.photographers + world.organizations.flatMap(\.managers)).sorted { $0.id < $1.id }
        for person in people {
            file.json.key(person.id)
            writeUser(person, world.organizations[person.organization].id, &file.json)
            try flushIfFull(file)
        }
        file.json.endObject()

        file.json.key("schools")
        file.json.beginObject()
        let schools = world.organizations.flatMap { org in org.schools.map { (org.id, $0) } }.sorted { $0.1.id < $1.1.id }
        for (orgID, school) in schools {
            file.json.key(school.id)
            writeSchool(school, orgID, &file.json)
            try flushIfFull(file)
        }
        file.json.endObject()

        file.json.key("reportTemplates")
        file.json.beginObject()
        for org in world.organizations.sorted(by: { $0.template.id < $1.template.id }) {
            file.json.key(org.template.id)
            writeTemplate(org, &file.json)
        }
        file.json.endObject()

        file.json.endObject()
        file.json.bytes.append(UInt8(ascii: "\n"))
    }

    private static func flushIfFull(_ file: BufferedFile) throws(SampleError) {
        if file.json.bytes.count >= BufferedFile.flushThreshold { try file.flush() }
    }

    private static func writeUser(_ p: SamplePerson, _ orgID: String, _ json: inout JSONWriter) {
        json.beginObject()
        json.key("firstName"); json.string(p.firstName)
        json.key("lastName"); json.string(p.lastName)
        json.key("email"); json.string(p.email)
        json.key("organizationID"); json.string(orgID)
        json.key("role"); json.string(p.role)
        json.key("isPhotographer"); json.bool(p.role == "photographer")
        if let coordinates = p.userCoordinates { json.key("userCoordinates"); json.string(coordinates) }
        json.key("createdAt"); json.timestamp(seconds: p.createdAt)
        json.endObject()
    }

    private static func writeSchool(_ s: SampleSchool, _ orgID: String, _ json: inout JSONWriter) {
        json.beginObject()
        json.key("value"); json.string(s.value)
        json.key("street"); json.string(s.street)
        json.key("city"); json.string(s.city)
        json.key("state"); json.string("IL")
        json.key("zipCode"); json.string(s.zipCode)
        json.key("coordinates"); json.string(s.coordinates)
        json.key("organizationID"); json.string(orgID)
        json.endObject()
    }

    private static func writeTemplate(_ org: SampleOrganization, _ json: inout JSONWriter) {
        let t = org.template
        json.beginObject()
        json.key("name"); json.string(SampleTemplate.name)
        json.key("description")
        json.string("End-of-day report for fall sports, team and picture-day jobs. Mileage, date, time and photographer fill in automatically.")
        json.key("shootType"); json.string("sports")
        json.key("organizationID"); json.string(org.id)
        json.key("fields")
        json.beginArray()
        for field in SampleField.all(schoolOptions: org.schools.map(\.value).sorted()) { field.write(&json) }
        json.endArray()
        json.key("isDefault"); json.bool(true)
        json.key("isActive"); json.bool(true)
        json.key("version"); json.int(SampleTemplate.version)
        json.key("createdAt"); json.timestamp(seconds: t.createdAt)
        json.key("updatedAt"); json.timestamp(seconds: t.updatedAt)
        json.key("createdBy"); json.string(t.createdBy)
        json.endObject()
    }
}

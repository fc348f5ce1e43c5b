/// `export/firestore-backup.json`: the firestore-export-import backup of users, schools and
/// reportTemplates, each collection in document-id order as Firestore hands documents out.
enum DemoBackup {
    static func build(people: [DemoPerson], schools: [DemoSchool], templates: [(id: String, document: PyJSON)]) -> PyJSON {
        var users: [(String, PyJSON)] = []
        for p in people {
            var doc = PyObject([
                ("firstName", .string(p.first)),
                ("lastName", .string(p.last)),
                ("email", .string(p.email)),
                ("organizationID", .string(DemoSample.organizationID)),
                ("role", .string(p.role)),
                ("isPhotographer", .bool(p.isPhotographer))
            ])
            if let coords = p.coords { doc["userCoordinates"] = .string(coords) }
            doc["createdAt"] = p.created.firestoreTimestamp
            // Older export versions always wrote this.
            if p.key == "jenna" || p.key == "dana" { doc["subCollection"] = [:] }
            users.append((p.id, .object(doc)))
        }

        var schoolDocs: [(String, PyJSON)] = []
        for s in schools {
            var doc = PyObject([
                ("value", .string(s.value)),
                ("street", .string(s.street)),
                ("city", .string(s.city)),
                ("state", "IL"),
                ("zipCode", .string(s.zip)),
                ("coordinates", .string(s.coordinates)),
                ("organizationID", .string(DemoSample.organizationID))
            ])
            if s.short == "Marion" { doc["subCollection"] = [:] }
            schoolDocs.append((s.id, .object(doc)))
        }

        return .object(
            PyObject([
                ("users", sortedByID(users)),
                ("schools", sortedByID(schoolDocs)),
                ("reportTemplates", sortedByID(templates.map { ($0.id, $0.document) }))
            ]))
    }

    /// `dict(sorted(d.items()))`: ids compared code point by code point, as Python compares strings.
    private static func sortedByID(_ documents: [(String, PyJSON)]) -> PyJSON {
        .object(PyObject(documents.sorted { PythonOrder.less($0.0, $1.0) }))
    }
}

/// Python's ordering of strings: by code point, with no Unicode normalization.
enum PythonOrder {
    static func less(_ a: String, _ b: String) -> Bool {
        a.unicodeScalars.lexicographicallyPrecedes(b.unicodeScalars) { $0.value < $1.value }
    }

    /// Python's `sorted`/`list.sort`: stable, so equal keys keep their order.
    static func stableSorted<T>(_ items: [T], by less: (T, T) -> Bool) -> [T] {
        items.enumerated().sorted { a, b in
            if less(a.element, b.element) { return true }
            if less(b.element, a.element) { return false }
            return a.offset < b.offset
        }.map(\.element)
    }
}

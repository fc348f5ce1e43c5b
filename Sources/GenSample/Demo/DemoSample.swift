import Foundation

/// `gen sample --demo`: the bundled demo sample of `Content/`, one organization ("Lumen School
/// Photography", southern Illinois) across the three export formats gen reads from one folder.
///
///     DIR/site.yml
///     DIR/pages/about.md, DIR/pages/mileage-policy.md
///     DIR/export/firestore-backup.json                  users, schools, reportTemplates
///     DIR/export/dailyJobReports.ndjson                 the fall season, then the form-rendering cases
///     DIR/export/photoCritiques_raw_changelog.ndjson    critiques, as a BigQuery changelog
///
/// The photos under `Content/media/` are committed fixtures, not written here: copy them from there
/// with the sample when it needs them.
///
/// This is a port of the Python script that first wrote the sample, draw for draw (`PythonRandom`) and
/// byte for byte (`PythonJSON`), so the committed `Content/` and this generator stay one and the same;
/// a test compares them.
public enum DemoSample {
    static let organizationID = "L7mQ2xVb9KpT4wRz8NcE"
    static let organizationName = "Lumen School Photography"
    static let project = "lumen-prod"
    static let bucket = "lumen-prod.appspot.com"
    static let ratePerMile = 0.67
    static let averageSpeedKmh = 50

    /// The files `write` makes, relative to its folder, in the order it writes them.
    public static let files = [
        "site.yml", "pages/about.md", "pages/mileage-policy.md", "export/firestore-backup.json",
        "export/dailyJobReports.ndjson", "export/photoCritiques_raw_changelog.ndjson"
    ]

    /// The contents of every file, by relative path. The sections are built in the script's order;
    /// each draws from its own stream, so the order matters only for readability.
    static func contents() -> [String: String] {
        let people = DemoPeople.build()
        let schools = DemoSchools.build()
        let fallFields = DemoTemplates.fallFields(schools)
        let pictureDayFields = DemoTemplates.pictureDayFields(schools)
        let manager = people[key: "dana"]

        let backup = DemoBackup.build(
            people: people, schools: schools,
            templates: [
                (DemoTemplates.fallID, DemoTemplates.fallTemplate(fields: fallFields, manager: manager)),
                (DemoTemplates.pictureDayID, DemoTemplates.pictureDayTemplate(fields: pictureDayFields, manager: manager))
            ])
        let season = DemoReports.build(people: people, schools: schools, fields: fallFields)
        let forms = DemoFormReports.build(people: people, schools: schools, pictureDayFields: pictureDayFields, fallFields: fallFields)
        let changelog = DemoCritiques.changelog(people: people)

        return [
            "site.yml": DemoPages.siteYAML,
            "pages/about.md": DemoPages.aboutMarkdown,
            "pages/mileage-policy.md": DemoPages.mileagePolicyMarkdown(schools: schools),
            "export/firestore-backup.json": PythonJSON.indented(backup) + "\n",
            // The season's reports first, in their order; the form-rendering cases after them.
            "export/dailyJobReports.ndjson": (season + forms).map { PythonJSON.compact(.object($0.doc)) + "\n" }.joined(),
            "export/photoCritiques_raw_changelog.ndjson": changelog.map { PythonJSON.compact($0) + "\n" }.joined()
        ]
    }

    /// Writes the demo sample into `directory` (made if missing; files of the same names replaced) and
    /// returns the relative paths written.
    @discardableResult
    public static func write(to directory: URL) throws(SampleError) -> [String] {
        let contents = contents()
        for path in files {
            let file = try BufferedFile(directory: directory, relativePath: path)
            try file.write(contents[path]!)
            try file.close()
        }
        return files
    }
}

import Foundation

/// `gen sample`: writes a realistic synthetic content folder.
///
///     DIR/site.yml
///     DIR/pages/about.md
///     DIR/export/firestore-backup.json                  users, schools, reportTemplates
///     DIR/export/dailyJobReports.ndjson                 the reports, streamed
///     DIR/export/photoCritiques_raw_changelog.ndjson    the critiques, streamed
///
/// Same options, same bytes: nothing reads the clock, the environment or a Dictionary's order.
/// Reports and critiques are generated while they are written, so memory stays flat for
/// millions of them.
public enum SampleGenerator {
    public static func write(_ options: SampleOptions, to directory: URL) throws -> SampleSummary {
        try options.validate()
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        } catch {
            throw SampleError("cannot create \(directory.path): \(error.localizedDescription)")
        }

        let world = SampleWorld(options)
        let season = SampleSeason(
            dayCount: SampleCalendar.dayCount(reports: options.reports, photographers: options.photographers),
            seed: options.seed)
        var files: [String] = []

        func text(_ relativePath: String, _ contents: String) throws(SampleError) {
            let file = try BufferedFile(directory: directory, relativePath: relativePath)
            try file.write(contents)
            try file.close()
            files.append(relativePath)
        }
        func stream(_ relativePath: String, pretty: Bool = false, _ body: (BufferedFile) throws(SampleError) -> Void) throws(SampleError) {
            let file = try BufferedFile(directory: directory, relativePath: relativePath, pretty: pretty)
            try body(file)
            try file.close()
            files.append(relativePath)
        }

        try text(SiteFiles.siteConfigPath, SiteFiles.siteYAML(world, options))
        try text(SiteFiles.aboutPath, SiteFiles.aboutMarkdown(world, season, options))
        try stream(FirestoreBackup.relativePath, pretty: true) { file throws(SampleError) in
            try FirestoreBackup.write(world, to: file)
        }
        try stream(ReportStream.relativePath) { file throws(SampleError) in
            try ReportStream.write(count: options.reports, world: world, season: season, seed: options.seed, to: file)
        }
        try stream(CritiqueStream.relativePath) { file throws(SampleError) in
            try CritiqueStream.write(count: options.critiques, world: world, season: season, seed: options.seed, to: file)
        }

        return SampleSummary(
            files: files, reports: options.reports, critiques: options.critiques,
            users: world.userCount, schools: world.schoolCount, organizations: world.organizations.count)
    }
}

import ArgumentParser
import Foundation
import GenModel
import GenSample

struct SampleCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sample", abstract: "Write a realistic synthetic export (same seed, same bytes), or the bundled demo sample.",
        discussion: """
            With --demo, writes the demo sample that the repository bundles in Content/ (site.yml, pages/, export/), \
            byte for byte. Its photos are not written: the JPEGs under Content/media/ are committed fixtures; copy \
            them from there with the sample if you need them.
            """)

    @Option(help: "Folder to write site.yml, export/ and pages/ into.")
    var output: String
    @Flag(help: "Write the bundled demo sample of Content/ instead (without its photos, Content/media/); takes no size options.")
    var demo = false
    // Optional, not defaulted, so that --demo can tell a size option given from one left out.
    @Option(help: "Number of daily job reports (default: 200).")
    var reports: Int?
    @Option(help: "Number of photo critiques (default: 40).")
    var critiques: Int?
    @Option(help: "Number of photographers (default: 5).")
    var photographers: Int?
    @Option(help: "Number of organizations (default: 1).")
    var organizations: Int?
    @Option(help: "Random seed (default: 1).")
    var seed: UInt64?

    func run() throws {
        do {
            if demo {
                try writeDemo()
            } else {
                try writeSynthetic()
            }
        } catch let error as SampleError {
            FileHandle.standardError.write(Data("error: \(error.message.escapingControlCharacters)\n".utf8))
            throw ExitStatus.unusableInput
        }
    }

    private func writeSynthetic() throws {
        let defaults = SampleOptions()
        let options = SampleOptions(
            reports: reports ?? defaults.reports, critiques: critiques ?? defaults.critiques,
            photographers: photographers ?? defaults.photographers, organizations: organizations ?? defaults.organizations,
            seed: seed ?? defaults.seed)
        let summary = try SampleGenerator.write(options, to: URL(fileURLWithPath: output))
        print(
            "wrote \(summary.reports) reports, \(summary.critiques) critiques, \(summary.users) users, "
                + "\(summary.schools) schools for \(summary.organizations) organization(s) to \(output)")
    }

    private func writeDemo() throws(SampleError) {
        let given = [
            ("--reports", reports != nil), ("--critiques", critiques != nil), ("--photographers", photographers != nil),
            ("--organizations", organizations != nil), ("--seed", seed != nil)
        ].filter(\.1).map(\.0)
        guard given.isEmpty else {
            throw SampleError("--demo writes the fixed demo sample and takes no size options; drop \(given.joined(separator: ", "))")
        }
        let files = try DemoSample.write(to: URL(fileURLWithPath: output))
        print("wrote the demo sample (\(files.count) files) to \(output); its photos are in Content/media/")
    }
}

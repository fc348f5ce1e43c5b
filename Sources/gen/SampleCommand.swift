import ArgumentParser
import Foundation
import GenSample

struct SampleCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sample", abstract: "Write a realistic synthetic export (same seed, same bytes).")

    @Option(help: "Folder to write site.yml, export/ and pages/ into.")
    var output: String
    @Option(help: "Number of daily job reports.")
    var reports = 200
    @Option(help: "Number of photo critiques.")
    var critiques = 40
    @Option(help: "Number of photographers.")
    var photographers = 5
    @Option(help: "Number of organizations.")
    var organizations = 1
    @Option(help: "Random seed.")
    var seed: UInt64 = 1

    func run() throws {
        let options = SampleOptions(
            reports: reports, critiques: critiques, photographers: photographers,
            organizations: organizations, seed: seed)
        let summary = try SampleGenerator.write(options, to: URL(fileURLWithPath: output))
        print(
            "wrote \(summary.reports) reports, \(summary.critiques) critiques, \(summary.users) users, "
                + "\(summary.schools) schools for \(summary.organizations) organization(s) to \(output)")
    }
}

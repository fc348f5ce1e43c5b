import ArgumentParser
import Foundation
import GenModel
import GenSample

struct SampleCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sample", abstract: "Write a realistic synthetic export (same seed, same bytes).")

    @Option(help: "Folder to write site.yml, export/ and pages/ into.")
    var output: String
    @Option(help: "Number of daily job reports.")
    var reports = SampleOptions().reports
    @Option(help: "Number of photo critiques.")
    var critiques = SampleOptions().critiques
    @Option(help: "Number of photographers.")
    var photographers = SampleOptions().photographers
    @Option(help: "Number of organizations.")
    var organizations = SampleOptions().organizations
    @Option(help: "Random seed.")
    var seed = SampleOptions().seed

    func run() throws {
        do {
            let options = SampleOptions(
                reports: reports, critiques: critiques, photographers: photographers, organizations: organizations, seed: seed)
            let summary = try SampleGenerator.write(options, to: URL(fileURLWithPath: output))
            print(
                "wrote \(summary.reports) reports, \(summary.critiques) critiques, \(summary.users) users, "
                    + "\(summary.schools) schools for \(summary.organizations) organization(s) to \(output)")
        } catch let error as SampleError {
            FileHandle.standardError.write(Data("error: \(error.message.escapingControlCharacters)\n".utf8))
            throw ExitStatus.unusableInput
        }
    }
}

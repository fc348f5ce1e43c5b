import ArgumentParser

/// `gen`: Firestore exports → a static site and archive per organization.
@main
struct Gen: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "gen",
        abstract: "Build static sites from Firestore exports of daily job reports and photo critiques.",
        subcommands: [BuildCommand.self, CheckCommand.self, ServeCommand.self, SampleCommand.self, TemplatesCommand.self]
    )
}

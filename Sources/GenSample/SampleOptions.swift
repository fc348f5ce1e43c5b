import Foundation

/// What `gen sample` should generate. Every count is validated by `validate()` before
/// anything is written, so a bad option never leaves a half-written folder behind.
public struct SampleOptions: Sendable, Equatable {
    /// Daily job reports in total, across all organizations.
    public var reports: Int
    /// Photo critiques in total (one CREATE row each in the changelog, plus a few UPDATEs).
    public var critiques: Int
    /// Photographers in total, spread evenly across organizations.
    public var photographers: Int
    public var organizations: Int
    /// Same seed, same bytes: every random choice comes from this seed.
    public var seed: UInt64

    public init(reports: Int = 200, critiques: Int = 40, photographers: Int = 5, organizations: Int = 1, seed: UInt64 = 1) {
        self.reports = reports
        self.critiques = critiques
        self.photographers = photographers
        self.organizations = organizations
        self.seed = seed
    }

    // The upper limits keep the small in-memory parts (people, schools and the per-photographer
    // nearby-school lists, which cost photographers × schools) quick, and keep the day arithmetic
    // far from overflow. Reports and critiques are streamed, so their limits are generous.
    public static let maxReports = 100_000_000
    public static let maxCritiques = 10_000_000
    public static let maxPhotographers = 10_000

    /// Throws a `SampleError` naming the first option that is out of range.
    public func validate() throws(SampleError) {
        guard reports >= 0 else { throw SampleError("--reports must be 0 or more (got \(reports))") }
        guard reports <= Self.maxReports else { throw SampleError("--reports must be at most \(Self.maxReports) (got \(reports))") }
        guard critiques >= 0 else { throw SampleError("--critiques must be 0 or more (got \(critiques))") }
        guard critiques <= Self.maxCritiques else { throw SampleError("--critiques must be at most \(Self.maxCritiques) (got \(critiques))") }
        guard photographers >= 1 else { throw SampleError("--photographers must be at least 1 (got \(photographers))") }
        guard photographers <= Self.maxPhotographers else {
            throw SampleError("--photographers must be at most \(Self.maxPhotographers) (got \(photographers))")
        }
        guard organizations >= 1 else { throw SampleError("--organizations must be at least 1 (got \(organizations))") }
        guard organizations <= photographers else {
            throw SampleError(
                "--organizations (\(organizations)) must not exceed --photographers (\(photographers)): every organization needs a photographer")
        }
    }
}

/// What `SampleGenerator.write` produced.
public struct SampleSummary: Sendable, Equatable {
    /// Files written, relative to the output folder, in the order they were written.
    public var files: [String]
    public var reports: Int
    /// Distinct critique documents (the changelog also holds a few UPDATE rows for some of them).
    public var critiques: Int
    /// Photographers and managers.
    public var users: Int
    public var schools: Int
    public var organizations: Int

    public init(files: [String], reports: Int, critiques: Int, users: Int, schools: Int, organizations: Int) {
        self.files = files
        self.reports = reports
        self.critiques = critiques
        self.users = users
        self.schools = schools
        self.organizations = organizations
    }
}

/// An invalid option or a file that could not be written; `message` is ready to show.
public struct SampleError: Error, Sendable, Equatable, CustomStringConvertible, LocalizedError {
    public var message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
    public var errorDescription: String? { message }
}

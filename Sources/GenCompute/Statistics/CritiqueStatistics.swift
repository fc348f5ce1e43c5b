import GenModel
import GenResolve
import GenSupport

/// Published critiques (drafts and other statuses never count): all time or one month.
/// `total = good + improvement + other` everywhere.
public struct CritiqueStatistics: Sendable, Codable, Equatable {
    public var total: Int
    /// `exampleType == "example"` (Good Example).
    public var good: Int
    /// `exampleType == "improvement"` (Needs Improvement).
    public var improvement: Int
    /// Any other or no `exampleType`: in the total only, as the galleries show them.
    public var other: Int
    /// Critiques without `createdAt`: counted in every all-time number but in no month. Always 0 in a month.
    public var undated: Int
    /// Target photographer key → counts. The key is the galleries' (`targetPhotographerId`, else the stored
    /// name, else `__unknown__`).
    public var photographers: [DocumentID: PersonCritiques]
    /// Submitting manager key → counts (`submitterId`, else the stored name, else `__unknown__`).
    public var managers: [DocumentID: PersonCritiques]

    public init(
        total: Int = 0, good: Int = 0, improvement: Int = 0, other: Int = 0, undated: Int = 0,
        photographers: [DocumentID: PersonCritiques] = [:], managers: [DocumentID: PersonCritiques] = [:]
    ) {
        self.total = total
        self.good = good
        self.improvement = improvement
        self.other = other
        self.undated = undated
        self.photographers = photographers
        self.managers = managers
    }

    mutating func add(_ facts: CritiqueFacts) {
        total += 1
        switch facts.kind {
        case .good: good += 1
        case .improvement: improvement += 1
        case .other: other += 1
        }
        photographers[facts.photographerKey, default: PersonCritiques(name: facts.photographerName)].add(facts.kind)
        managers[facts.managerKey, default: PersonCritiques(name: facts.managerName)].add(facts.kind)
    }
}

/// Critiques by kind: what every critique chart draws.
public struct CritiqueCounts: Sendable, Equatable {
    public var good = 0
    public var improvement = 0
    public var other = 0
    public init(good: Int = 0, improvement: Int = 0, other: Int = 0) {
        self.good = good
        self.improvement = improvement
        self.other = other
    }
}

extension CritiqueStatistics {
    public var counts: CritiqueCounts { CritiqueCounts(good: good, improvement: improvement, other: other) }
}

extension PersonCritiques {
    public var counts: CritiqueCounts { CritiqueCounts(good: good, improvement: improvement, other: other) }
}

/// One photographer's or manager's critique counts.
public struct PersonCritiques: Sendable, Codable, Equatable {
    /// The user's name in this organization, else the name the critique stored.
    public var name: String
    public var total: Int
    public var good: Int
    public var improvement: Int
    public var other: Int

    public init(name: String, total: Int = 0, good: Int = 0, improvement: Int = 0, other: Int = 0) {
        self.name = name
        self.total = total
        self.good = good
        self.improvement = improvement
        self.other = other
    }

    mutating func add(_ kind: CritiqueFacts.Kind) {
        total += 1
        switch kind {
        case .good: good += 1
        case .improvement: improvement += 1
        case .other: other += 1
        }
    }
}

/// What the critique counts need to know about one critique; public so the statistics pages group
/// critiques by exactly the keys `stats.json` uses.
public struct CritiqueFacts: Sendable {
    public enum Kind: Sendable { case good, improvement, other }

    public var kind: Kind
    public var photographerKey: DocumentID
    public var photographerName: String
    public var managerKey: DocumentID
    public var managerName: String

    public init(_ critique: Critique, in org: Organization) {
        // Exact values, as the galleries read them (anything else is "other" there too).
        switch critique.exampleType {
        case "example": kind = .good
        case "improvement": kind = .improvement
        default: kind = .other
        }
        (photographerKey, photographerName) = Self.person(
            id: critique.targetPhotographerId.text,
            name: critique.targetPhotographerName,
            unknown: "Unknown photographer", in: org)
        (managerKey, managerName) = Self.person(
            id: critique.submitterId.text, name: critique.submitterName,
            unknown: "Unknown manager", in: org)
    }

    /// Key and display name of a person a critique names: older documents may hold only a name.
    static func person(id: String?, name: String?, unknown: String, in org: Organization) -> (DocumentID, String) {
        // Keys stay as stored (they are ids); blank ones are treated as absent.
        func nonBlank(_ s: String?) -> String? {
            guard let s, !s.isBlankText else { return nil }
            return s
        }
        guard let key = nonBlank(id) ?? nonBlank(name) else { return (DocumentID(OrganizationStatistics.Key.unknown), unknown) }
        let shown = nonBlank(name)?.trimmed
        return (DocumentID(key), org.userName(DocumentID(key)) ?? shown ?? key)
    }
}

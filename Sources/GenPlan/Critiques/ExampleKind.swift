import GenModel

/// What a critique is an example of, as the viewer shows it.
enum ExampleKind: Sendable, Equatable {
    case good
    case improvement
    /// Any other stored `exampleType` (or none): shown with a neutral badge, counted only in the total.
    case other(String?)

    init(_ critique: Critique) {
        switch critique.exampleType {
        case "example": self = .good
        case "improvement": self = .improvement
        default: self = .other(critique.exampleType)
        }
    }

    var badge: Badge {
        switch self {
        case .good: return Badge(label: "Good Example", style: "good", icon: "check")
        case .improvement: return Badge(label: "Needs Improvement", style: "improvement", icon: "alert")
        case .other(let type): return Badge(label: type.map { "Other (\($0))" } ?? "Unclassified", style: "neutral", icon: "info")
        }
    }
}

/// The example-type badge; `icon` names an inline SVG symbol the templates draw.
struct Badge: Sendable, Encodable {
    var label: String
    var style: String
    var icon: String
    var isGood: Bool { style == "good" }
    var isImprovement: Bool { style == "improvement" }
}

/// The gallery filters, in the order the viewer shows them.
enum GalleryFilter: String, CaseIterable, Sendable {
    case all, good, improvement

    var label: String {
        switch self {
        case .all: return "All Examples"
        case .good: return "Good Examples"
        case .improvement: return "Needs Improvement"
        }
    }

    func includes(_ kind: ExampleKind) -> Bool {
        switch self {
        case .all: return true
        case .good: return kind == .good
        case .improvement: return kind == .improvement
        }
    }
}

enum GallerySort: String, CaseIterable, Sendable {
    case newest, oldest

    var label: String { self == .newest ? "Newest First" : "Oldest First" }
}

import Foundation
import GenModel

/// What one report says a manager may have to follow up: the retakes it counts and why, and a makeup day it
/// asks for. Read when its form is made (`ReportForm.build`), before the build lets go of the raw fields, from
/// every value but those its template's logic hides (a makeup date hidden while no makeup day is needed is
/// none; a value of an older version of the template counts); the whole-organization pages read it from the
/// report's `FormSummary`.
///
/// The fields are those of the app's Picture Day template (`retakes`, `retake_reason`, `makeup_needed`,
/// `makeup_date`), found by id in any template or legacy report that has them.
public struct FollowUpFacts: Sendable, Equatable {
    public static let retakesField = "retakes"
    public static let retakeReasonField = "retake_reason"
    public static let makeupNeededField = "makeup_needed"
    public static let makeupDateField = "makeup_date"

    /// The retakes the report counts, when more than none.
    public var retakes: Int?
    /// Why, as typed; nil when the report gives no reason (or its form does not show one).
    public var retakeReason: String?
    /// The report asks for a makeup day.
    public var makeupNeeded = false
    /// The makeup day; nil when none is set or what is stored is not a date.
    public var makeupDate: LocalDate?
    /// What is stored when it is not a date (`"next week"`), to say so.
    public var makeupDateAsStored: String?

    public init(
        retakes: Int? = nil, retakeReason: String? = nil, makeupNeeded: Bool = false, makeupDate: LocalDate? = nil,
        makeupDateAsStored: String? = nil
    ) {
        self.retakes = retakes
        self.retakeReason = retakeReason
        self.makeupNeeded = makeupNeeded
        self.makeupDate = makeupDate
        self.makeupDateAsStored = makeupDateAsStored
    }

    /// `hidden`: the ids of the fields the report's template hides by its logic; dates are read in `zone` as
    /// the form reads them.
    public init(_ report: DailyJobReport, hidden: Set<String>, zone: TimeZone) {
        func value(_ id: String) -> FirestoreValue? {
            guard !hidden.contains(id), let value = report.fields[id], !FieldFormatter.isBlank(value) else { return nil }
            return value
        }
        if let count = value(Self.retakesField).flatMap(FieldFormatter.number), count >= 1, count < Double(Int32.max) {
            retakes = Int(count.rounded(.down))
            retakeReason = value(Self.retakeReasonField)?.scalarText?.trimmed.nonEmpty
        }
        guard let needed = value(Self.makeupNeededField).flatMap(FieldFormatter.yesNo), needed else { return }
        makeupNeeded = true
        switch value(Self.makeupDateField) {
        case .timestamp(let t)?: makeupDate = LocalDate(t, in: zone)
        case .string(let s)?:
            makeupDate = FormFormat.parseDate(s, in: zone)
            if makeupDate == nil { makeupDateAsStored = s.trimmed }
        case let other?: makeupDateAsStored = FieldFormatter.inline(other, zone: zone)
        case nil: break
        }
    }

    /// Nothing to follow up.
    public var isEmpty: Bool { retakes == nil && !makeupNeeded }
}

extension String {
    fileprivate var nonEmpty: String? { isEmpty ? nil : self }
}

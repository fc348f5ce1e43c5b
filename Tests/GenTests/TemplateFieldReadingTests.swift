import GenModel
import XCTest

/// A template field's smart kind is worked out when its type or smart configuration is set, not per report:
/// it must follow every change to either.
final class TemplateFieldReadingTests: XCTestCase {
    func testKindFollowsTheTypeAndTheSmartConfiguration() {
        var field = TemplateField(id: "f", type: "Text", label: "F")
        XCTAssertNil(field.smartKind)
        XCTAssertFalse(field.isSmart)
        XCTAssertEqual(field.typeKey, "text")
        XCTAssertEqual(field.shownType, "Text")

        field.type = "Mileage"  // the type itself names the kind, in any case
        XCTAssertEqual(field.smartKind, .mileage)
        XCTAssertTrue(field.isSmart)
        XCTAssertEqual(field.shownType, "Mileage")

        field.type = "smart"  // the kind is in the configuration
        XCTAssertNil(field.smartKind)
        XCTAssertTrue(field.isSmart, "type smart is a smart field whatever its configuration says")
        XCTAssertEqual(field.shownType, "smart")
        field.smartConfig = SmartFieldConfig(calculationType: "Weather_Conditions")
        XCTAssertEqual(field.smartKind, .weatherConditions)
        XCTAssertEqual(field.shownType, "weather_conditions")

        field.type = "number"  // a stray configuration on an input field does not make it smart
        XCTAssertNil(field.smartKind)
        XCTAssertFalse(field.isSmart)
    }
}

/// The report templates: the fall sports daily report (version 2), which the season's reports
/// use, and the picture-day report (version 3), which has every field type, smart fields, conditional
/// logic and calculations, so the sample shows how each renders.
enum DemoTemplates {
    static let fallID = "fall_sports_template"
    static let fallName = "Fall Sports Daily Report"
    static let fallVersion = 2

    static let pictureDayID = "picture_day_template"
    static let pictureDayName = "Picture Day Report"
    static let pictureDayVersion = 3

    /// Deleted from reportTemplates before the export; one report still names it.
    static let missingID = "media_day_template"
    static let missingName = "Banner & Media Day Report"

    static let pictureDaySessions = ["Fall Picture Day", "Spring Picture Day", "Retake Day", "Class Composites", "Staff & ID Cards"]
    static let backdrops = ["Gray Mottled", "Blue", "Black", "Green Screen"]
    static let services = [
        "Individual Portraits", "Class Composites", "Group Photos", "Staff Photos", "Student ID Cards", "Yearbook Candids"
    ]
    static let printCostPerStudent = 0.5
    static let retakeRateFormula = "ROUND(retakes / students_photographed * 100, 1)"
    static let totalCostFormula = "students_photographed * \(PythonNumber.repr(printCostPerStudent)) + extra_costs"

    /// The ids of the fields that fill themselves in, as a report's `smartFieldsUsed` lists them.
    static func smartFieldIDs(_ fields: [PyJSON]) -> [String] {
        fields.compactMap { field in
            guard case .object(let f) = field, let config = f["smartConfig"], config != .null, case .string(let id)? = f["id"]
            else { return nil }
            return id
        }
    }

    /// A smart field's configuration; `extra` keys follow the three every smart field has.
    private static func smartConfig(_ calculation: String, _ fallback: PyJSON, _ autoUpdate: Bool, _ extra: PyObject = PyObject()) -> PyJSON {
        var config: PyObject = PyObject([("calculationType", .string(calculation)), ("fallbackValue", fallback), ("autoUpdate", .bool(autoUpdate))])
        config.update(extra)
        return .object(config)
    }

    private static func extra(_ key: String, _ value: String) -> PyObject { PyObject([(key, .string(value))]) }

    static func fallFields(_ schools: [DemoSchool]) -> [PyJSON] {
        let schoolValues = PyJSON.strings(schools.map(\.value))
        return [
            [
                "id": "job_type", "type": "select", "label": "Job Type", "required": true,
                "options": ["Fall Sports", "Team Photos", "Individual Photos", "Picture Day"],
                "placeholder": "Select the kind of job", "defaultValue": "Fall Sports"
            ],
            [
                "id": "schools_visited", "type": "multiselect", "label": "Schools Visited", "required": true,
                "options": schoolValues, "placeholder": "Select schools in the order you visited them"
            ],
            [
                "id": "school_name", "type": "school_name", "label": "School Name(s)", "required": false,
                "smartConfig": ["calculationType": "school_name", "fallbackValue": "No schools selected", "autoUpdate": true],
                "readOnly": true
            ],
            [
                "id": "mileage", "type": "mileage", "label": "Round Trip Mileage", "required": false,
                "smartConfig": ["calculationType": "mileage", "fallbackValue": "0 miles", "autoUpdate": true],
                "readOnly": true
            ],
            [
                "id": "weather", "type": "weather_conditions", "label": "Weather Conditions", "required": false,
                "smartConfig": ["calculationType": "weather_conditions", "fallbackValue": "Weather unavailable", "autoUpdate": false],
                "readOnly": false
            ],
            [
                "id": "photographer_name", "type": "user_name", "label": "Photographer", "required": false,
                "smartConfig": ["calculationType": "user_name", "fallbackValue": "Photographer", "autoUpdate": false],
                "readOnly": true
            ],
            [
                "id": "report_date", "type": "date_auto", "label": "Report Date", "required": false,
                "smartConfig": ["calculationType": "date_auto", "fallbackValue": nil, "autoUpdate": false, "format": "US"],
                "readOnly": true
            ],
            [
                "id": "submitted_time", "type": "time_auto", "label": "Submitted At", "required": false,
                "smartConfig": ["calculationType": "time_auto", "fallbackValue": nil, "autoUpdate": true, "format": "12-hour"],
                "readOnly": true
            ],
            [
                "id": "photos_taken", "type": "number", "label": "Photos Taken", "required": true,
                "placeholder": "Total frames shot today"
            ],
            [
                "id": "equipment_used", "type": "multiselect", "label": "Equipment Used", "required": false,
                "options": ["Camera", "Tripod", "Flash", "Backdrop", "Light Stand", "Reflector"]
            ],
            [
                "id": "backup_completed", "type": "toggle", "label": "Cards Backed Up", "required": true,
                "defaultValue": "false"
            ],
            [
                "id": "contact_email", "type": "email", "label": "School Contact Email", "required": false,
                "placeholder": "name@school.org"
            ],
            [
                "id": "contact_phone", "type": "phone", "label": "School Contact Phone", "required": false,
                "placeholder": "(618) 555-0100"
            ],
            [
                "id": "notes", "type": "textarea", "label": "Notes", "required": false,
                "placeholder": "Lighting, schedule changes, missing students, anything the office should know..."
            ]
        ]
    }

    static func pictureDayFields(_ schools: [DemoSchool]) -> [PyJSON] {
        let schoolValues = PyJSON.strings(schools.map(\.value))
        return [
            [
                "id": "session_type", "type": "select", "label": "Session", "required": true,
                "options": .strings(pictureDaySessions), "placeholder": "Select the session",
                "defaultValue": "Fall Picture Day"
            ],
            [
                "id": "schools_visited", "type": "multiselect", "label": "Schools Visited", "required": true,
                "options": schoolValues, "placeholder": "Select schools in the order you visited them"
            ],
            [
                "id": "school_name", "type": "school_name", "label": "School Name(s)", "required": false,
                "smartConfig": smartConfig("school_name", "No schools selected", true), "readOnly": true
            ],
            [
                "id": "photographer_name", "type": "user_name", "label": "Photographer", "required": false,
                "smartConfig": smartConfig("user_name", "Photographer", false), "readOnly": true
            ],
            [
                "id": "report_date", "type": "date_auto", "label": "Report Date", "required": false,
                "smartConfig": smartConfig("date_auto", nil, false, extra("format", "US")), "readOnly": true
            ],
            [
                "id": "arrival_time", "type": "time", "label": "Arrival Time", "required": true,
                "placeholder": "HH:MM"
            ],
            [
                "id": "submitted_time", "type": "time_auto", "label": "Submitted At", "required": false,
                "smartConfig": smartConfig("time_auto", nil, true, extra("format", "24-hour")), "readOnly": true
            ],
            [
                "id": "setup_location", "type": "location", "label": "Where We Set Up", "required": false,
                "placeholder": "Room and address, e.g. Library, 700 N Market St, Marion, IL"
            ],
            [
                "id": "current_location", "type": "current_location", "label": "GPS at Submission", "required": false,
                "smartConfig": smartConfig("current_location", "Location unavailable", false, extra("format", "coordinates")),
                "readOnly": true
            ],
            [
                "id": "weather", "type": "weather_conditions", "label": "Weather Conditions", "required": false,
                "smartConfig": smartConfig("weather_conditions", "Weather unavailable", false), "readOnly": false
            ],
            [
                "id": "mileage", "type": "mileage", "label": "Round Trip Mileage", "required": false,
                "smartConfig": smartConfig("mileage", "0 miles", true), "readOnly": true
            ],
            [
                "id": "school_contact", "type": "text", "label": "Front Office Contact", "required": true,
                "placeholder": "Who signed us in"
            ],
            [
                "id": "contact_email", "type": "email", "label": "Contact Email", "required": false,
                "placeholder": "name@school.org"
            ],
            [
                "id": "contact_phone", "type": "phone", "label": "Contact Phone", "required": false,
                "placeholder": "(618) 555-0100"
            ],
            [
                "id": "backdrop", "type": "radio", "label": "Backdrop", "required": true,
                "options": .strings(backdrops), "defaultValue": "Gray Mottled"
            ],
            [
                "id": "services", "type": "multiselect", "label": "Services Delivered", "required": false,
                "options": .strings(services)
            ],
            [
                "id": "group_photo_notes", "type": "textarea", "label": "Group / Composite Notes", "required": false,
                "placeholder": "Rows, order, who was missing...",
                "logic": [
                    "id": "logic_group_photo_notes", "action": "show", "eval": "or",
                    "conditions": [
                        ["field": "session_type", "condition": "?=", "value": "Composite"],
                        ["field": "services", "condition": "?=", "value": "Group Photos"]
                    ]
                ]
            ],
            [
                "id": "students_photographed", "type": "number", "label": "Students Photographed", "required": true,
                "placeholder": "Count from the camera card, not the roster"
            ],
            ["id": "retakes", "type": "number", "label": "Retakes", "required": true, "defaultValue": "0"],
            [
                "id": "retake_reason", "type": "textarea", "label": "Why the Retakes", "required": true,
                "placeholder": "Blinks, glasses glare, absent, parent request...",
                "logic": [
                    "id": "logic_retake_reason", "action": "show", "eval": "and",
                    "conditions": [["field": "retakes", "condition": ">", "value": 0]]
                ]
            ],
            [
                "id": "retake_rate", "type": "calculation", "label": "Retake Rate (%)", "required": false,
                "smartConfig": smartConfig("calculation", "N/A", true, extra("formula", retakeRateFormula)), "readOnly": true
            ],
            [
                "id": "makeup_needed", "type": "toggle", "label": "Makeup Day Needed", "required": true,
                "defaultValue": "false"
            ],
            [
                "id": "makeup_date", "type": "date", "label": "Makeup Date", "required": true,
                "logic": [
                    "id": "logic_makeup_date", "action": "hide", "eval": "or",
                    "conditions": [
                        ["field": "makeup_needed", "condition": "null="],
                        ["field": "makeup_needed", "condition": "=", "value": false]
                    ]
                ]
            ],
            [
                "id": "extra_costs", "type": "currency", "label": "Extra Costs", "required": false,
                "placeholder": "Parking, supplies, shipping", "defaultValue": "0"
            ],
            [
                "id": "total_cost", "type": "calculation", "label": "Estimated Job Cost ($)", "required": false,
                "smartConfig": smartConfig("calculation", nil, true, extra("formula", totalCostFormula)), "readOnly": true
            ],
            ["id": "photos", "type": "file", "label": "Sign-in Sheets & Setup Photos", "required": false],
            [
                "id": "photo_count", "type": "photo_count", "label": "Photos Attached", "required": false,
                "smartConfig": smartConfig("photo_count", "0", true), "readOnly": true
            ],
            [
                "id": "notes", "type": "textarea", "label": "Notes", "required": false,
                "placeholder": "Anything the office should know..."
            ]
        ]
    }

    /// The fall template's document; `createdBy` is the owner.
    static func fallTemplate(fields: [PyJSON], manager: DemoPerson) -> PyJSON {
        [
            "name": .string(fallName),
            "description": """
            End-of-day report for fall sports, team and picture-day jobs. \
            Mileage, date, time and photographer fill in automatically.
            """,
            "shootType": "sports",
            "organizationID": .string(DemoSample.organizationID),
            "fields": .array(fields),
            "isDefault": true,
            "isActive": true,
            "version": .int(fallVersion),
            "createdAt": DemoInstant.chicago(2024, 7, 15, 10, 2, 41).firestoreTimestamp,
            "updatedAt": DemoInstant.chicago(2024, 8, 28, 16, 47, 9).firestoreTimestamp,
            "createdBy": .string(manager.id)
        ]
    }

    static func pictureDayTemplate(fields: [PyJSON], manager: DemoPerson) -> PyJSON {
        [
            "name": .string(pictureDayName),
            "description": """
            End-of-day report for picture days, retake days, composites and staff/ID sessions. \
            Retake rate and job cost are calculated; the makeup date only appears when a \
            makeup day is needed.
            """,
            "shootType": "picture_day",
            "organizationID": .string(DemoSample.organizationID),
            "fields": .array(fields),
            "isDefault": true,
            "isActive": true,
            "version": .int(pictureDayVersion),
            "createdAt": DemoInstant.chicago(2024, 8, 5, 9, 12, 30).firestoreTimestamp,
            "updatedAt": DemoInstant.chicago(2024, 9, 27, 15, 4, 18).firestoreTimestamp,
            "createdBy": .string(manager.id)
        ]
    }
}

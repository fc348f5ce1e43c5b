/// The organization's one "Fall Sports Daily Report" template (`reportTemplates`).
struct SampleTemplate {
    static let name = "Fall Sports Daily Report"
    static let version = 2

    let id: String
    let createdAt: Int
    let updatedAt: Int
    let createdBy: String
}

/// The fields of "Fall Sports Daily Report", the app's own example template, with its smart fields.
/// Reports carry a value for each field id, written by `ReportStream` in this order.
struct SampleField {
    struct Smart {
        var calculationType: String
        var fallbackValue: String?
        var autoUpdate: Bool
        var format: String? = nil
    }

    var id: String
    var type: String
    var label: String
    var required: Bool
    var options: [String]? = nil
    var placeholder: String? = nil
    var smart: Smart? = nil
    var readOnly: Bool? = nil

    static func all(schoolOptions: [String]) -> [SampleField] {
        [
            SampleField(id: "job_type", type: "select", label: "Job Type", required: true, options: SampleText.jobTypes),
            SampleField(
                id: "schools_visited", type: "multiselect", label: "Schools Visited", required: true,
                options: schoolOptions, placeholder: "Select schools in the order you visited them"),
            SampleField(
                id: "school_name", type: "school_name", label: "School Name(s)", required: false,
                smart: Smart(calculationType: "school_name", fallbackValue: "No schools selected", autoUpdate: true),
                readOnly: true),
            SampleField(
                id: "mileage", type: "mileage", label: "Round Trip Mileage", required: false,
                smart: Smart(calculationType: "mileage", fallbackValue: "0 miles", autoUpdate: true), readOnly: true),
            SampleField(
                id: "weather", type: "weather_conditions", label: "Weather Conditions", required: false,
                smart: Smart(calculationType: "weather_conditions", fallbackValue: "Weather unavailable", autoUpdate: false),
                readOnly: false),
            SampleField(
                id: "photographer_name", type: "user_name", label: "Photographer", required: false,
                smart: Smart(calculationType: "user_name", fallbackValue: "Photographer", autoUpdate: false), readOnly: true),
            SampleField(
                id: "report_date", type: "date_auto", label: "Report Date", required: false,
                smart: Smart(calculationType: "date_auto", fallbackValue: nil, autoUpdate: false, format: "US"), readOnly: true),
            SampleField(
                id: "submitted_time", type: "time_auto", label: "Submitted At", required: false,
                smart: Smart(calculationType: "time_auto", fallbackValue: nil, autoUpdate: true, format: "12-hour"),
                readOnly: true),
            SampleField(
                id: "photos_taken", type: "number", label: "Photos Taken", required: true,
                placeholder: "Total frames shot today"),
            SampleField(
                id: "equipment_used", type: "multiselect", label: "Equipment Used", required: false,
                options: SampleText.equipment),
            SampleField(id: "backup_completed", type: "toggle", label: "Cards Backed Up", required: true),
            SampleField(
                id: "notes", type: "textarea", label: "Notes", required: false,
                placeholder: "Lighting, schedule changes, missing students, anything the office should know...")
        ]
    }

    /// The ids of fields with a smartConfig: every report's `smartFieldsUsed`.
    static let smartFieldIDs = all(schoolOptions: []).filter { $0.smart != nil }.map(\.id)

    func write(_ json: inout JSONWriter) {
        json.beginObject()
        json.key("id"); json.string(id)
        json.key("type"); json.string(type)
        json.key("label"); json.string(label)
        json.key("required"); json.bool(required)
        if let options { json.key("options"); json.stringArray(options) }
        if let placeholder { json.key("placeholder"); json.string(placeholder) }
        if let smart {
            json.key("smartConfig")
            json.beginObject()
            json.key("calculationType"); json.string(smart.calculationType)
            json.key("fallbackValue")
            if let fallback = smart.fallbackValue { json.string(fallback) } else { json.null() }
            json.key("autoUpdate"); json.bool(smart.autoUpdate)
            if let format = smart.format { json.key("format"); json.string(format) }
            json.endObject()
        }
        if let readOnly { json.key("readOnly"); json.bool(readOnly) }
        json.endObject()
    }
}

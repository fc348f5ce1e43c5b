import Foundation

/// The schools of southern Illinois the sample's photographers drive to.
struct DemoSchool {
    /// Level: HS high school, JH junior high or middle school, EL elementary or K-8.
    enum Level { case hs, jh, el }

    /// The name as the app's multiselect shows it, `"Name - Town"`; reports store this text.
    var value: String
    /// How field notes refer to the school.
    var short: String
    var street: String
    var city: String
    var zip: String
    var lat: Double
    var lng: Double
    var level: Level
    /// (email, phone) pairs of the school's contacts, written in the styles the schools use.
    var contacts: [(email: String, phone: String)]
    var id = ""

    /// `"%.6f,%.6f"`: how the export stores a school's coordinates.
    var coordinates: String { PythonNumber.fixed(lat, 6) + "," + PythonNumber.fixed(lng, 6) }
    /// The coordinates read back from that text, which is what routes are measured from.
    var point: DemoGeography.Point { DemoGeography.parse(coordinates) }
}

enum DemoSchools {
    static let unassigned: [DemoSchool] = [
        DemoSchool(
            value: "Marion High School - Marion", short: "Marion", street: "1501 S Carbon St", city: "Marion", zip: "62959",
            lat: 37.714183, lng: -88.933962, level: .hs,
            contacts: [("kwhitfield@marionhs.example.org", "(618) 555-0142"), ("athletics@marionhs.example.org", "618-555-0143")]),
        DemoSchool(
            value: "Jefferson Elementary - Marion", short: "Jefferson", street: "700 N Market St", city: "Marion", zip: "62959",
            lat: 37.738412, lng: -88.927561, level: .el, contacts: [("office@jefferson-marion.example.org", "618-555-0117")]),
        DemoSchool(
            value: "Carterville High School - Carterville", short: "Carterville", street: "1205 S Division St", city: "Carterville",
            zip: "62918", lat: 37.752690, lng: -89.078342, level: .hs,
            contacts: [("bpruett@cartervillehs.example.org", "(618) 555-0168"), ("yearbook@cartervillehs.example.org", "618.555.0169")]),
        DemoSchool(
            value: "Herrin Junior High - Herrin", short: "Herrin JH", street: "700 S 14th St", city: "Herrin", zip: "62948",
            lat: 37.796517, lng: -89.037216, level: .jh, contacts: [("mlangston@herrinjh.example.org", "618-555-0131")]),
        DemoSchool(
            value: "Carbondale Community High School - Carbondale", short: "CCHS", street: "1301 E Walnut St", city: "Carbondale",
            zip: "62901", lat: 37.726655, lng: -89.195318, level: .hs,
            contacts: [("dnguyen@cchs.example.org", "(618) 555-0184"), ("activities@cchs.example.org", "618-555-0185")]),
        DemoSchool(
            value: "Unity Point School - Carbondale", short: "Unity Point", street: "4033 S Illinois Ave", city: "Carbondale",
            zip: "62903", lat: 37.685224, lng: -89.201043, level: .el, contacts: [("frontoffice@unitypoint.example.org", "618-555-0126")]),
        DemoSchool(
            value: "Benton Consolidated High School - Benton", short: "Benton", street: "511 E Main St", city: "Benton", zip: "62812",
            lat: 37.997381, lng: -88.913467, level: .hs, contacts: [("sharrell@bentonhs.example.org", "618-555-0159")]),
        DemoSchool(
            value: "Mt. Vernon Township High School - Mt. Vernon", short: "MVTHS", street: "320 S 7th St", city: "Mount Vernon",
            zip: "62864", lat: 38.312744, lng: -88.914631, level: .hs,
            contacts: [("athletics@mvths.example.org", "(618) 555-0191"), ("lfoster@mvths.example.org", "618-555-0193")]),
        DemoSchool(
            value: "Harrisburg High School - Harrisburg", short: "Harrisburg", street: "333 W College St", city: "Harrisburg",
            zip: "62946", lat: 37.729028, lng: -88.543512, level: .hs, contacts: [("jmoreland@harrisburghs.example.org", "618-555-0176")]),
        DemoSchool(
            value: "Frankfort Community High School - West Frankfort", short: "Frankfort", street: "2000 E Poplar St",
            city: "West Frankfort", zip: "62896", lat: 37.896214, lng: -88.910985, level: .hs,
            contacts: [("tgreer@frankforths.example.org", "(618) 555-0152")]),
        DemoSchool(
            value: "Du Quoin High School - Du Quoin", short: "Du Quoin", street: "500 E South St", city: "Du Quoin", zip: "62832",
            lat: 38.004731, lng: -89.225573, level: .hs, contacts: [("athletics@duquoinhs.example.org", "618-555-0138")]),
        DemoSchool(
            value: "Murphysboro Middle School - Murphysboro", short: "Murphysboro MS", street: "2125 Spruce St", city: "Murphysboro",
            zip: "62966", lat: 37.767522, lng: -89.330047, level: .jh, contacts: [("rkemper@murphysboroms.example.org", "618-555-0109")])
    ]

    /// The schools with their document ids, drawn in list order from their own stream.
    static func build() -> [DemoSchool] {
        var rng = PythonRandom.demo("schools")
        return unassigned.map { school in
            var school = school
            school.id = rng.firestoreID()
            return school
        }
    }
}

extension Array where Element == DemoSchool {
    /// `SCHOOL_BY_VALUE[value]`.
    subscript(value value: String) -> DemoSchool { first { $0.value == value }! }
}

import GenModel

/// The content folder's files besides the exports: `site.yml` and the Markdown pages.
enum DemoPages {
    /// `site.yml`. Its gallery pages are short, so the sample's critiques show paging.
    static var siteYAML: String {
        """
        title: "\(DemoSample.organizationName) — Field Reports"
        baseURL: "https://reports.example.com/"
        timeZone: "America/Chicago"
        organizations:
          \(DemoSample.organizationID): "\(DemoSample.organizationName)"
        mileage:
          ratePerMile: \(PythonNumber.fixed(DemoSample.ratePerMile, 2))
          averageSpeedKmh: \(DemoSample.averageSpeedKmh)
        gallery:
          # A page of twelve cards, so the sample shows paging with its 22 critiques.
          pageSize: 12

        """
    }

    /// `pages/about.md`: what the site is and how to file a report.
    static let aboutMarkdown = """
        ---
        title: "About the Field Reports"
        order: 1
        ---

        # About the Field Reports

        Every afternoon our photographers file a short report from the Lumen app before they
        head home: which schools they visited, what kind of job it was, how many frames they
        shot, whether the cards are backed up, and anything the office should know. This site
        collects those reports so that managers, the front office and the photographers
        themselves can see the season at a glance.

        The pages are rebuilt from an export of the app's database. Nothing here is typed in
        by hand, so if something looks wrong, fix it in the app and it will be right after the
        next rebuild.

        ## What you'll find here

        - **Daily reports**, one per photographer per working day, with the schools visited,
          weather, photo counts and field notes.
        - **Mileage**, calculated for every trip from the photographer's home to each school
          and back, with the reimbursement it earns under the mileage policy.
        - **Training photos**: the examples and critiques managers have shared with each
          photographer, with the manager's notes in full.

        A few fields fill themselves in when a photographer opens the form: the date, the time,
        their name, the school names and the round-trip mileage. Weather comes from
        [Open-Meteo](https://open-meteo.com/) for the photographer's location when the form is
        opened and can be corrected by hand.

        ## Before you submit a report

        - [ ] Pick the schools **in the order you visited them**. Mileage follows that order.
        - [ ] Enter the number of frames from the camera counter, not an estimate.
        - [ ] Back up both cards and flip *Cards Backed Up* on.
        - [ ] Note anything the office needs to follow up on: absent students, retakes,
              schedule changes, equipment problems.

        Questions about the reports go to Dana Kessler; questions about the app itself go to
        Chris Halvorsen.

        """

    /// `pages/mileage-policy.md`, with a worked example computed from the sample's schools, so the
    /// numbers on the page agree with what gen computes for the same trip.
    static func mileagePolicyMarkdown(schools: [DemoSchool]) -> String {
        // Marion's town square.
        let marion: DemoGeography.Point = (37.730600, -88.933100)
        let a = schools[value: "Carterville High School - Carterville"].point
        let b = schools[value: "Herrin Junior High - Herrin"].point
        let legs = [
            ("Home (Marion) → Carterville High School", DemoGeography.haversineMiles(marion, a)),
            ("Carterville High School → Herrin Junior High", DemoGeography.haversineMiles(a, b)),
            ("Herrin Junior High → Home (Marion)", DemoGeography.haversineMiles(b, marion))
        ]
        let total = PythonNumber.round(legs.reduce(0.0) { $0 + $1.1 }, 1)
        let minutes = total * 1.609344 / Double(DemoSample.averageSpeedKmh) * 60
        let rows = legs.map { "| \($0.0) | \(PythonNumber.fixed($0.1, 2)) mi |" }.joined(separator: "\n")
        let rate = PythonNumber.fixed(DemoSample.ratePerMile, 2)
        let speed = DemoSample.averageSpeedKmh
        let mph = PythonNumber.round(Double(speed) / 1.609344)
        // A hair above the product, so a payment on a half cent rounds up as the payroll does.
        let payment = PythonNumber.fixed(PythonNumber.round(total * DemoSample.ratePerMile + 1e-9, 2), 2)
        let totalText = PythonNumber.fixed(total, 1)
        return """
            ---
            title: "Mileage Reimbursement Policy"
            order: 2
            ---

            # Mileage Reimbursement Policy

            Photographers are reimbursed for driving their own vehicles to school jobs. The rate
            follows the IRS business standard mileage rate for 2024, **$\(rate) per mile**
            ([IRS standard mileage rates](https://www.irs.gov/tax-professionals/standard-mileage-rates)).
            Managers and office staff are reimbursed through expense reports, not through the app.

            ## How a trip is measured

            Each daily report counts one round trip:

            1. from the home address saved in your profile,
            2. to each school you selected, **in the order you selected them**,
            3. and back home.

            Each leg is the great-circle ("as the crow flies") distance between the two points,
            calculated from their coordinates with the haversine formula and an Earth radius of
            3,958.8 miles. The total is rounded to a tenth of a mile. Driving time is estimated at
            an average of \(speed) km/h (about \(mph) mph).

            Because roads are never straight, the estimate is usually a little lower than your
            odometer. It is the same for everyone and it is what we pay on.

            ## Rates and rules

            | Item | Policy |
            |:-----|:-------|
            | Rate | $\(rate) per mile |
            | Distance | Great-circle round trip, home → schools → home |
            | Rounding | 0.1 mile per report |
            | Estimated drive time | Distance at \(speed) km/h |
            | Deadline | Reports filed by the 5th of the following month |
            | Paid | With the second paycheck of the month |

            ### Worked example

            A photographer who lives in Marion shoots Carterville High School in the morning and
            Herrin Junior High in the afternoon:

            | Leg | Distance |
            |:----|---------:|
            \(rows)
            | **Round trip** | **\(totalText) mi** |

            That trip is reimbursed at \(totalText) × $\(rate) = **$\(payment)**, with an estimated \(PythonNumber.round(minutes)) minutes behind
            the wheel.

            ## When the numbers don't match

            The report stores the mileage the app showed when you submitted it. If that figure
            differs noticeably from the estimate recalculated from your home and the schools on the
            report, the report is flagged for a quick review. Common causes:

            - the schools were selected in a different order than you drove them;
            - your home coordinates changed after the report was filed;
            - the mileage was typed over by hand.

            A flag is not a problem by itself; it just means someone will take a look before
            payroll.

            ## Checklist

            - [x] Home coordinates saved in your profile (ask the office if you moved)
            - [ ] Schools selected in the order you visited them
            - [ ] Detours or extra trips explained in the report notes
            - [ ] Reports for the month filed by the 5th

            """
    }
}

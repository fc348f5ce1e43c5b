import Foundation

/// The sentences field notes are made of. A report's notes are a few of them picked from the
/// pool that fits its job and school, sometimes with a general remark, joined by a space or a newline.
enum DemoNotes {
    /// Game and event notes, by sport.
    static let fall: [String: [String]] = [
        "football": [
            "Shot the first half from the home sideline and the second half from the end zone.",
            "Field lights on the visitor side are weak; ran ISO 6400 and it held up fine.",
            "Coach asked for a few shots of the offensive line for the banner, got them during warm-ups.",
            "Ball carrier kept getting buried in the pile, so I worked the edges for sweeps and passes.",
            "Got the captains at the coin toss and the team breaking through the banner.",
            "Parking lot was full by 5:30, had to park at the junior high and walk over with the gear.",
            "Lost a few frames to rain on the lens in the 3rd quarter.",
            "Freshman game only, varsity is away this week."
        ],
        "volleyball": [
            "Shot from the corner behind the end line for most of the match, then moved to the bleachers for the last set.",
            "Gym is dark at the far court; 1/640 at f/2.8 and ISO 5000.",
            "Got the pre-match huddle and the senior recognition between sets.",
            "Three-set match, lots of long rallies. Good hitting sequences from the left side.",
            "Athletic director asked for a team shot with the new banner after the match."
        ],
        "soccer": [
            "Sun was right behind the north goal until about 5:30, so I stayed on the south end early.",
            "Shot both JV and varsity; JV ran long and varsity started 15 minutes late.",
            "Goal in the 2nd half came from the far side, got the celebration but not the shot itself.",
            "Field was muddy after yesterday's rain — great action, filthy gear."
        ],
        "cross country": [
            "Covered the start, the 2-mile mark by the creek bridge, and the finish chute.",
            "Meet started 20 minutes late. Long lens on the hill section worked well for packs of runners.",
            "Coach wants the top seven runners individually for the sectional program — got all seven.",
            "Course is mostly in open field; lots of clean backgrounds."
        ],
        "golf": [
            "Walked holes 3 through 7, mostly tee shots and putting.",
            "Had to stay well back from the greens; 300mm the whole time, shutter set to silent.",
            "Got the medalist with the scorecard after the round."
        ],
        "girls' tennis": [
            "Doubles matches on courts 1 and 2, shot through the gaps in the windscreen.",
            "Tennis ran all afternoon; got every varsity player at least once."
        ],
        "cheer": [
            "Cheer squad lined up on the 50 at halftime for a quick group shot.",
            "Got the stunt group during the timeout routine, a few nice full-extension frames."
        ],
        "marching band": [
            "Band director wants the halftime show for the yearbook; got the drumline up close from the track.",
            "Shot the band from the top of the home bleachers to get the whole formation."
        ]
    ]

    /// Team photo days; `{absent}`, `{roster}` and `{present}` are filled in per report.
    static let team = [
        "Team photos on the practice field: varsity, JV and freshman plus coaching staff.",
        "Moved the team shots to the bleachers because the grass was still wet from the sprinklers.",
        "Used the gym bleachers for the group — three rows, tallest in the back.",
        "{absent} players were absent; coach will send them to retake day.",
        "Roster had {roster} names and {present} showed up. Marked the missing ones on the sheet.",
        "Managers and stat keepers wanted to be in the team photo, did one with and one without.",
        "Had to wait about 25 minutes for practice to finish before the group shot.",
        "Coaches' photo done separately in front of the scoreboard."
    ]

    /// Individual and memory-mate sessions; `{n}` is the number of athletes.
    static let individual = [
        "Individuals against the gray backdrop, one key light plus reflector fill.",
        "Memory mates done for {n} athletes; coach checked names against the roster.",
        "Ran two lines to keep it moving — soccer on one side, cross country on the other.",
        "Kids came in waves between classes so there was some downtime around 10.",
        "A few athletes still in practice gear; they'll come back in uniform Thursday.",
        "Name cards were mixed up for the JV group, fixed them before shooting."
    ]

    /// Picture days at any school; `{n}`, `{staff}` and `{retakes}` are filled in per report.
    static let pictureDay = [
        "Picture day for about {n} students. Lines moved well after the first period.",
        "Retake sign-up sheet left with the front office.",
        "Several students forgot order forms, so the office has extra envelopes.",
        "Staff photos done during lunch, {staff} teachers and aides.",
        "Power outlet by the stage was dead — ran an extension cord from the hallway.",
        "Retakes today — {retakes} students, plus a few new enrollments.",
        "Two students with glasses glare; tilted the frames down slightly and reshot."
    ]

    /// Picture-day sentences that only an elementary school explains.
    static let pictureDayElementary = [
        "Kindergarten went first and took twice as long as planned.",
        "Set up in the library; low ceiling so the hair light had to come down.",
        "Teachers brought classes down in order, so no waiting lines at all.",
        "Class composites for grades K–5 done on the gym stage after lunch."
    ]

    /// Picture-day sentences for junior highs and high schools.
    static let pictureDaySecondary = [
        "Underclassmen by English class; seniors were on a field trip, so they go to retake day.",
        "Set up in the cafeteria between lunch periods — had to tear down the backdrop twice.",
        "Student ID cards printed on site; the printer jammed twice around 11.",
        "Yearbook staff helped run the name cards, which made it go a lot faster.",
        "Sixth graders went first; a lot of first-time nerves, so it took a little longer."
    ]

    /// Sentences any report may end with.
    static let general = [
        "Backed up both cards to the laptop and the shuttle drive before leaving.",
        "Card 2 filled up faster than expected; we need more 128GB cards in the kit.",
        "Construction on Route 13 added about 15 minutes each way.",
        "Took the long way around the closure on I-57.",
        "Dropped off proof sheets at the front office on the way out.",
        "Battery grip on the backup body is acting up, will bring it to the office.",
        "Front office asked about a date for club photos in November."
    ]

    /// The reports filed late at night, in the order of `DemoReports.lateNight`.
    static let lateNight = [
        """
        Varsity football under the lights; game went to overtime so filing this late.
        Got the winning touchdown from the end zone and the student section rushing the field.
        """,
        """
        Volleyball senior night ran long: seniors and parents were introduced at 6:30 and the match didn't start until 7:15.
        Gym lighting is uneven on the bleacher side, so most of the action shots are from the stage end.
        """,
        """
        Homecoming game plus the court at halftime.
        Backed everything up at home before bed — 2 cards, both verified.
        """
    ]

    /// The one note with markup-significant characters, on an indoor match in October.
    static let special = """
        Gym lights <flickering> & "yellow" — used flash at 1/250 and bounced it off the side wall.
        Coach says they're replacing the fixtures over winter break.
        """

    /// Sentences that only make sense at a high school.
    static let highSchoolOnlyWords = [
        "senior", "varsity", "JV", "freshman", "sectional", "underclassmen", "yearbook staff", "park at the junior high"
    ]
    /// Sentences that only make sense at a junior high or middle school.
    static let juniorHighOnlyWords = ["sixth graders"]

    /// Whether a sentence suits a school of the given level.
    static func fits(_ sentence: String, _ level: DemoSchool.Level) -> Bool {
        let low = sentence.lowercased()
        if level != .hs && highSchoolOnlyWords.contains(where: { low.contains($0.lowercased()) }) { return false }
        if level != .jh && juniorHighOnlyWords.contains(where: { low.contains($0) }) { return false }
        return true
    }
}

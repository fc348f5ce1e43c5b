/// Word and sentence pools. Sentences are the kind photographers and managers really write,
/// so pages built from the sample read like a real season. A few contain quotes, `&`, `<`
/// and line breaks on purpose, to exercise escaping in every output format.
enum SampleText {
    static let firstNames = [
        "Jenna", "Marcus", "Renée", "Sean", "Tyler", "Dana", "Chris", "Amber", "Brandon", "Caitlin",
        "Derek", "Emily", "Garrett", "Hannah", "Isaac", "Jasmine", "Kyle", "Lauren", "Mason", "Natalie",
        "Owen", "Paige", "Quinn", "Rachel", "Spencer", "Tessa", "Logan", "Vanessa", "Wyatt", "Alyssa",
        "Blake", "Courtney", "Dylan", "Erin", "Gavin", "Heather", "Jared", "Kayla", "Luke", "Megan",
        "Nathan", "Olivia", "Preston", "Riley", "Shelby", "Travis", "Whitney", "Zach", "Brooke", "Cody",
        "Morgan", "Andrea", "Jesse", "Lindsey", "Miguel", "Tanya", "Darnell", "Keisha", "Hector", "Mei"
    ]

    static let lastNames = [
        "Whitlock", "Bell", "Castillo", "O'Malley", "Brandt", "Kessler", "Halvorsen", "Anderson", "Barnett", "Crain",
        "Dillard", "Eubanks", "Fulkerson", "Gentry", "Hartley", "Ingram", "Jessup", "Kimbro", "Lockhart", "McReynolds",
        "Norman", "Oldham", "Pruett", "Quarles", "Rendleman", "Sanders", "Tripp", "Underwood", "Vaughn", "Wolfe",
        "Yates", "Ziegler", "Atwood", "Baker", "Cochran", "Dowell", "Etherton", "Flannigan", "Goforth", "Harrell",
        "Jenkins", "Karnes", "Lipe", "Mathis", "Neely", "Parrish", "Russell", "Stanley", "Thurmond", "Webb",
        "Nguyen", "Garcia", "Patel", "Johnson", "Moreno", "Washington", "Kowalski", "Schneider", "Rivera", "Tanaka"
    ]

    static let streets = [
        "Main St", "Walnut St", "Poplar St", "College St", "Division St", "Market St", "Oak St", "Elm St",
        "Maple Ave", "Grand Ave", "Cherry St", "Washington St", "Jefferson St", "Church St", "School St",
        "Locust St", "Illinois Ave", "Park Ave", "Jackson St", "Mulberry St", "Boulevard St", "Chestnut St"
    ]
    static let streetDirections = ["N ", "S ", "E ", "W ", ""]

    /// Elementary schools in a town, after its high school and junior high.
    static let elementaryNames = [
        "Lincoln Elementary", "Jefferson Elementary", "Washington Elementary", "Logan Elementary",
        "St. Mary's Catholic School", "Trinity Lutheran School"
    ]

    static let jobTypes = ["Fall Sports", "Team Photos", "Individual Photos", "Picture Day"]
    static let equipment = ["Camera", "Tripod", "Flash", "Backdrop", "Light Stand", "Reflector"]

    static let notesBySport: [String] = [
        "Shot the first half from the home sideline and the second half from the end zone.",
        "Field lights on the visitor side are weak; ran ISO 6400 and it held up fine.",
        "Coach asked for a few shots of the offensive line for the banner, got them during warm-ups.",
        "Got the captains at the coin toss and the team breaking through the banner.",
        "Gym is dark at the far court; 1/640 at f/2.8 and ISO 5000.",
        "Three-set match, lots of long rallies. Good hitting sequences from the left side.",
        "Sun was right behind the north goal until about 5:30, so I stayed on the south end early.",
        "Covered the start, the 2-mile mark by the creek bridge, and the finish chute.",
        "Had to stay well back from the greens; 300mm the whole time, shutter set to silent.",
        "Lost a few frames to rain on the lens in the 3rd quarter.",
        "Gym lights <flickering> & \"yellow\" — used flash at 1/250 and bounced it off the side wall."
    ]

    static let notesTeam: [String] = [
        "Team photos on the practice field: varsity, JV and freshman plus coaching staff.",
        "Moved the team shots to the bleachers because the grass was still wet from the sprinklers.",
        "Three players were absent; coach will send them to retake day.",
        "Managers and stat keepers wanted to be in the team photo, did one with and one without.",
        "Had to wait about 25 minutes for practice to finish before the group shot.",
        "Coaches' photo done separately in front of the scoreboard."
    ]

    static let notesIndividual: [String] = [
        "Individuals against the gray backdrop, one key light plus reflector fill.",
        "Memory mates done for the whole roster; coach checked names against the list.",
        "Ran two lines to keep it moving — soccer on one side, cross country on the other.",
        "A few athletes still in practice gear; they'll come back in uniform Thursday.",
        "Name cards were mixed up for the JV group, fixed them before shooting."
    ]

    static let notesPictureDay: [String] = [
        "Lines moved well after the first period.",
        "Retake sign-up sheet left with the front office.",
        "Several students forgot order forms, so the office has extra envelopes.",
        "Staff photos done during lunch.",
        "Power outlet by the stage was dead — ran an extension cord from the hallway.",
        "Set up in the library; low ceiling so the hair light had to come down.\nNo complaints from the teachers.",
        "Kindergarten went first and took twice as long as planned."
    ]

    static let notesGeneral: [String] = [
        "Backed up both cards to the laptop and the shuttle drive before leaving.",
        "Card 2 filled up faster than expected; we need more 128GB cards in the kit.",
        "Construction on Route 13 added about 15 minutes each way.",
        "Took the long way around the closure on I-57.",
        "Dropped off proof sheets at the front office on the way out.",
        "Front office asked about a date for club photos next month."
    ]

    static let notesNoBackup = "Didn't get to the backup yet — laptop battery died. Will do it first thing tomorrow."

    static let critiqueExamples: [String] = [
        "Great example of a clean action shot. You waited for the peak of the play and kept the athlete's face visible — that's the frame coaches and parents actually buy.",
        "Team photo is exactly right: even rows, everyone's face visible, no one cut off at the ends, and the horizon is level.",
        "Lovely use of the window light for the individuals. Catchlights in both eyes and no harsh shadow under the chin.",
        "Warm-ups at sunset: backlit with a touch of fill, the rim light on the players is beautiful.\n\nSharing this one with the whole team as an example of using difficult light on purpose.",
        "Homecoming court framing and expressions are great, and the sash names are readable in every shot — that matters more than people think.",
        "Tight crop on the finish-line sequence works: the tape, the lean and the clock are all in frame."
    ]

    static let critiqueImprovements: [String] = [
        "The goal post is growing out of his head. Take one step to the left before you shoot and check the background every time.",
        "Focus landed on the jersey number instead of the eyes. Switch to a single AF point and put it on the face.",
        "Shutter at 1/250 isn't enough for volleyball — the ball and hands are soft. Go to 1/800 and let the ISO climb.",
        "Team photo is tilted about 3 degrees; use the level in the viewfinder, and have the back row step up so faces aren't hidden.",
        "Flash is bouncing off the glasses in the front row. Raise the light and angle it down a little, or have them tilt their chins.",
        "Too much empty gym above the players. Fill the frame: crop in camera, not later.\n\nEverything else — exposure, timing — is good."
    ]

    static let critiqueFollowUps: [String] = [
        "Update: the coach asked for prints of this one, so we're ordering 8x10s for the team.",
        "Update: compare with your shots from last Friday — much better already.",
        "Update: added the second frame so you can see the difference side by side.",
        "Update: talked this through on the phone; let's look at the next game together."
    ]
}

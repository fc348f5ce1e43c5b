#!/usr/bin/env python3
"""Generate gen's bundled sample data under Content/.

One organization ("Lumen School Photography", southern Illinois), spread across
the three export formats gen must read from a single folder:

  Content/export/firestore-backup.json                 firestore-export-import backup
                                                        (users, schools, reportTemplates)
  Content/export/dailyJobReports.ndjson                per-collection NDJSON
  Content/export/photoCritiques_raw_changelog.ndjson   Stream Firestore to BigQuery changelog

Two report templates: fall_sports_template (v2), used by 122 fall reports,
and picture_day_template (v3), which has every field type, smart fields,
conditional logic and two calculations.  After the 122 fall reports come 11
reports for form rendering (build_extra_reports, with its own seeded random):
valid picture-day reports, one with validation failures, one whose logic hides
a stored value, one whose formula divides by zero, one missing its smart
values, one with markup-like text, a fall report filed with template version
1, a legacy report and one naming a template that is not in the export.

Besides the exports: Content/site.yml and two Markdown pages.  The photo critiques point at the
sample photos that scripts/make_sample_media writes under
Content/media/critiques/library/ (see CRITIQUE_PHOTOS); run that script too when
the photo names change.

Standard library only and fully deterministic: every random choice comes from a
string-seeded random.Random per section (string seeds are hashed with SHA-512,
so PYTHONHASHSEED does not matter), and no wall clock is read.  Running the
script twice writes identical bytes.

Usage: python3 scripts/make_sample_content.py [--out DIR]   (default: <repo>/Content)
"""

import argparse
import json
import math
import random
import sys
import uuid
from datetime import date, datetime, timedelta, timezone
from pathlib import Path

# --------------------------------------------------------------------------
# Constants
# --------------------------------------------------------------------------

ORG_ID = "L7mQ2xVb9KpT4wRz8NcE"
ORG_NAME = "Lumen School Photography"
PROJECT = "lumen-prod"
BUCKET = "lumen-prod.appspot.com"
EARTH_RADIUS_MILES = 3958.8
RATE_PER_MILE = 0.67
AVERAGE_SPEED_KMH = 50

# Every date in the data (2024-04 .. 2024-10-31) lies inside US daylight saving
# time (2024-03-10 .. 2024-11-03), so America/Chicago is a fixed UTC-5 here.
# A fixed offset keeps the script independent of the system's tz database.
CHICAGO = timezone(timedelta(hours=-5), "CDT")

FIRESTORE_ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"

REPORT_START = date(2024, 9, 3)   # day after Labor Day
REPORT_END = date(2024, 10, 31)

TEMPLATE_ID = "fall_sports_template"
TEMPLATE_NAME = "Fall Sports Daily Report"
TEMPLATE_VERSION = 2


def rng_for(section):
    return random.Random("lumen-sample-content/" + section)


def firestore_id(rng, length=20):
    return "".join(rng.choice(FIRESTORE_ALPHABET) for _ in range(length))


def rng_uuid(rng):
    return str(uuid.UUID(int=rng.getrandbits(128), version=4))


def local_dt(d, hour, minute, second=0):
    return datetime(d.year, d.month, d.day, hour, minute, second, tzinfo=CHICAGO)


def ts(dt):
    """Admin SDK JSON.stringify encoding of a Firestore Timestamp."""
    return {"_seconds": int(dt.timestamp()), "_nanoseconds": 0}


def bq_timestamp(dt):
    return dt.astimezone(timezone.utc).strftime("%Y-%m-%d %H:%M:%S.%f") + " UTC"


def us_date(d):
    return "%d/%d/%d" % (d.month, d.day, d.year)


def us_time(dt):
    hour = dt.hour % 12 or 12
    return "%d:%02d %s" % (hour, dt.minute, "AM" if dt.hour < 12 else "PM")


def parse_coords(s):
    # The app's own parser splits on "," and converts with Double(); a space
    # after the comma (one user has it) must be trimmed by a tolerant reader.
    parts = s.split(",")
    assert len(parts) == 2, s
    return float(parts[0].strip()), float(parts[1].strip())


def haversine_miles(lat1, lng1, lat2, lng2):
    p1, p2 = math.radians(lat1), math.radians(lat2)
    dphi = math.radians(lat2 - lat1)
    dlmb = math.radians(lng2 - lng1)
    a = math.sin(dphi / 2) ** 2 + math.cos(p1) * math.cos(p2) * math.sin(dlmb / 2) ** 2
    return 2 * EARTH_RADIUS_MILES * math.atan2(math.sqrt(a), math.sqrt(1 - a))


def round_trip_miles(home, stops):
    """home -> stops in order -> home, as the app's `mileage` smart field does."""
    total = 0.0
    cur = home
    for stop in stops:
        total += haversine_miles(cur[0], cur[1], stop[0], stop[1])
        cur = stop
    total += haversine_miles(cur[0], cur[1], home[0], home[1])
    return total


def weighted(rng, pairs):
    """pairs: list of (item, weight)."""
    total = sum(w for _, w in pairs)
    x = rng.random() * total
    for item, w in pairs:
        x -= w
        if x < 0:
            return item
    return pairs[-1][0]


def dumps_pretty(obj):
    return json.dumps(obj, ensure_ascii=False, indent=2) + "\n"


def dumps_line(obj):
    return json.dumps(obj, ensure_ascii=False, separators=(",", ":"))


# --------------------------------------------------------------------------
# People and places
# --------------------------------------------------------------------------

EMAIL_DOMAIN = "lumenphoto.example.com"

# (key, first, last, role, home coordinate string or None, createdAt)
PEOPLE = [
    ("jenna", "Jenna", "Whitlock", "photographer",
     "37.745218, -88.956104", datetime(2022, 8, 1, 14, 12, 5, tzinfo=CHICAGO)),   # Marion, space after comma
    ("marcus", "Marcus", "Bell", "photographer",
     "37.738046,-89.240387", datetime(2022, 8, 3, 9, 41, 50, tzinfo=CHICAGO)),    # Carbondale (west side)
    ("renee", "Renée", "Castillo", "photographer",
     "37.811215,-89.018733", datetime(2023, 7, 24, 16, 3, 18, tzinfo=CHICAGO)),   # Herrin
    ("sean", "Sean", "O'Malley", "photographer",
     "38.324017,-88.883842", datetime(2023, 8, 14, 10, 27, 33, tzinfo=CHICAGO)),  # Mt. Vernon
    ("tyler", "Tyler", "Brandt", "photographer",
     "37.746190,-88.520714", datetime(2024, 7, 29, 11, 55, 2, tzinfo=CHICAGO)),   # Harrisburg
    ("dana", "Dana", "Kessler", "manager",
     "38.003125,-88.930147", datetime(2021, 11, 2, 8, 30, 0, tzinfo=CHICAGO)),    # Benton (owner)
    ("chris", "Chris", "Halvorsen", "manager",
     None, datetime(2022, 2, 15, 13, 4, 47, tzinfo=CHICAGO)),                     # no home coordinates
]

# How likely each photographer is to file a report on a given weekday.
WORK_RATE = {"jenna": 0.72, "marcus": 0.66, "renee": 0.58, "sean": 0.54, "tyler": 0.46}

# level: HS high school, JH junior high / middle school, EL elementary / K-8
SCHOOLS = [
    dict(value="Marion High School - Marion", short="Marion", street="1501 S Carbon St",
         city="Marion", zip="62959", lat=37.714183, lng=-88.933962, level="HS",
         contacts=[("kwhitfield@marionhs.example.org", "(618) 555-0142"),
                   ("athletics@marionhs.example.org", "618-555-0143")]),
    dict(value="Jefferson Elementary - Marion", short="Jefferson", street="700 N Market St",
         city="Marion", zip="62959", lat=37.738412, lng=-88.927561, level="EL",
         contacts=[("office@jefferson-marion.example.org", "618-555-0117")]),
    dict(value="Carterville High School - Carterville", short="Carterville", street="1205 S Division St",
         city="Carterville", zip="62918", lat=37.752690, lng=-89.078342, level="HS",
         contacts=[("bpruett@cartervillehs.example.org", "(618) 555-0168"),
                   ("yearbook@cartervillehs.example.org", "618.555.0169")]),
    dict(value="Herrin Junior High - Herrin", short="Herrin JH", street="700 S 14th St",
         city="Herrin", zip="62948", lat=37.796517, lng=-89.037216, level="JH",
         contacts=[("mlangston@herrinjh.example.org", "618-555-0131")]),
    dict(value="Carbondale Community High School - Carbondale", short="CCHS", street="1301 E Walnut St",
         city="Carbondale", zip="62901", lat=37.726655, lng=-89.195318, level="HS",
         contacts=[("dnguyen@cchs.example.org", "(618) 555-0184"),
                   ("activities@cchs.example.org", "618-555-0185")]),
    dict(value="Unity Point School - Carbondale", short="Unity Point", street="4033 S Illinois Ave",
         city="Carbondale", zip="62903", lat=37.685224, lng=-89.201043, level="EL",
         contacts=[("frontoffice@unitypoint.example.org", "618-555-0126")]),
    dict(value="Benton Consolidated High School - Benton", short="Benton", street="511 E Main St",
         city="Benton", zip="62812", lat=37.997381, lng=-88.913467, level="HS",
         contacts=[("sharrell@bentonhs.example.org", "618-555-0159")]),
    dict(value="Mt. Vernon Township High School - Mt. Vernon", short="MVTHS", street="320 S 7th St",
         city="Mount Vernon", zip="62864", lat=38.312744, lng=-88.914631, level="HS",
         contacts=[("athletics@mvths.example.org", "(618) 555-0191"),
                   ("lfoster@mvths.example.org", "618-555-0193")]),
    dict(value="Harrisburg High School - Harrisburg", short="Harrisburg", street="333 W College St",
         city="Harrisburg", zip="62946", lat=37.729028, lng=-88.543512, level="HS",
         contacts=[("jmoreland@harrisburghs.example.org", "618-555-0176")]),
    dict(value="Frankfort Community High School - West Frankfort", short="Frankfort", street="2000 E Poplar St",
         city="West Frankfort", zip="62896", lat=37.896214, lng=-88.910985, level="HS",
         contacts=[("tgreer@frankforths.example.org", "(618) 555-0152")]),
    dict(value="Du Quoin High School - Du Quoin", short="Du Quoin", street="500 E South St",
         city="Du Quoin", zip="62832", lat=38.004731, lng=-89.225573, level="HS",
         contacts=[("athletics@duquoinhs.example.org", "618-555-0138")]),
    dict(value="Murphysboro Middle School - Murphysboro", short="Murphysboro MS", street="2125 Spruce St",
         city="Murphysboro", zip="62966", lat=37.767522, lng=-89.330047, level="JH",
         contacts=[("rkemper@murphysboroms.example.org", "618-555-0109")]),
]
for s in SCHOOLS:
    s["coordinates"] = "%.6f,%.6f" % (s["lat"], s["lng"])
SCHOOL_BY_VALUE = {s["value"]: s for s in SCHOOLS}


def build_people():
    rng = rng_for("users")
    people = []
    for key, first, last, role, coords, created in PEOPLE:
        people.append(dict(
            key=key, id=firestore_id(rng, 28),   # users are keyed by Firebase Auth UID (28 chars)
            first=first, last=last, role=role, coords=coords, created=created,
            email="%s.%s@%s" % (first.lower().replace("é", "e"),
                                last.lower().replace("'", ""), EMAIL_DOMAIN),
        ))
    return people


def build_school_ids():
    rng = rng_for("schools")
    for s in SCHOOLS:
        s["id"] = firestore_id(rng)


# --------------------------------------------------------------------------
# 1. firestore-export-import backup: users, schools, reportTemplates
# --------------------------------------------------------------------------

def template_fields():
    school_values = [s["value"] for s in SCHOOLS]
    return [
        {"id": "job_type", "type": "select", "label": "Job Type", "required": True,
         "options": ["Fall Sports", "Team Photos", "Individual Photos", "Picture Day"],
         "placeholder": "Select the kind of job", "defaultValue": "Fall Sports"},
        {"id": "schools_visited", "type": "multiselect", "label": "Schools Visited", "required": True,
         "options": school_values, "placeholder": "Select schools in the order you visited them"},
        {"id": "school_name", "type": "school_name", "label": "School Name(s)", "required": False,
         "smartConfig": {"calculationType": "school_name", "fallbackValue": "No schools selected",
                         "autoUpdate": True},
         "readOnly": True},
        {"id": "mileage", "type": "mileage", "label": "Round Trip Mileage", "required": False,
         "smartConfig": {"calculationType": "mileage", "fallbackValue": "0 miles", "autoUpdate": True},
         "readOnly": True},
        {"id": "weather", "type": "weather_conditions", "label": "Weather Conditions", "required": False,
         "smartConfig": {"calculationType": "weather_conditions", "fallbackValue": "Weather unavailable",
                         "autoUpdate": False},
         "readOnly": False},
        {"id": "photographer_name", "type": "user_name", "label": "Photographer", "required": False,
         "smartConfig": {"calculationType": "user_name", "fallbackValue": "Photographer", "autoUpdate": False},
         "readOnly": True},
        {"id": "report_date", "type": "date_auto", "label": "Report Date", "required": False,
         "smartConfig": {"calculationType": "date_auto", "fallbackValue": None, "autoUpdate": False,
                         "format": "US"},
         "readOnly": True},
        {"id": "submitted_time", "type": "time_auto", "label": "Submitted At", "required": False,
         "smartConfig": {"calculationType": "time_auto", "fallbackValue": None, "autoUpdate": True,
                         "format": "12-hour"},
         "readOnly": True},
        {"id": "photos_taken", "type": "number", "label": "Photos Taken", "required": True,
         "placeholder": "Total frames shot today"},
        {"id": "equipment_used", "type": "multiselect", "label": "Equipment Used", "required": False,
         "options": ["Camera", "Tripod", "Flash", "Backdrop", "Light Stand", "Reflector"]},
        {"id": "backup_completed", "type": "toggle", "label": "Cards Backed Up", "required": True,
         "defaultValue": "false"},
        {"id": "contact_email", "type": "email", "label": "School Contact Email", "required": False,
         "placeholder": "name@school.org"},
        {"id": "contact_phone", "type": "phone", "label": "School Contact Phone", "required": False,
         "placeholder": "(618) 555-0100"},
        {"id": "notes", "type": "textarea", "label": "Notes", "required": False,
         "placeholder": "Lighting, schedule changes, missing students, anything the office should know..."},
    ]


def smart_field_ids(fields):
    return [f["id"] for f in fields if f.get("smartConfig") is not None]


def build_backup(people, fields, extra_templates=None):
    users = {}
    for i, p in enumerate(people):
        doc = {
            "firstName": p["first"],
            "lastName": p["last"],
            "email": p["email"],
            "organizationID": ORG_ID,
            "role": p["role"],
            "isPhotographer": p["role"] == "photographer",
        }
        if p["coords"] is not None:
            doc["userCoordinates"] = p["coords"]
        doc["createdAt"] = ts(p["created"])
        if p["key"] in ("jenna", "dana"):       # older export versions always wrote this
            doc["subCollection"] = {}
        users[p["id"]] = doc

    schools = {}
    for s in SCHOOLS:
        doc = {
            "value": s["value"],
            "street": s["street"],
            "city": s["city"],
            "state": "IL",
            "zipCode": s["zip"],
            "coordinates": s["coordinates"],
            "organizationID": ORG_ID,
        }
        if s["short"] == "Marion":
            doc["subCollection"] = {}
        schools[s["id"]] = doc

    manager = next(p for p in people if p["key"] == "dana")
    templates = {
        TEMPLATE_ID: {
            "name": TEMPLATE_NAME,
            "description": "End-of-day report for fall sports, team and picture-day jobs. "
                           "Mileage, date, time and photographer fill in automatically.",
            "shootType": "sports",
            "organizationID": ORG_ID,
            "fields": fields,
            "isDefault": True,
            "isActive": True,
            "version": TEMPLATE_VERSION,
            "createdAt": ts(local_dt(date(2024, 7, 15), 10, 2, 41)),
            "updatedAt": ts(local_dt(date(2024, 8, 28), 16, 47, 9)),
            "createdBy": manager["id"],
        }
    }
    templates.update(extra_templates or {})
    # Firestore hands documents out in document-id order; so does the backup tool.
    templates = dict(sorted(templates.items()))
    return {
        "users": dict(sorted(users.items())),
        "schools": dict(sorted(schools.items())),
        "reportTemplates": templates,
    }


# --------------------------------------------------------------------------
# 2. dailyJobReports.ndjson
# --------------------------------------------------------------------------

# Three reports filed late at night: the app writes `date` as
# ISO8601DateFormatter().string(from: Date()), i.e. UTC, which is already the
# next calendar day.  (photographer key, local date, local time)
LATE_NIGHT = [
    ("marcus", date(2024, 9, 27), (22, 48, 17), "football"),     # -> 2024-09-28T03:48:17Z (Friday)
    ("jenna", date(2024, 9, 30), (22, 30, 0), "volleyball"),     # -> 2024-10-01T03:30:00Z (Monday)
    ("sean", date(2024, 10, 18), (23, 12, 41), "football"),      # -> 2024-10-19T04:12:41Z (Friday)
]

SPORTS_HS_SEPT = [("football", 3), ("volleyball", 3), ("soccer", 2), ("cross country", 2), ("golf", 1),
                  ("girls' tennis", 1)]
SPORTS_HS_OCT = [("football", 4), ("volleyball", 3), ("soccer", 2), ("cross country", 2), ("cheer", 1),
                 ("marching band", 1)]
SPORTS_JH = [("volleyball", 3), ("cross country", 2), ("football", 1)]
INDOOR = {"volleyball", "cheer"}

NOTES_FALL = {
    "football": [
        "Shot the first half from the home sideline and the second half from the end zone.",
        "Field lights on the visitor side are weak; ran ISO 6400 and it held up fine.",
        "Coach asked for a few shots of the offensive line for the banner, got them during warm-ups.",
        "Ball carrier kept getting buried in the pile, so I worked the edges for sweeps and passes.",
        "Got the captains at the coin toss and the team breaking through the banner.",
        "Parking lot was full by 5:30, had to park at the junior high and walk over with the gear.",
        "Lost a few frames to rain on the lens in the 3rd quarter.",
        "Freshman game only, varsity is away this week.",
    ],
    "volleyball": [
        "Shot from the corner behind the end line for most of the match, then moved to the bleachers for the last set.",
        "Gym is dark at the far court; 1/640 at f/2.8 and ISO 5000.",
        "Got the pre-match huddle and the senior recognition between sets.",
        "Three-set match, lots of long rallies. Good hitting sequences from the left side.",
        "Athletic director asked for a team shot with the new banner after the match.",
    ],
    "soccer": [
        "Sun was right behind the north goal until about 5:30, so I stayed on the south end early.",
        "Shot both JV and varsity; JV ran long and varsity started 15 minutes late.",
        "Goal in the 2nd half came from the far side, got the celebration but not the shot itself.",
        "Field was muddy after yesterday's rain — great action, filthy gear.",
    ],
    "cross country": [
        "Covered the start, the 2-mile mark by the creek bridge, and the finish chute.",
        "Meet started 20 minutes late. Long lens on the hill section worked well for packs of runners.",
        "Coach wants the top seven runners individually for the sectional program — got all seven.",
        "Course is mostly in open field; lots of clean backgrounds.",
    ],
    "golf": [
        "Walked holes 3 through 7, mostly tee shots and putting.",
        "Had to stay well back from the greens; 300mm the whole time, shutter set to silent.",
        "Got the medalist with the scorecard after the round.",
    ],
    "girls' tennis": [
        "Doubles matches on courts 1 and 2, shot through the gaps in the windscreen.",
        "Tennis ran all afternoon; got every varsity player at least once.",
    ],
    "cheer": [
        "Cheer squad lined up on the 50 at halftime for a quick group shot.",
        "Got the stunt group during the timeout routine, a few nice full-extension frames.",
    ],
    "marching band": [
        "Band director wants the halftime show for the yearbook; got the drumline up close from the track.",
        "Shot the band from the top of the home bleachers to get the whole formation.",
    ],
}

NOTES_TEAM = [
    "Team photos on the practice field: varsity, JV and freshman plus coaching staff.",
    "Moved the team shots to the bleachers because the grass was still wet from the sprinklers.",
    "Used the gym bleachers for the group — three rows, tallest in the back.",
    "{absent} players were absent; coach will send them to retake day.",
    "Roster had {roster} names and {present} showed up. Marked the missing ones on the sheet.",
    "Managers and stat keepers wanted to be in the team photo, did one with and one without.",
    "Had to wait about 25 minutes for practice to finish before the group shot.",
    "Coaches' photo done separately in front of the scoreboard.",
]

NOTES_INDIVIDUAL = [
    "Individuals against the gray backdrop, one key light plus reflector fill.",
    "Memory mates done for {n} athletes; coach checked names against the roster.",
    "Ran two lines to keep it moving — soccer on one side, cross country on the other.",
    "Kids came in waves between classes so there was some downtime around 10.",
    "A few athletes still in practice gear; they'll come back in uniform Thursday.",
    "Name cards were mixed up for the JV group, fixed them before shooting.",
]

NOTES_PICTURE_DAY = [
    "Picture day for about {n} students. Lines moved well after the first period.",
    "Retake sign-up sheet left with the front office.",
    "Several students forgot order forms, so the office has extra envelopes.",
    "Staff photos done during lunch, {staff} teachers and aides.",
    "Power outlet by the stage was dead — ran an extension cord from the hallway.",
    "Retakes today — {retakes} students, plus a few new enrollments.",
    "Two students with glasses glare; tilted the frames down slightly and reshot.",
]
NOTES_PICTURE_DAY_EL = [
    "Kindergarten went first and took twice as long as planned.",
    "Set up in the library; low ceiling so the hair light had to come down.",
    "Teachers brought classes down in order, so no waiting lines at all.",
    "Class composites for grades K–5 done on the gym stage after lunch.",
]
NOTES_PICTURE_DAY_SECONDARY = [
    "Underclassmen by English class; seniors were on a field trip, so they go to retake day.",
    "Set up in the cafeteria between lunch periods — had to tear down the backdrop twice.",
    "Student ID cards printed on site; the printer jammed twice around 11.",
    "Yearbook staff helped run the name cards, which made it go a lot faster.",
    "Sixth graders went first; a lot of first-time nerves, so it took a little longer.",
]

# Sentences that only make sense at a high school (or, for the last one, at a
# junior high / middle school).
HS_ONLY_WORDS = ("senior", "varsity", "JV", "freshman", "sectional", "underclassmen", "yearbook staff",
                 "park at the junior high")
JH_ONLY_WORDS = ("sixth graders",)


def fits_level(sentence, level):
    low = sentence.lower()
    if level != "HS" and any(w.lower() in low for w in HS_ONLY_WORDS):
        return False
    if level != "JH" and any(w in low for w in JH_ONLY_WORDS):
        return False
    return True

NOTES_GENERAL = [
    "Backed up both cards to the laptop and the shuttle drive before leaving.",
    "Card 2 filled up faster than expected; we need more 128GB cards in the kit.",
    "Construction on Route 13 added about 15 minutes each way.",
    "Took the long way around the closure on I-57.",
    "Dropped off proof sheets at the front office on the way out.",
    "Battery grip on the backup body is acting up, will bring it to the office.",
    "Front office asked about a date for club photos in November.",
]

SPECIAL_NOTE = ('Gym lights <flickering> & "yellow" — used flash at 1/250 and bounced it off the side wall.\n'
                "Coach says they're replacing the fixtures over winter break.")

LATE_NIGHT_NOTES = [
    "Varsity football under the lights; game went to overtime so filing this late.\n"
    "Got the winning touchdown from the end zone and the student section rushing the field.",
    "Volleyball senior night ran long: seniors and parents were introduced at 6:30 and the match didn't start until 7:15.\n"
    "Gym lighting is uneven on the bleacher side, so most of the action shots are from the stage end.",
    "Homecoming game plus the court at halftime.\n"
    "Backed everything up at home before bed — 2 cards, both verified.",
]


def build_reports(people, fields):
    rng = rng_for("reports")
    id_rng = rng_for("report-ids")
    smart_ids = smart_field_ids(fields)
    photographers = [p for p in people if p["role"] == "photographer"]
    late = {(k, d): t for k, d, t, _ in LATE_NIGHT}
    late_sport = {(k, d): sp for k, d, _, sp in LATE_NIGHT}

    days = []
    d = REPORT_START
    while d <= REPORT_END:
        if d.weekday() < 5:
            days.append(d)
        d += timedelta(days=1)

    # Region-wide weather per day: afternoon temperatures drift from the high
    # 80s in early September to the low 60s by the end of October.
    weather_by_day = {}
    for i, day in enumerate(days):
        frac = i / (len(days) - 1)
        base = 86 - 25 * frac + rng.uniform(-4, 4)
        if day.month == 9:
            cond = weighted(rng, [("Sunny", 30), ("Mainly Clear", 15), ("Partly Cloudy", 25),
                                  ("Overcast", 10), ("Light Rain", 8), ("Rain Showers", 7),
                                  ("Thunderstorm", 5)])
        else:
            cond = weighted(rng, [("Sunny", 24), ("Clear", 10), ("Partly Cloudy", 26),
                                  ("Overcast", 20), ("Light Rain", 12), ("Rain", 5)])
        if cond in ("Light Rain", "Rain", "Rain Showers", "Thunderstorm"):
            base -= 6
        elif cond == "Overcast":
            base -= 3
        weather_by_day[day] = (cond, base)

    schedule = []
    for day in days:
        for p in photographers:
            works = rng.random() < WORK_RATE[p["key"]]
            if (p["key"], day) in late:
                works = True
            if works:
                schedule.append((day, p))

    reports = []
    for day, p in schedule:
        home = parse_coords(p["coords"])
        late_time = late.get((p["key"], day))
        early_sept = day <= date(2024, 9, 20)

        if late_time:
            job = "Fall Sports"
        elif early_sept:
            job = weighted(rng, [("Picture Day", 40), ("Team Photos", 25), ("Individual Photos", 15),
                                 ("Fall Sports", 20)])
        else:
            job = weighted(rng, [("Fall Sports", 55), ("Team Photos", 10), ("Individual Photos", 10),
                                 ("Picture Day", 25)])

        if job == "Picture Day":
            pool = SCHOOLS
        elif job == "Fall Sports":
            pool = [s for s in SCHOOLS if s["level"] in ("HS", "JH")]
            if late_time:
                pool = [s for s in SCHOOLS if s["level"] == "HS"]
        else:
            pool = [s for s in SCHOOLS if s["level"] in ("HS", "JH")]

        if late_time or job == "Fall Sports":
            n_schools = weighted(rng, [(1, 70), (2, 30)])
        elif job == "Picture Day":
            n_schools = weighted(rng, [(1, 60), (2, 30), (3, 10)])
        else:
            n_schools = weighted(rng, [(1, 45), (2, 38), (3, 17)])
        if late_time:
            n_schools = 1

        # Photographers mostly work schools near home.
        remaining = list(pool)
        chosen = []
        for _ in range(n_schools):
            pairs = []
            for s in remaining:
                dist = haversine_miles(home[0], home[1], s["lat"], s["lng"])
                pairs.append((s, 1.0 / (dist + 6.0) ** 2))
            pick = weighted(rng, pairs)
            chosen.append(pick)
            remaining.remove(pick)
        # Visit order: nearest next stop first, starting from home.
        ordered = []
        cur = home
        left = list(chosen)
        while left:
            nxt = min(left, key=lambda s: haversine_miles(cur[0], cur[1], *parse_coords(s["coordinates"])))
            ordered.append(nxt)
            left.remove(nxt)
            cur = parse_coords(nxt["coordinates"])
        names = [s["value"] for s in ordered]
        miles = round_trip_miles(home, [parse_coords(s["coordinates"]) for s in ordered])

        # Submission time.
        if late_time:
            created = local_dt(day, *late_time)
        elif job == "Picture Day":
            created = local_dt(day, rng.randint(13, 16), rng.randint(0, 59), rng.randint(0, 59))
        else:
            created = local_dt(day, rng.randint(15, 18), rng.randint(0, 59), rng.randint(0, 59))

        cond, base = weather_by_day[day]
        temp = base + rng.uniform(-2, 2)
        if late_time:
            temp -= 14
            if cond == "Sunny":
                cond = "Clear"
        weather = "%s, %d°F" % (cond, int(round(temp)))

        sport = None
        if job == "Fall Sports":
            if ordered[0]["level"] == "JH":
                sport = weighted(rng, SPORTS_JH)
            else:
                sport = weighted(rng, SPORTS_HS_SEPT if day.month == 9 else SPORTS_HS_OCT)
            if late_time:
                sport = late_sport[(p["key"], day)]
            if cond in ("Light Rain", "Rain", "Rain Showers", "Thunderstorm") and sport in ("golf", "girls' tennis"):
                sport = "volleyball"

        if job == "Picture Day":
            photos = rng.randint(350, 900)
        elif job == "Fall Sports":
            photos = rng.randint(250, 850)
        elif job == "Team Photos":
            photos = rng.randint(80, 300)
        else:
            photos = rng.randint(150, 520)

        equipment = {"Camera"}
        chance = {
            "Picture Day": {"Tripod": 0.8, "Flash": 1.0, "Backdrop": 1.0, "Light Stand": 1.0, "Reflector": 0.3},
            "Fall Sports": {"Tripod": 0.1, "Flash": 0.5 if sport in INDOOR else 0.05, "Reflector": 0.0},
            "Team Photos": {"Tripod": 0.9, "Flash": 0.6, "Reflector": 0.4, "Light Stand": 0.2},
            "Individual Photos": {"Tripod": 0.5, "Flash": 0.8, "Backdrop": 0.7, "Light Stand": 0.7,
                                  "Reflector": 0.4},
        }[job]
        for item in ["Tripod", "Flash", "Backdrop", "Light Stand", "Reflector"]:
            if rng.random() < chance.get(item, 0.0):
                equipment.add(item)
        equipment = [e for e in ["Camera", "Tripod", "Flash", "Backdrop", "Light Stand", "Reflector"]
                     if e in equipment]

        backup = rng.random() < 0.9 or bool(late_time)

        school = ordered[0]
        contact_email, contact_phone = rng.choice(school["contacts"])

        # Notes.
        if late_time:
            notes = LATE_NIGHT_NOTES[[k for k, _, _, _ in LATE_NIGHT].index(p["key"])]
        else:
            if job == "Fall Sports":
                pool_notes = NOTES_FALL[sport]
                lead = "%s at %s." % (sport[0].upper() + sport[1:], school["short"])
            elif job == "Team Photos":
                pool_notes = NOTES_TEAM
                lead = None
            elif job == "Individual Photos":
                pool_notes = NOTES_INDIVIDUAL
                lead = None
            else:
                extra = NOTES_PICTURE_DAY_EL if school["level"] == "EL" else NOTES_PICTURE_DAY_SECONDARY
                pool_notes = NOTES_PICTURE_DAY + extra
                lead = None
            pool_notes = [n for n in pool_notes if fits_level(n, school["level"])]
            k = weighted(rng, [(1, 35), (2, 45), (3, 20)])
            picked = rng.sample(pool_notes, min(k, len(pool_notes)))
            if any(n.startswith("Retakes today") for n in picked):   # a retake day is not a picture day
                picked = [n for n in picked if not n.startswith("Picture day for about")]
            if rng.random() < 0.3:
                picked = picked[:2] + [rng.choice(NOTES_GENERAL)]
            if not backup:
                picked = picked[:2] + ["Didn't get to the backup yet — laptop battery died. Will do it first thing tomorrow."]
            if lead and rng.random() < 0.5:
                picked = [lead] + picked[:2]
            roster = rng.randint(24, 48)
            fill = {
                "n": rng.randint(18, 40) if job == "Individual Photos" else rng.randint(180, 640),
                "absent": rng.choice(["Two", "Three", "Four"]),
                "roster": roster,
                "present": roster - rng.randint(1, 5),
                "staff": rng.randint(22, 58),
                "retakes": rng.randint(14, 46),
            }
            picked = [s.format(**fill) for s in picked]
            sep = "\n" if rng.random() < 0.3 else " "
            notes = sep.join(picked)

        if late_time:
            date_field = created.astimezone(timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")
        else:
            date_field = day.isoformat()

        updated = created
        if rng.random() < 0.08:
            updated = created + timedelta(minutes=rng.randint(12, 900), seconds=rng.randint(0, 59))

        doc = {
            "id": firestore_id(id_rng),
            "organizationID": ORG_ID,
            "userId": p["id"],
            "date": date_field,
            "photographer": "%s %s" % (p["first"], p["last"]),
            "templateId": TEMPLATE_ID,
            "templateName": TEMPLATE_NAME,
            "templateVersion": TEMPLATE_VERSION,
            "reportType": "template",
            "smartFieldsUsed": smart_ids,
            "job_type": job,
            "schools_visited": names,
            "school_name": ", ".join(names),
            "mileage": "%.1f miles" % miles,
            "weather": weather,
            "photographer_name": "%s %s" % (p["first"], p["last"]),
            "report_date": us_date(day),
            "submitted_time": us_time(created),
            "photos_taken": photos,
            "equipment_used": equipment,
            "backup_completed": backup,
            "contact_email": contact_email,
            "contact_phone": contact_phone,
            "notes": notes,
            "createdAt": ts(created),
            "updatedAt": ts(updated),
        }
        reports.append(dict(doc=doc, day=day, person=p, sport=sport, miles=miles, late=bool(late_time)))

    # The one note with markup-significant characters: an indoor match in October.
    candidates = [r for r in reports if r["sport"] == "volleyball" and r["day"].month == 10 and not r["late"]]
    special = candidates[len(candidates) // 2]
    special["doc"]["notes"] = SPECIAL_NOTE
    eq = special["doc"]["equipment_used"]
    if "Flash" not in eq:
        special["doc"]["equipment_used"] = [e for e in ["Camera", "Tripod", "Flash", "Backdrop", "Light Stand",
                                                        "Reflector"] if e in eq or e == "Flash"]

    # Five recorded mileages that disagree with the estimate (typed over, or a
    # detour), and two reports with no mileage at all.
    # Only trips of 12+ miles, so the disagreement is several miles, not a rounding matter.
    eligible = [r for r in reports if not r["late"] and r is not special]
    off = rng.sample([r for r in eligible if r["miles"] >= 12], 5)
    factors = [1.30, 1.42, 1.27, 0.68, 1.35]
    for r, f in zip(sorted(off, key=lambda r: r["doc"]["id"]), factors):
        r["doc"]["mileage"] = "%.1f miles" % (r["miles"] * f)
        r["mileage_factor"] = f
    eligible = [r for r in eligible if r not in off]
    for r in rng.sample(eligible, 2):
        del r["doc"]["mileage"]
        r["mileage_missing"] = True

    reports.sort(key=lambda r: (r["day"], r["doc"]["photographer"]))
    return reports


# --------------------------------------------------------------------------
# 2b. Picture Day template (version 3) and the reports that exercise form
#     rendering: every field type, smart fields, logic, validation and
#     calculations.  Appended after the 122 fall reports; its own seeded
#     random, so nothing above shifts.
# --------------------------------------------------------------------------

PICTURE_DAY_TEMPLATE_ID = "picture_day_template"
PICTURE_DAY_TEMPLATE_NAME = "Picture Day Report"
PICTURE_DAY_TEMPLATE_VERSION = 3

# Deleted from reportTemplates before the export; one report still names it.
MISSING_TEMPLATE_ID = "media_day_template"
MISSING_TEMPLATE_NAME = "Banner & Media Day Report"

PICTURE_DAY_SESSIONS = ["Fall Picture Day", "Spring Picture Day", "Retake Day", "Class Composites",
                        "Staff & ID Cards"]
BACKDROPS = ["Gray Mottled", "Blue", "Black", "Green Screen"]
SERVICES = ["Individual Portraits", "Class Composites", "Group Photos", "Staff Photos", "Student ID Cards",
            "Yearbook Candids"]
PRINT_COST_PER_STUDENT = 0.5
RETAKE_RATE_FORMULA = "ROUND(retakes / students_photographed * 100, 1)"
TOTAL_COST_FORMULA = "students_photographed * %s + extra_costs" % PRINT_COST_PER_STUDENT


def smart_config(calc, fallback, auto, **extra):
    cfg = {"calculationType": calc, "fallbackValue": fallback, "autoUpdate": auto}
    cfg.update(extra)
    return cfg


def picture_day_fields():
    school_values = [s["value"] for s in SCHOOLS]
    return [
        {"id": "session_type", "type": "select", "label": "Session", "required": True,
         "options": PICTURE_DAY_SESSIONS, "placeholder": "Select the session",
         "defaultValue": "Fall Picture Day"},
        {"id": "schools_visited", "type": "multiselect", "label": "Schools Visited", "required": True,
         "options": school_values, "placeholder": "Select schools in the order you visited them"},
        {"id": "school_name", "type": "school_name", "label": "School Name(s)", "required": False,
         "smartConfig": smart_config("school_name", "No schools selected", True), "readOnly": True},
        {"id": "photographer_name", "type": "user_name", "label": "Photographer", "required": False,
         "smartConfig": smart_config("user_name", "Photographer", False), "readOnly": True},
        {"id": "report_date", "type": "date_auto", "label": "Report Date", "required": False,
         "smartConfig": smart_config("date_auto", None, False, format="US"), "readOnly": True},
        {"id": "arrival_time", "type": "time", "label": "Arrival Time", "required": True,
         "placeholder": "HH:MM"},
        {"id": "submitted_time", "type": "time_auto", "label": "Submitted At", "required": False,
         "smartConfig": smart_config("time_auto", None, True, format="24-hour"), "readOnly": True},
        {"id": "setup_location", "type": "location", "label": "Where We Set Up", "required": False,
         "placeholder": "Room and address, e.g. Library, 700 N Market St, Marion, IL"},
        {"id": "current_location", "type": "current_location", "label": "GPS at Submission", "required": False,
         "smartConfig": smart_config("current_location", "Location unavailable", False, format="coordinates"),
         "readOnly": True},
        {"id": "weather", "type": "weather_conditions", "label": "Weather Conditions", "required": False,
         "smartConfig": smart_config("weather_conditions", "Weather unavailable", False), "readOnly": False},
        {"id": "mileage", "type": "mileage", "label": "Round Trip Mileage", "required": False,
         "smartConfig": smart_config("mileage", "0 miles", True), "readOnly": True},
        {"id": "school_contact", "type": "text", "label": "Front Office Contact", "required": True,
         "placeholder": "Who signed us in"},
        {"id": "contact_email", "type": "email", "label": "Contact Email", "required": False,
         "placeholder": "name@school.org"},
        {"id": "contact_phone", "type": "phone", "label": "Contact Phone", "required": False,
         "placeholder": "(618) 555-0100"},
        {"id": "backdrop", "type": "radio", "label": "Backdrop", "required": True,
         "options": BACKDROPS, "defaultValue": "Gray Mottled"},
        {"id": "services", "type": "multiselect", "label": "Services Delivered", "required": False,
         "options": SERVICES},
        {"id": "group_photo_notes", "type": "textarea", "label": "Group / Composite Notes", "required": False,
         "placeholder": "Rows, order, who was missing...",
         "logic": {"id": "logic_group_photo_notes", "action": "show", "eval": "or", "conditions": [
             {"field": "session_type", "condition": "?=", "value": "Composite"},
             {"field": "services", "condition": "?=", "value": "Group Photos"},
         ]}},
        {"id": "students_photographed", "type": "number", "label": "Students Photographed", "required": True,
         "placeholder": "Count from the camera card, not the roster"},
        {"id": "retakes", "type": "number", "label": "Retakes", "required": True, "defaultValue": "0"},
        {"id": "retake_reason", "type": "textarea", "label": "Why the Retakes", "required": True,
         "placeholder": "Blinks, glasses glare, absent, parent request...",
         "logic": {"id": "logic_retake_reason", "action": "show", "eval": "and", "conditions": [
             {"field": "retakes", "condition": ">", "value": 0},
         ]}},
        {"id": "retake_rate", "type": "calculation", "label": "Retake Rate (%)", "required": False,
         "smartConfig": smart_config("calculation", "N/A", True, formula=RETAKE_RATE_FORMULA), "readOnly": True},
        {"id": "makeup_needed", "type": "toggle", "label": "Makeup Day Needed", "required": True,
         "defaultValue": "false"},
        {"id": "makeup_date", "type": "date", "label": "Makeup Date", "required": True,
         "logic": {"id": "logic_makeup_date", "action": "hide", "eval": "or", "conditions": [
             {"field": "makeup_needed", "condition": "null="},
             {"field": "makeup_needed", "condition": "=", "value": False},
         ]}},
        {"id": "extra_costs", "type": "currency", "label": "Extra Costs", "required": False,
         "placeholder": "Parking, supplies, shipping", "defaultValue": "0"},
        {"id": "total_cost", "type": "calculation", "label": "Estimated Job Cost ($)", "required": False,
         "smartConfig": smart_config("calculation", None, True, formula=TOTAL_COST_FORMULA), "readOnly": True},
        {"id": "photos", "type": "file", "label": "Sign-in Sheets & Setup Photos", "required": False},
        {"id": "photo_count", "type": "photo_count", "label": "Photos Attached", "required": False,
         "smartConfig": smart_config("photo_count", "0", True), "readOnly": True},
        {"id": "notes", "type": "textarea", "label": "Notes", "required": False,
         "placeholder": "Anything the office should know..."},
    ]


def picture_day_template(people, fields):
    manager = next(p for p in people if p["key"] == "dana")
    return {
        "name": PICTURE_DAY_TEMPLATE_NAME,
        "description": "End-of-day report for picture days, retake days, composites and staff/ID sessions. "
                       "Retake rate and job cost are calculated; the makeup date only appears when a "
                       "makeup day is needed.",
        "shootType": "picture_day",
        "organizationID": ORG_ID,
        "fields": fields,
        "isDefault": True,
        "isActive": True,
        "version": PICTURE_DAY_TEMPLATE_VERSION,
        "createdAt": ts(local_dt(date(2024, 8, 5), 9, 12, 30)),
        "updatedAt": ts(local_dt(date(2024, 9, 27), 15, 4, 18)),
        "createdBy": manager["id"],
    }


def half_up(x, decimals):
    """Round half away from zero on the decimal text, as a spreadsheet ROUND does."""
    from decimal import Decimal, ROUND_HALF_UP
    q = Decimal(1).scaleb(-decimals)
    return float(Decimal(repr(x)).quantize(q, rounding=ROUND_HALF_UP))


def file_entry(rng, report_id, name):
    from urllib.parse import quote
    ctype = "application/pdf" if name.endswith(".pdf") else "image/jpeg"
    return {"name": name,
            "url": "https://firebasestorage.googleapis.com/v0/b/%s/o/%s?alt=media&token=%s"
                   % (BUCKET, quote("dailyJobReports/%s/%s" % (report_id, name), safe=""), rng_uuid(rng)),
            "contentType": ctype,
            "size": rng.randint(180000, 4200000)}


def report_meta(rid, p, day, template_id, template_name, version, smart_ids):
    return {
        "id": rid,
        "organizationID": ORG_ID,
        "userId": p["id"],
        "date": day.isoformat(),
        "photographer": "%s %s" % (p["first"], p["last"]),
        "templateId": template_id,
        "templateName": template_name,
        "templateVersion": version,
        "reportType": "template",
        "smartFieldsUsed": smart_ids,
    }


def build_extra_reports(people, pd_fields, fall_fields):
    """The picture-day reports and the odd ones out, in date order: list of
    dict(doc=..., day=..., miles=..., kind=...)."""
    rng = rng_for("picture-day-reports")
    by_key = {p["key"]: p for p in people}
    pd_smart = smart_field_ids(pd_fields)
    out = []

    def trip(p, school_values):
        schools = [SCHOOL_BY_VALUE[v] for v in school_values]
        home = parse_coords(p["coords"])
        miles = round_trip_miles(home, [parse_coords(s["coordinates"]) for s in schools])
        return schools, miles

    def picture_day(kind, key, day, created, school_values, session, arrival, setup_location, contact, email,
                    phone, backdrop, services, group_notes, students, retakes, retake_reason, makeup_needed,
                    makeup_date, extra_costs, file_names, weather, notes, updated=None, drop=()):
        p = by_key[key]
        rid = firestore_id(rng)
        schools, miles = trip(p, school_values)
        last = schools[-1]
        gps = "%.6f,%.6f" % (last["lat"] + rng.uniform(-0.0008, 0.0008), last["lng"] + rng.uniform(-0.0008, 0.0008))
        files = [file_entry(rng, rid, n) for n in file_names]
        numeric = isinstance(students, (int, float)) and isinstance(retakes, (int, float))
        # What the app stored: its own calculation; JSON.stringify(NaN) is null.
        retake_rate = half_up(retakes / students * 100, 1) if numeric and students > 0 else None
        if retake_rate is not None:
            assert abs((retakes / students * 1000) % 1 - 0.5) > 1e-6, "retake rate on a rounding edge"
        total_cost = (round(students * PRINT_COST_PER_STUDENT + extra_costs, 2)
                      if isinstance(students, (int, float)) and isinstance(extra_costs, (int, float)) else None)
        doc = report_meta(rid, p, day, PICTURE_DAY_TEMPLATE_ID, PICTURE_DAY_TEMPLATE_NAME,
                          PICTURE_DAY_TEMPLATE_VERSION, pd_smart)
        values = [
            ("session_type", session),
            ("schools_visited", [s["value"] for s in schools]),
            ("school_name", ", ".join(s["value"] for s in schools)),
            ("photographer_name", "%s %s" % (p["first"], p["last"])),
            ("report_date", us_date(day)),
            ("arrival_time", arrival),
            ("submitted_time", created.strftime("%H:%M")),
            ("setup_location", setup_location),
            ("current_location", gps),
            ("weather", weather),
            ("mileage", "%.1f miles" % miles),
            ("school_contact", contact),
            ("contact_email", email),
            ("contact_phone", phone),
            ("backdrop", backdrop),
            ("services", services),
            ("group_photo_notes", group_notes),
            ("students_photographed", students),
            ("retakes", retakes),
            ("retake_reason", retake_reason),
            ("retake_rate", retake_rate),
            ("makeup_needed", makeup_needed),
            ("makeup_date", makeup_date),
            ("extra_costs", extra_costs),
            ("total_cost", total_cost),
            ("photos", files),
            ("photo_count", str(len(files))),
            ("notes", notes),
        ]
        for k, v in values:
            # Optional text left blank is not stored; calculations are stored even when null.
            if k in drop or (v is None and k not in ("retake_rate", "total_cost")):
                continue
            doc[k] = v
        doc["createdAt"] = ts(created)
        doc["updatedAt"] = ts(updated or created)
        out.append(dict(doc=doc, day=day, miles=miles, kind=kind))

    # 1. Fully valid: every visible field filled, both logic-dependent fields shown and filled.
    d = date(2024, 10, 3)
    picture_day(
        "valid", "renee", d, local_dt(d, 14, 37, 52), ["Herrin Junior High - Herrin"],
        "Fall Picture Day", "07:15", "Gym stage, 700 S 14th St, Herrin, IL 62948",
        "Marcy Langston", "mlangston@herrinjh.example.org", "618-555-0131", "Gray Mottled",
        ["Individual Portraits", "Group Photos", "Staff Photos", "Student ID Cards"],
        "Club photos after lunch: student council, FFA, band. Three rows on the stage risers, tallest in back.",
        412, 17, "Blinks (9), glasses glare (5), and 3 students asked to redo after seeing the preview.",
        True, "2024-11-07", 18.75, ["IMG_4821.jpg", "IMG_4822.jpg", "Sign-in sheet.pdf"],
        "Partly Cloudy, 76°F",
        "Lines moved well after first period. ID cards printed on site and handed to the office before we left.\n"
        "Makeup day is on the office calendar for 11/7.")

    # 2. Valid, nothing optional shown: no retakes, no makeup day; location stored as a map
    #    (address, latitude, longitude) instead of text.
    d = date(2024, 10, 9)
    hb = SCHOOL_BY_VALUE["Harrisburg High School - Harrisburg"]
    picture_day(
        "valid-plain", "tyler", d, local_dt(d, 13, 8, 14), ["Harrisburg High School - Harrisburg"],
        "Staff & ID Cards", "07:40",
        {"address": "Library, 333 W College St, Harrisburg, IL 62946", "latitude": hb["lat"], "longitude": hb["lng"]},
        "Jim Moreland", "jmoreland@harrisburghs.example.org", "618-555-0176", "Blue",
        ["Staff Photos", "Student ID Cards"], None,
        96, 0, None, False, None, 0, ["IMG_0332.jpg"],
        "Overcast, 68°F",
        "Staff photos before first bell, new-student ID cards during 2nd and 3rd period.")

    # 3. Validation failures: empty required text, bad email, text in a number field, a session not in the options.
    d = date(2024, 10, 14)
    picture_day(
        "invalid", "sean", d, local_dt(d, 15, 22, 6), ["Mt. Vernon Township High School - Mt. Vernon"],
        "Senior Portraits", "08:05", "Auxiliary gym, 320 S 7th St, Mount Vernon, IL 62864",
        "", "lfoster@mvths,example.org", "(618) 555-0193", "Black",
        ["Individual Portraits", "Yearbook Candids"], None,
        "abc", 4, "Two closed eyes, one hair-in-face, one parent request.",
        False, None, 6.5, ["IMG_5107.jpg"],
        "Partly Cloudy, 66°F",
        "Senior portraits for the yearbook deadline. Count is on the card; I'll fix the number tomorrow.")

    # 4. Logic hides a field that still holds a value: makeup date entered, then the toggle switched off.
    d = date(2024, 10, 21)
    picture_day(
        "logic-hidden", "jenna", d, local_dt(d, 14, 2, 45),
        ["Jefferson Elementary - Marion", "Marion High School - Marion"],
        "Retake Day", "07:30", "Library, 700 N Market St, Marion, IL 62959",
        "Kim Whitfield", "kwhitfield@marionhs.example.org", "(618) 555-0142", "Gray Mottled",
        ["Individual Portraits"], None,
        57, 49, "Scheduled retakes from the 9/12 and 9/17 picture days; the other 8 were new enrollments.",
        False, "2024-11-12", 0, ["IMG_7710.jpg", "IMG_7711.jpg"],
        "Overcast, 62°F",
        "Makeup day was penciled in for 11/12, but the office will send stragglers to the Jefferson spring "
        "session instead, so no makeup day.",
        updated=local_dt(d, 16, 31, 9))

    # 5. Formula error: nobody photographed (students_photographed = 0), so the retake rate divides by zero.
    d = date(2024, 10, 15)
    picture_day(
        "formula-error", "renee", d, local_dt(d, 10, 48, 33), ["Unity Point School - Carbondale"],
        "Fall Picture Day", "07:20", "Cafeteria, 4033 S Illinois Ave, Carbondale, IL 62903",
        "Front office (Mrs. Davis)", "frontoffice@unitypoint.example.org", "618-555-0126", "Gray Mottled",
        [], None,
        0, 0, None, True, "2024-10-29", 12.0, ["closure-notice.jpg"],
        "Partly Cloudy, 70°F",
        "Water main break on the south side: school dismissed at 8:30 before the first class came down. "
        "Set up and tore down; nobody photographed. Makeup day booked for 10/29.")

    # 6. Missing smart values: filed from an old app build that did not store them; gen recomputes.
    d = date(2024, 10, 22)
    picture_day(
        "recomputed-smart", "sean", d, local_dt(d, 15, 51, 27),
        ["Benton Consolidated High School - Benton", "Frankfort Community High School - West Frankfort"],
        "Class Composites", "08:00", "Commons, 511 E Main St, Benton, IL 62812",
        "Sue Harrell", "sharrell@bentonhs.example.org", "618-555-0159", "Black",
        ["Class Composites", "Group Photos"],
        "Benton: homerooms on the bleachers, 4 rows. Frankfort: seniors only, composite order from the yearbook adviser.",
        238, 0, None, False, None, 9.0, ["IMG_2210.jpg", "IMG_2214.jpg"],
        "Light Rain, 57°F",
        "Composites at two schools; the rain held off until we were loading out at Frankfort.",
        drop=("photographer_name", "school_name", "report_date", "submitted_time", "photo_count"))

    # 7. Text that looks like markup, in realistic notes.
    d = date(2024, 10, 23)
    picture_day(
        "hostile-text", "tyler", d, local_dt(d, 14, 26, 3), ["Frankfort Community High School - West Frankfort"],
        "Fall Picture Day", "07:25", "#2 Gym (north entrance), 2000 E Poplar St, West Frankfort, IL 62896",
        "Tom Greer", "tgreer@frankforths.example.org", "(618) 555-0152", "Gray Mottled",
        ["Individual Portraits", "Group Photos"],
        "Rows: 3 | teachers on the ends | *tallest* in back. Row 1 sat on the bench.",
        187, 11, "Glare on glasses | blinks | 2 asked for a redo. <3 seconds between frames was too fast for the flash.",
        True, "2024-11-14", 4.25, ["IMG_3090.jpg", "IMG_3091 (1).jpg"],
        "Clear, 66°F",
        "# of retakes was higher than usual — see the sign-in sheet.\n"
        "Used the *old* backdrop | the new one is still at the office.\n"
        "Office wants the makeup date in <b>bold</b> on the flyer.\n"
        "A parent's order comment had a link in it: [link](javascript:alert(1)) — didn't click it, "
        "forwarded to Chris.")

    # 8. Valid retake day over two schools.
    d = date(2024, 10, 28)
    picture_day(
        "valid-retake", "marcus", d, local_dt(d, 13, 44, 20),
        ["Unity Point School - Carbondale", "Carbondale Community High School - Carbondale"],
        "Retake Day", "07:50", "Unity Point: music room; CCHS: library",
        "Diane Nguyen", "dnguyen@cchs.example.org", "(618) 555-0184", "Gray Mottled",
        ["Individual Portraits", "Student ID Cards"], None,
        38, 31, "Scheduled retakes; the other 7 were new enrollments and absentees from picture day.",
        False, None, 3.0, [],
        "Clear, 64°F",
        "Quick retake day at both Carbondale schools. Proofs go out with the spring order forms.")

    # 9. Fall Sports report filed from an app that still had template version 1 cached: it has
    #    equipment_notes (dropped in version 2) and lacks contact_phone and backup_completed (added in 2).
    d = date(2024, 10, 4)
    p = by_key["jenna"]
    created = local_dt(d, 21, 14, 36)
    schools, miles = trip(p, ["Marion High School - Marion"])
    doc = report_meta(firestore_id(rng), p, d, TEMPLATE_ID, TEMPLATE_NAME, 1, smart_field_ids(fall_fields))
    doc.update({
        "job_type": "Fall Sports",
        "schools_visited": [s["value"] for s in schools],
        "school_name": ", ".join(s["value"] for s in schools),
        "mileage": "%.1f miles" % miles,
        "weather": "Overcast, 58°F",
        "photographer_name": "%s %s" % (p["first"], p["last"]),
        "report_date": us_date(d),
        "submitted_time": us_time(created),
        "photos_taken": 644,
        "equipment_used": ["Camera", "Flash"],
        "equipment_notes": "Borrowed the office 70-200; the zoom ring on mine is sticking. Monopod collar is loose again.",
        "contact_email": "athletics@marionhs.example.org",
        "notes": "Football at Marion. Homecoming court at halftime, then the second half from the end zone.",
        "createdAt": ts(created),
        "updatedAt": ts(created),
    })
    out.append(dict(doc=doc, day=d, miles=miles, kind="older-version"))

    # 10. A report naming a template that was deleted before the export.
    d = date(2024, 10, 11)
    p = by_key["marcus"]
    created = local_dt(d, 16, 9, 58)
    schools, miles = trip(p, ["Du Quoin High School - Du Quoin"])
    doc = report_meta(firestore_id(rng), p, d, MISSING_TEMPLATE_ID, MISSING_TEMPLATE_NAME, 1,
                      ["school_name", "mileage", "weather", "photographer_name", "report_date"])
    doc.update({
        "media_day_type": "Winter Sports Banners",
        "schools_visited": [s["value"] for s in schools],
        "school_name": ", ".join(s["value"] for s in schools),
        "mileage": "%.1f miles" % miles,
        "weather": "Light Rain, 63°F",
        "photographer_name": "%s %s" % (p["first"], p["last"]),
        "report_date": us_date(d),
        "athletes_photographed": 86,
        "banner_sizes": ["3x6 ft", "2x4 ft"],
        "green_screen": True,
        "notes": "Basketball and wrestling banner shots in the small gym. Coaches want proofs by 10/25.",
        "createdAt": ts(created),
        "updatedAt": ts(created),
    })
    out.append(dict(doc=doc, day=d, miles=miles, kind="missing-template"))

    # 11. A legacy report from before templates existed (templates were created 2024-07-15).
    d = date(2024, 5, 16)
    p = by_key["marcus"]
    created = local_dt(d, 18, 2, 11)
    schools, miles = trip(p, ["Murphysboro Middle School - Murphysboro"])
    out.append(dict(doc={
        "id": firestore_id(rng),
        "organizationID": ORG_ID,
        "userId": p["id"],
        "date": d.isoformat(),
        "photographer": "%s %s" % (p["first"], p["last"]),
        "reportType": "legacy",
        "jobDescription": "Spring track & field: individuals and relay team photos",
        "school_name": schools[0]["value"],
        "mileage": "%.1f" % miles,
        "hoursWorked": 3.5,
        "photos_taken": 412,
        "weather": "Sunny, low 80s",
        "cardsBackedUp": True,
        "notes": "Track was still wet from the morning rain, so the team photo moved to the bleachers.",
        "createdAt": ts(created),
        "updatedAt": ts(created),
    }, day=d, miles=miles, kind="legacy"))

    out.sort(key=lambda r: (r["day"], r["doc"]["photographer"]))
    return out


# --------------------------------------------------------------------------
# 3. photoCritiques changelog (Stream Firestore to BigQuery)
# --------------------------------------------------------------------------

# kind: "import-old" (single imageUrl, no arrays, backfilled by the import
# script), "import" (backfilled, current schema), "create".
# (kind, target, submitter, exampleType, images, created local, status, notes)
CRITIQUES = [
    ("import-old", "jenna", "dana", "example", 1, datetime(2024, 4, 19, 10, 14, 2), "published",
     "Great example of a clean baseball action shot. You waited for the ball to be on the bat and kept "
     "the batter's face visible — that's the frame coaches and parents actually buy. Exposure is spot on "
     "even with the bright sky behind him."),
    ("import-old", "renee", "chris", "improvement", 1, datetime(2024, 5, 8, 15, 41, 37), "published",
     "Track individuals: the pole vault standard is growing out of her head. Take one step to the left "
     "before you shoot and check the background every time.\n\n"
     "Everything else — focus, exposure, expression — is good."),
    ("import", "marcus", "dana", "example", 3, datetime(2024, 7, 11, 9, 5, 44), "published",
     "Summer camp group set. This is how I want team photos lined up: tallest in the back, shoulders "
     "angled in, nobody hiding behind the ball. Use these three as the reference for fall team days."),
    ("import", "sean", "dana", "improvement", 2, datetime(2024, 8, 9, 14, 22, 10), "published",
     "Senior portraits at the park. The light was hard midday sun and it shows in the squinting and the "
     "shadows under the eyes.\n\n"
     "If we can't move the session time, put the sun behind the subject and fill with the reflector. The "
     "second frame is closer — it just needs about a stop more on the face."),
    ("create", "renee", "chris", "example", 2, datetime(2024, 9, 6, 11, 30, 12), "published",
     "Picture day lighting at Herrin Junior High was consistent from the first kid to the last. Nice job "
     "checking the key light height when the taller 8th graders came through. Catchlights in both eyes "
     "on almost every frame."),
    ("create", "jenna", "dana", "improvement", 3, datetime(2024, 9, 9, 16, 2, 55), "published",
     "Football: too many frames of the backs of helmets. Move down the sideline ahead of the play so the "
     "ball carrier is running toward you. Use the line of scrimmage as your cue — if the play is going "
     "left, be on the left before the snap.\n\n"
     "The third photo is the one that works. More like that."),
    ("create", "marcus", "chris", "example", 1, datetime(2024, 9, 12, 8, 47, 21), "published",
     "This volleyball kill at CCHS is a portfolio shot. Hand on the ball, face visible, net in frame but "
     "not covering her. 1/1000 froze it cleanly. Send me the RAW, I want it on the website."),
    ("create", "tyler", "dana", "improvement", 2, datetime(2024, 9, 13, 10, 18, 40), "published",
     "White balance is way off under the lights at Harrisburg — everyone looks green. Set a custom white "
     "balance off the gray card when you arrive instead of using auto. It takes thirty seconds and saves "
     "an hour of editing."),
    ("create", "sean", "chris", "example", 3, datetime(2024, 9, 17, 13, 9, 3), "published",
     "Cross country at Mt. Vernon: great use of the long lens to stack runners coming up the hill. The "
     "middle frame with the team in a tight pack is exactly what the yearbook staff keeps asking us for."),
    ("create", "renee", "dana", "improvement", 1, datetime(2024, 9, 19, 9, 55, 31), "published",
     "Team photo: two kids in the front row have their eyes closed and one coach is cut off at the edge. "
     "Always take at least five frames of a group, and count heads in the viewfinder before you let the "
     "team go."),
    ("create", "jenna", "chris", "example", 2, datetime(2024, 9, 20, 14, 36, 48), "published",
     "Senior night at Marion — the parent photos are warm and natural. You gave families clear direction "
     "without making it feel staged. Keep doing the quick \"look at each other, now look at me\" sequence."),
    ("create", "marcus", "chris", "improvement", 2, datetime(2024, 9, 24, 11, 3, 16), "published",
     "Indoor volleyball at Unity Point: 1/250 wasn't fast enough — arms and ball are blurred in most "
     "frames. Go to 1/640 minimum and let the ISO climb. Grain is fixable, motion blur isn't."),
    ("create", "sean", "dana", "improvement", 1, datetime(2024, 9, 26, 15, 27, 59), "published",
     "Picture day: the backdrop has a visible wrinkle right behind the head for most of the morning "
     "session. Steam or stretch it before the first class comes in, and check a test frame at 100% on "
     "the laptop."),
    ("create", "tyler", "dana", "example", 3, datetime(2024, 9, 30, 10, 44, 6), "published",
     "Golf sectional series is excellent — clean backgrounds, good follow-through timing, and you got the "
     "medalists with the scoreboard. This is the standard for non-stadium sports."),
    ("create", "renee", "chris", "example", 2, datetime(2024, 10, 2, 12, 15, 27), "draft",
     "Homecoming court at Carterville. Framing and expressions are great"),
    ("create", "jenna", "dana", "improvement", 1, datetime(2024, 10, 4, 9, 12, 50), "published",
     "Marching band at halftime: you're too far back and the drum major is tiny in the frame. Get to the "
     "front of the stands at the 50 and shoot the drumline tight, then one wide from the top row for the "
     "formation."),
    ("create", "marcus", "dana", "example", 1, datetime(2024, 10, 8, 16, 40, 19), "published",
     "Memory mates at Du Quoin: posing is consistent across the whole roster, and you kept the ball in "
     "the same hand every time. That's what makes the composite look professional."),
    ("create", "sean", "chris", "improvement", 2, datetime(2024, 10, 10, 13, 58, 2), "published",
     "Soccer at Benton: focus is landing on the defender instead of the player with the ball. Switch to "
     "a single AF point with tracking and keep it on the ball carrier."),
    ("create", "tyler", "chris", "improvement", 2, datetime(2024, 10, 11, 10, 6, 35), "published",
     "Shooting football from the end zone is a good idea, but the goal post cuts through the middle of "
     "both frames. Slide two steps to either side of the upright.\n\n"
     "Also watch the horizon — the field is tilted in the second photo."),
    ("create", "renee", "dana", "improvement", 3, datetime(2024, 10, 15, 14, 20, 44), "published",
     "Flash at volleyball in Herrin: good call on the flicker — the color is consistent now. But the "
     "direct flash from the baseline throws hard shadows on the wall behind the players.\n\n"
     "Bounce off the side wall or ceiling, or drop the flash and go up to 1/800 with higher ISO.\n\n"
     "Frame three shows what bounced flash looks like when it works."),
    ("create", "sean", "chris", "example", 2, datetime(2024, 10, 17, 11, 32, 8), "published",
     "Warm-ups at sunset at MVTHS: backlit with a touch of fill, the rim light on the players is "
     "beautiful."),
    ("create", "jenna", "dana", "example", 1, datetime(2024, 10, 22, 15, 3, 29), "published",
     "Cheer stunt at Marion, perfect timing at full extension and nobody's face is blocked. Crop is tight "
     "without clipping hands or feet. Nice."),
    ("create", "marcus", "chris", "improvement", 2, datetime(2024, 10, 24, 9, 49, 13), "published",
     "Team photos at Murphysboro MS: the kids on the ends of the back row are soft. f/4 is too shallow "
     "for three rows on the bleachers — use f/8 and back up so the group fits without the wide end of "
     "the zoom."),
    ("create", "tyler", "dana", "example", 1, datetime(2024, 10, 29, 16, 11, 57), "draft",
     "Playoff game at Harrisburg — the sideline reaction shot after the interception is the best "
     "emotion frame this season. Want to use it in the"),
    ("create", "jenna", "chris", "improvement", 2, datetime(2024, 10, 30, 10, 26, 41), "draft",
     "Picture day retakes at Jefferson: several kids are framed too low, with lots of empty space above "
     "the head.\n\nTODO: attach the crop guide overlay before publishing."),
]

# The photos each critique shows, by index in CRITIQUES: names of the files
# scripts/make_sample_media writes (Content/media/critiques/library/<name>.jpg,
# referenced through Firebase Storage download URLs, which gen maps back to that
# file), or a full URL of a photo that has no local copy.  The sample covers:
# one photo (most), a three-photo gallery, the old single-imageUrl format, a
# photo whose file is truncated (alone, and second of two), and one that exists
# only remotely, so the site shows the document's own URL.  The app's thumbnails
# (thumbnailUrls) have no local files.
#
# The images column of CRITIQUES is how many photos the sample first gave each
# critique; one download token per photo and per thumbnail is still drawn for
# each of them from the shared stream, so ids, event ids and timestamps do not
# depend on these lists.
BROKEN_PHOTO = "portrait-session"      # truncated to 40% of its bytes by make_sample_media
REMOTE_PHOTO = "https://images.example.com/lumen/2024/marching-band-halftime.jpg"
CRITIQUE_PHOTOS = {
    0: ["sky-field"],
    1: ["sunset-warmup"],
    2: ["team-bleachers", "sky-field", "golf-green"],
    3: ["autumn-trees", BROKEN_PHOTO],
    4: ["studio-backdrop"],
    5: ["stadium-lights", "team-bleachers", "sky-field"],
    6: ["gym-court"],
    7: ["stadium-lights"],
    8: ["autumn-trees", "golf-green", "sky-field"],
    9: ["team-bleachers"],
    10: ["homecoming-night"],
    11: ["gym-court"],
    12: [BROKEN_PHOTO],
    13: ["golf-green", "sunset-warmup", "sky-field"],
    14: ["homecoming-night"],
    15: [REMOTE_PHOTO],
    16: ["studio-backdrop"],
    17: ["sky-field", "golf-green"],
    18: ["stadium-lights", "sky-field"],
    19: ["gym-court", "homecoming-night", "team-bleachers"],
    20: ["sunset-warmup"],
    21: ["homecoming-night"],
    22: ["team-bleachers"],
    23: ["stadium-lights"],
    24: ["studio-backdrop", "team-bleachers"],
}
PHOTO_LIBRARY = "critiques/library"

# Index in CRITIQUES -> (update local time, new notes, new status or None)
CRITIQUE_UPDATES = {
    13: (datetime(2024, 10, 3, 8, 20, 14),
         "Golf sectional series is excellent — clean backgrounds, good follow-through timing, and you got the "
         "medalists with the scoreboard. This is the standard for non-stadium sports.\n\n"
         "Update: Coach Moreland asked for prints of the second frame, so we're ordering 8x10s for the team.",
         None),
    14: (datetime(2024, 10, 2, 15, 51, 3),
         "Homecoming court at Carterville. Framing and expressions are great, and the sash names are readable "
         "in every shot — that matters more than people think.\n\n"
         "Next time, ask the escorts to button their jackets before the first frame.",
         "published"),
    20: (datetime(2024, 10, 18, 9, 2, 37),
         "Warm-ups at sunset at MVTHS: backlit with a touch of fill, the rim light on the players is "
         "beautiful.\n\n"
         "Sharing this one with the whole team as an example of using bad-looking light on purpose.",
         None),
}

# Index in CRITIQUES -> local delete time (posted for the wrong photographer).
CRITIQUE_DELETES = {17: datetime(2024, 10, 10, 14, 6, 45)}

IMPORT_RUN = datetime(2024, 8, 21, 14, 3, 12, tzinfo=timezone.utc)   # fs-bq-import-collection backfill


def storage_url(path, token):
    return ("https://firebasestorage.googleapis.com/v0/b/%s/o/%s?alt=media&token=%s"
            % (BUCKET, path.replace("/", "%2F"), token))


def photo_urls(name, token, thumb_token, old_format):
    """(image URL, the app's thumbnail URL) for one entry of CRITIQUE_PHOTOS."""
    if "://" in name:
        return name, name[:-len(".jpg")] + "_400x400.jpg"
    image = storage_url("%s/%s.jpg" % (PHOTO_LIBRARY, name), token)
    if old_format:
        return image, storage_url("%s/thumb_%s.jpg" % (PHOTO_LIBRARY, name), thumb_token)
    return image, storage_url("%s/thumbnails/%s_400x400.jpg" % (PHOTO_LIBRARY, name), thumb_token)


def build_critique_changelog(people):
    rng = rng_for("critiques")
    by_key = {p["key"]: p for p in people}
    rows = []   # (sort key datetime, file-order tiebreak, row dict)

    def after(dt):
        # The trigger fires a fraction of a second after the write.
        return dt.astimezone(timezone.utc) + timedelta(microseconds=rng.randint(180000, 900999))

    def row(when, op, doc_id, data, old_data, collection="photoCritiques"):
        return {
            "timestamp": bq_timestamp(when),
            "event_id": rng_uuid(rng),
            "document_name": "projects/%s/databases/(default)/documents/%s/%s" % (PROJECT, collection, doc_id),
            "operation": op,
            "data": None if data is None else dumps_line(data),
            "old_data": None if old_data is None else dumps_line(old_data),
            "document_id": doc_id,
        }

    stats = {"documents": 0, "updates": 0, "deletes": 0, "imports": 0, "old_format": 0}
    for i, (kind, target, submitter, etype, n_uploads, created_naive, status, notes) in enumerate(CRITIQUES):
        cid = firestore_id(rng)
        # Same draws, in the same order, as when each upload and thumbnail URL drew its own token.
        tokens = [rng_uuid(rng) for _ in range(2 * n_uploads)]
        photos = CRITIQUE_PHOTOS[i]
        assert len(photos) <= n_uploads and (kind != "import-old" or len(photos) == 1)
        urls = [photo_urls(name, tokens[k], tokens[n_uploads + k], kind == "import-old")
                for k, name in enumerate(photos)]
        created = created_naive.replace(tzinfo=CHICAGO)
        sub = by_key[submitter]
        tgt = by_key[target]
        doc = {
            "organizationId": ORG_ID,
            "submitterId": sub["id"],
            "submitterName": "%s %s" % (sub["first"], sub["last"]),
            "submitterEmail": sub["email"],
            "targetPhotographerId": tgt["id"],
            "targetPhotographerName": "%s %s" % (tgt["first"], tgt["last"]),
        }
        if kind == "import-old":
            doc["imageUrl"], doc["thumbnailUrl"] = urls[0]
            stats["old_format"] += 1
        else:
            images = [u[0] for u in urls]
            thumbs = [u[1] for u in urls]
            doc["imageUrls"] = images
            doc["thumbnailUrls"] = thumbs
            doc["imageUrl"] = images[0]
            doc["thumbnailUrl"] = thumbs[0]
            doc["imageCount"] = len(images)
        doc["managerNotes"] = notes
        doc["exampleType"] = etype
        doc["status"] = status
        doc["createdAt"] = ts(created)
        doc["updatedAt"] = ts(created)
        stats["documents"] += 1

        if kind.startswith("import"):
            when = IMPORT_RUN + timedelta(microseconds=137219 * stats["imports"] + rng.randint(0, 999))
            rows.append((when, len(rows), row(when, "IMPORT", cid, doc, None)))
            stats["imports"] += 1
        else:
            when = after(created)
            rows.append((when, len(rows), row(when, "CREATE", cid, doc, None)))

        if i in CRITIQUE_UPDATES:
            upd_naive, new_notes, new_status = CRITIQUE_UPDATES[i]
            upd = upd_naive.replace(tzinfo=CHICAGO)
            new_doc = dict(doc)
            new_doc["managerNotes"] = new_notes
            if new_status:
                new_doc["status"] = new_status
            new_doc["updatedAt"] = ts(upd)
            when = after(upd)
            rows.append((when, len(rows), row(when, "UPDATE", cid, new_doc, doc)))
            stats["updates"] += 1

        if i in CRITIQUE_DELETES:
            dele = CRITIQUE_DELETES[i].replace(tzinfo=CHICAGO)
            when = after(dele)
            rows.append((when, len(rows), row(when, "DELETE", cid, None, doc)))
            stats["deletes"] += 1

    # Another collection streamed into the same table; readers must skip it.
    dana = by_key["dana"]
    audit_1 = {"action": "template.update", "actorId": dana["id"], "templateId": TEMPLATE_ID,
               "organizationID": ORG_ID, "details": "version 1 -> 2: added contact_phone, backup_completed",
               "at": ts(datetime(2024, 8, 28, 16, 47, 9, tzinfo=CHICAGO))}
    audit_2 = dict(audit_1)
    audit_2["reviewed"] = True
    audit_2["reviewedAt"] = ts(datetime(2024, 9, 16, 9, 31, 0, tzinfo=CHICAGO))
    for when, data, old, op in [
        (datetime(2024, 9, 15, 22, 10, 4, 512000, tzinfo=timezone.utc), audit_1, None, "CREATE"),
        (datetime(2024, 9, 16, 14, 31, 0, 904000, tzinfo=timezone.utc), audit_2, audit_1, "UPDATE"),
    ]:
        rows.append((when, len(rows), row(when, op, "x1", data, old,
                                          collection="auditLog")))

    rows.sort(key=lambda r: (r[0], r[1]))
    return [r[2] for r in rows], stats


# --------------------------------------------------------------------------
# site.yml and pages
# --------------------------------------------------------------------------

SITE_YML = """title: "Lumen School Photography — Field Reports"
baseURL: "https://reports.example.com/"
timeZone: "America/Chicago"
organizations:
  %s: "%s"
mileage:
  ratePerMile: %.2f
  averageSpeedKmh: %d
""" % (ORG_ID, ORG_NAME, RATE_PER_MILE, AVERAGE_SPEED_KMH)

ABOUT_MD = """---
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


def mileage_policy_md():
    # Worked example computed from the sample schools, so the numbers on the
    # page agree with what gen computes for the same trip.
    marion = (37.730600, -88.933100)   # Marion town square
    a = SCHOOL_BY_VALUE["Carterville High School - Carterville"]
    b = SCHOOL_BY_VALUE["Herrin Junior High - Herrin"]
    pa, pb = parse_coords(a["coordinates"]), parse_coords(b["coordinates"])
    legs = [
        ("Home (Marion) → Carterville High School", haversine_miles(marion[0], marion[1], *pa)),
        ("Carterville High School → Herrin Junior High", haversine_miles(pa[0], pa[1], *pb)),
        ("Herrin Junior High → Home (Marion)", haversine_miles(pb[0], pb[1], *marion)),
    ]
    total = round(sum(d for _, d in legs), 1)
    minutes = total * 1.609344 / AVERAGE_SPEED_KMH * 60
    rows = "\n".join("| %s | %.2f mi |" % (name, d) for name, d in legs)
    return """---
title: "Mileage Reimbursement Policy"
order: 2
---

# Mileage Reimbursement Policy

Photographers are reimbursed for driving their own vehicles to school jobs. The rate
follows the IRS business standard mileage rate for 2024, **$%.2f per mile**
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
an average of %d km/h (about %d mph).

Because roads are never straight, the estimate is usually a little lower than your
odometer. It is the same for everyone and it is what we pay on.

## Rates and rules

| Item | Policy |
|:-----|:-------|
| Rate | $%.2f per mile |
| Distance | Great-circle round trip, home → schools → home |
| Rounding | 0.1 mile per report |
| Estimated drive time | Distance at %d km/h |
| Deadline | Reports filed by the 5th of the following month |
| Paid | With the second paycheck of the month |

### Worked example

A photographer who lives in Marion shoots Carterville High School in the morning and
Herrin Junior High in the afternoon:

| Leg | Distance |
|:----|---------:|
%s
| **Round trip** | **%.1f mi** |

That trip is reimbursed at %.1f × $%.2f = **$%.2f**, with an estimated %d minutes behind
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
""" % (RATE_PER_MILE, AVERAGE_SPEED_KMH, round(AVERAGE_SPEED_KMH / 1.609344),
       RATE_PER_MILE, AVERAGE_SPEED_KMH, rows, total, total, RATE_PER_MILE,
       round(total * RATE_PER_MILE + 1e-9, 2), round(minutes))


# --------------------------------------------------------------------------
# Main
# --------------------------------------------------------------------------

def write(path, text):
    path.parent.mkdir(parents=True, exist_ok=True)
    with open(path, "w", encoding="utf-8", newline="\n") as f:
        f.write(text)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=Path(__file__).resolve().parent.parent / "Content")
    args = parser.parse_args()
    out = args.out

    people = build_people()
    build_school_ids()
    fields = template_fields()

    pd_fields = picture_day_fields()

    backup = build_backup(people, fields,
                          {PICTURE_DAY_TEMPLATE_ID: picture_day_template(people, pd_fields)})
    reports = build_reports(people, fields)
    extra = build_extra_reports(people, pd_fields, fields)
    changelog, cstats = build_critique_changelog(people)

    write(out / "site.yml", SITE_YML)
    write(out / "pages" / "about.md", ABOUT_MD)
    write(out / "pages" / "mileage-policy.md", mileage_policy_md())
    write(out / "export" / "firestore-backup.json", dumps_pretty(backup))
    # The fall reports first, in their original order; the form-rendering cases after them.
    write(out / "export" / "dailyJobReports.ndjson",
          "".join(dumps_line(r["doc"]) + "\n" for r in reports + extra))
    write(out / "export" / "photoCritiques_raw_changelog.ndjson", "".join(dumps_line(r) + "\n" for r in changelog))

    # Counts.
    n_phot = sum(1 for p in people if p["role"] == "photographer")
    print("wrote %s" % out)
    print("  users: %d (%d photographers, %d managers)" % (len(people), n_phot, len(people) - n_phot))
    print("  schools: %d" % len(SCHOOLS))
    print("  reportTemplates: 2 (%s %d fields, %s %d fields)"
          % (TEMPLATE_ID, len(fields), PICTURE_DAY_TEMPLATE_ID, len(pd_fields)))
    per = {}
    for r in reports:
        per[r["doc"]["photographer"]] = per.get(r["doc"]["photographer"], 0) + 1
    print("  dailyJobReports: %d = %d fall reports (%s) + %d form-rendering cases"
          % (len(reports) + len(extra), len(reports), ", ".join("%s %d" % kv for kv in per.items()), len(extra)))
    print("    ISO-timestamp dates: %d, mileage off: %d, mileage missing: %d"
          % (sum(r["late"] for r in reports), sum("mileage_factor" in r for r in reports),
             sum(r.get("mileage_missing", False) for r in reports)))
    print("  form-rendering reports: %d  (%s)"
          % (len(extra), ", ".join("%s %s" % (r["kind"], r["doc"]["id"]) for r in extra)))
    print("  photoCritiques changelog: %d rows; %d critiques (%d IMPORT, %d old single-image), "
          "%d updates, %d deleted, 2 auditLog rows"
          % (len(changelog), cstats["documents"], cstats["imports"], cstats["old_format"],
             cstats["updates"], cstats["deletes"]))

    # Rounding sanity: warn if a mileage total sits on a .x5 rounding edge,
    # where another haversine variant could round the other way.
    for r in reports + extra:
        frac = (r["miles"] * 10) % 1
        if abs(frac - 0.5) < 1e-6:
            print("  warning: report %s mileage %.9f is on a rounding edge" % (r["doc"]["id"], r["miles"]),
                  file=sys.stderr)


if __name__ == "__main__":
    main()

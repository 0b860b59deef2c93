"""No 500 from any organiser form: junk posted to every form page in every state
of a drive, huge numbers in URLs, and the set-up page of an empty site."""

from __future__ import annotations

import random

import pytest
from django.test import Client

from drive.models import Drive
from scoring.models import Adjustment
from tests.factories import drive_with_players, play_drive

pytestmark = pytest.mark.django_db


FIELDS = [
    "name",
    "date",
    "venue",
    "format",
    "winners_move",
    "hands",
    "hands_per_round",
    "trump_sequence",
    "scoring_rule",
    "group_a_label",
    "group_b_label",
    "sit_out_compensation",
    "sit_out_fixed_score",
    "player",
    "group",
    "paid",
    "checked_in",
    "action",
    "round",
    "t1_h1",
    "v_t1_h1",
    "t2_h1",
    "v_t2_h1",
    "ns_tricks",
    "seen_version",
    "entry",
    "points",
    "reason",
    "username",
    "password",
    "password_again",
    "email",
    "club_name",
    "role",
    "active",
    "phone",
]

VALUES = [
    "",
    " ",
    "abc",
    "-1",
    "0",
    "1",
    "7",
    "13",
    "14",
    "99999999999999999999999",
    "-99999999999999999999999",
    "1e309",
    "NaN",
    "inf",
    "1.5",
    "2026-02-30",
    "99999-12-31",
    "A",
    "B",
    "C",
    "on",
    "check_in",
    "withdraw",
    "remove",
    "reinstate",
    "group_b",
    "H,D,S,C,NT",
    "Hearts,,;,",
    "<script>alert(1)</script>",
    "'; DROP TABLE drive_drive; --",
    "\u202e\u00e9\u0301\U0001f0cf",
    "x" * 5000,
    "\x00",
]


def garbage(rng: random.Random) -> dict[str, object]:
    data: dict[str, object] = {}
    for field in rng.sample(FIELDS, rng.randint(0, len(FIELDS))):
        if rng.random() < 0.1:
            data[field] = [rng.choice(VALUES), rng.choice(VALUES)]
        else:
            data[field] = rng.choice(VALUES)
    return data


FORM_ENDPOINTS = [
    "/login/",
    "/setup/",
    "/players/",
    "/players/{player}/",
    "/players/{player}/active/",
    "/players/{player}/delete/",
    "/club/people/",
    "/drives/new/",
    "/drives/{drive}/edit/",
    "/drives/{drive}/open/",
    "/drives/{drive}/start/",
    "/drives/{drive}/entries/",
    "/drives/{drive}/entries/{entry}/",
    "/drives/{drive}/balance/",
    "/drives/{drive}/scores/",
    "/drives/{drive}/hands/1/table/1/",
    "/drives/{drive}/adjustments/",
    "/drives/{drive}/adjustments/{adjustment}/delete/",
]

STATES = ["draft", "open", "in_play", "finished"]

GARBAGE_CASES = [
    (endpoint, state)
    for endpoint in FORM_ENDPOINTS
    for state in (STATES if "{drive}" in endpoint else ["in_play"])
]


@pytest.mark.parametrize(("endpoint", "state"), GARBAGE_CASES)
def test_garbage_never_causes_a_server_error(organiser_client, club, endpoint, state):
    drive = drive_with_players(
        players=8, club=club, start=state in ("in_play", "finished")
    )
    if state == "draft":
        Drive.objects.filter(pk=drive.pk).update(state="draft")
    if state == "finished":
        play_drive(drive)
    entry = drive.entries.first()
    adjustment = Adjustment.objects.create(entry=entry, points=1, reason="Raffle")
    ids = {
        "drive": drive.pk,
        "entry": entry.pk,
        "player": entry.player_id,
        "adjustment": adjustment.pk,
    }
    url = endpoint.format(**ids)
    rng = random.Random(f"{endpoint}{state}")
    payloads: list[dict[str, object]] = [
        {},
        {field: "9" * 25 for field in FIELDS},
        {field: "-" + "9" * 25 for field in FIELDS},
        {field: "" for field in FIELDS},
        {"action": "definitely-not-an-action"},
        {"entry": "9" * 25, "player": "9" * 25, "points": "5", "reason": "x"},
        *(garbage(rng) for _ in range(8)),
    ]
    for data in payloads:
        try:
            response = organiser_client.post(url, data)
        except Exception as error:  # the test client re-raises what would be a 500
            pytest.fail(f"POST {url} {data!r} raised {error!r}")
        assert response.status_code < 500, (url, data)
    for query in ({"q": "\x00%_'", "page": "-1", "show": "x" * 500}, {"round": "abc"}):
        response = organiser_client.get(url, query)
        assert response.status_code < 500, (url, query)


@pytest.mark.parametrize(
    "path",
    [
        "/drives/99999999999999999999999/",
        "/drives/99999999999999999999999/scores/",
        "/drives/{drive}/hands/99999999999999999999999/table/1/",
        "/drives/{drive}/hands/1/table/99999999999999999999999/",
        "/drives/{drive}/entries/99999999999999999999999/",
        "/players/99999999999999999999999/",
        "/drives/{drive}/seating/?round=99999999999999999999999",
        "/drives/{drive}/seating/?round=-5",
    ],
)
def test_huge_ids_in_urls_are_not_server_errors(organiser_client, live_drive, path):
    url = path.format(drive=live_drive.pk)
    assert organiser_client.get(url).status_code < 500
    assert organiser_client.post(url, {"action": "check_in"}).status_code < 500


def test_garbage_on_the_setup_page_of_an_empty_site(db):
    client = Client()
    rng = random.Random(1)
    for data in [
        {},
        {field: "9" * 25 for field in FIELDS},
        *(garbage(rng) for _ in range(20)),
    ]:
        response = client.post("/setup/", data)
        assert response.status_code < 500, data

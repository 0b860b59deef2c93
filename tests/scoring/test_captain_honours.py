"""The captain's page with honours and revokes: the honours step (only where the
drive counts them and the hand has trumps), the revoke control, the numbers the
check shows (the rules', never the page's), and the path without JavaScript."""

from __future__ import annotations

import html as html_lib
import json
import re
from html.parser import HTMLParser

import pytest
from django.test import Client

from drive.models import Table
from players.score_text import score_text
from scoring import rules
from scoring.models import HandResult, PhoneReceipt
from tests.factories import drive_with_players
from tests.scoring.fixtures import as_read

pytestmark = pytest.mark.django_db

KEY = "h" * 22
JSON = {"HTTP_ACCEPT": "application/json"}
HONOURS_STEP = 'class="step step-honours"'


class Forms(HTMLParser):
    """Each form of a page, by its class: its action, method and fields (hidden
    inputs, and each submit button by its value)."""

    def __init__(self, html: str) -> None:
        super().__init__()
        self.forms: dict[str, dict] = {}
        self._form: dict | None = None
        self.feed(html)

    def handle_starttag(self, tag: str, attrs: list) -> None:
        attrs = dict(attrs)
        if tag == "form":
            self._form = {
                "action": attrs.get("action", ""),
                "method": attrs.get("method", "get"),
                "hidden": {},
                "buttons": {},
            }
            self.forms[attrs.get("class", "")] = self._form
        elif self._form is not None and tag == "input" and attrs.get("name"):
            self._form["hidden"][attrs["name"]] = attrs.get("value", "")
        elif self._form is not None and tag == "button" and attrs.get("name"):
            self._form["buttons"][attrs.get("value", "")] = attrs

    def handle_endtag(self, tag: str) -> None:
        if tag == "form":
            self._form = None


def table_of(drive, number: int = 1) -> Table:
    return Table.objects.get(drive=drive, number=number)


def page_url(table: Table, suffix: str = "") -> str:
    return f"/t/{table.captain_key}/{suffix}"


def honours_drive(club, **settings):
    settings = {"count_honours": True, "trump_sequence": "H,NT", **settings}
    return drive_with_players(players=8, club=club, hands=2, **settings)


def shown(html: str) -> tuple[str, str, str, str]:
    """The check line as the page shows it: tricks and scores of N-S and E-W."""
    return tuple(
        re.search(rf'data-slot="{slot}">([^<]*)<', html).group(1)
        for slot in ("ns-tricks", "ew-tricks", "ns-score", "ew-score")
    )


def words_on(html: str) -> str:
    found = re.search(
        r'<p class="deal-words" data-slot="words"( hidden)?>([^<]*)<', as_read(html)
    )
    return "" if found.group(1) else html_lib.unescape(found.group(2))


def tricks_table(html: str) -> dict:
    found = re.search(r'data-tricks="([^"]*)"', html)
    return json.loads(html_lib.unescape(found.group(1)))


def stored(drive) -> list[tuple]:
    return list(
        HandResult.objects.filter(table__drive=drive)
        .order_by("id")
        .values_list("hand", "ns_tricks", "honours", "revoke", "status")
    )


def test_the_honours_step_comes_only_where_the_drive_counts_them_and_there_are_trumps(
    club,
):
    counted = honours_drive(club)
    plain = honours_drive(club, count_honours=False)
    no_trumps = honours_drive(club, trump_sequence="NT,H")
    query = {"hand": 1, "won": "NS", "odd": 2}

    html = Client().get(page_url(table_of(counted)), query).content.decode()
    assert 'data-step="honours"' in html and "Honours in hand 1?" in html
    honours = Forms(html).forms["step step-honours"]
    assert honours["hidden"] == {"hand": "1", "ns": "8"}
    assert list(honours["buttons"]) == ["", "NS3", "NS4", "EW3", "EW4"]
    assert ">N-S held 3</button>" in as_read(html) and ">No honours</button>" in html
    assert set(tricks_table(html)["scores"]) == {"", "NS3", "NS4", "EW3", "EW4"}

    for drive in (plain, no_trumps):
        first = Client().get(page_url(table_of(drive))).content.decode()
        assert HONOURS_STEP not in first
        assert set(tricks_table(first)["scores"]) == {""}
        # The tricks lead straight to the check, a revoke still possible.
        html = Client().get(page_url(table_of(drive)), query).content.decode()
        assert 'data-step="check"' in html and HONOURS_STEP not in html
        assert shown(html) == ("8", "5", "2", "0")
        assert "<summary>Revoke?</summary>" in html
        # Honours in the query of such a hand start the steps again.
        again = Client().get(page_url(table_of(drive)), {**query, "honours": "NS3"})
        assert 'data-step="first"' in again.content.decode()


@pytest.mark.parametrize(
    "choices",
    [
        {},
        {"honours_values": "3-4", "revoke_penalty": "deduct"},
        {"revoke_penalty": "award", "revoke_tricks": 2, "scoring_rule": "total"},
    ],
)
def test_the_check_shows_the_rules_numbers_for_every_hand_the_page_can_be_told(
    club, choices
):
    drive = honours_drive(club, **choices)
    table = table_of(drive)
    scoring = rules.Scoring.of(drive)
    html = Client().get(page_url(table)).content.decode()
    table_json = tricks_table(html)
    for ns in rules.TRICK_COUNTS:
        assert table_json["tricks"][ns] == [ns, rules.ew_tricks(ns)]
        for honours in rules.Honours:
            for revoke in rules.Revoke:
                scores = table_json["scores"][honours.value][revoke.value][ns]
                # As the page writes them: "−3" with the true minus.
                assert scores == [
                    score_text(v)
                    for v in rules.deal_scores(ns, scoring, honours, revoke)
                ]
    assert table_json["words"]["EW4"]["NS"] == "honours: E-W held 4; N-S revoked"
    # The page without JavaScript shows the same numbers, from the server.
    for ns, honours, revoke in [(8, "NS3", ""), (4, "EW4", "EW"), (13, "", "NS")]:
        query = {"hand": 1, "ns": ns, "honours": honours, "revoke": revoke}
        page = Client().get(page_url(table), query).content.decode()
        ns_score, ew_score = rules.deal_scores(ns, scoring, honours, revoke)
        said = (score_text(ns_score), score_text(ew_score))
        assert shown(page) == (str(ns), str(13 - ns), *said)
        assert words_on(page) == rules.deal_text(honours, revoke)


def test_without_javascript_the_steps_carry_honours_and_a_revoke_to_the_result(club):
    drive = honours_drive(club)
    table = table_of(drive)
    client = Client()
    html = client.get(page_url(table), {"hand": 1, "won": "NS", "odd": 1}).content
    honours = Forms(html.decode()).forms["step step-honours"]
    html = client.get(page_url(table), {**honours["hidden"], "honours": "NS3"})
    html = html.content.decode()
    # N-S took 7: one odd trick and two for three honours.
    assert 'data-step="check"' in html and shown(html) == ("7", "6", "3", "0")
    assert words_on(html) == "honours: N-S held 3"
    assert '<details class="step step-check revoke">' in html  # folded away

    # Revoke? E-W: three tricks pass to N-S, who score as if they took ten.
    revoke = Forms(html).forms["revoke-form"]
    assert revoke["hidden"] == {"hand": "1", "ns": "7", "honours": "NS3"}
    assert list(revoke["buttons"]) == ["", "NS", "EW", "both"]
    html = client.get(page_url(table), {**revoke["hidden"], "revoke": "EW"})
    html = html.content.decode()
    assert shown(html) == ("7", "6", "6", "0")
    assert words_on(html) == "honours: N-S held 3; E-W revoked"
    assert '<details class="step step-check revoke" open>' in html
    assert Forms(html).forms["revoke-form"]["buttons"]["EW"]["aria-pressed"] == "true"

    check = Forms(html).forms["step step-check"]
    assert check["method"] == "post"
    assert check["hidden"]["honours"] == "NS3" and check["hidden"]["revoke"] == "EW"
    response = client.post(check["action"], check["hidden"])
    assert response.status_code == 302
    assert stored(drive) == [(1, 7, "NS3", "EW", "confirmed")]
    page = client.get(response["Location"]).content.decode()
    # The table's round is in: the page lists the hand, and says it once (no
    # flash of the service's message repeating it).
    said = "Hand 1 is in: N-S 7, E-W 6; honours: N-S held 3; E-W revoked."
    assert said not in page
    listed = "Hand 1 is in: N-S 7 tricks, E-W 6; honours: N-S held 3; E-W revoked."
    assert re.sub(r"<[^>]+>", "", page).count(listed) == 1


@pytest.mark.parametrize(
    ("choices", "honours", "problem"),
    [
        ({"count_honours": False}, "NS3", "This drive does not count honours."),
        ({"trump_sequence": "NT,H"}, "EW4", "A No-trumps hand has no honours."),
        ({}, "NS5", "That is not a choice of honours or revoke."),
    ],
)
def test_honours_that_cannot_be_are_refused_and_nothing_is_written(
    club, choices, honours, problem
):
    drive = honours_drive(club, **choices)
    table = table_of(drive)
    data = {"table": 1, "hand": 1, "ns_tricks": 9, "idempotency_key": KEY}
    response = Client().post(page_url(table, "result/"), {**data, "honours": honours})
    assert response.status_code == 400
    assert f"Hand 1: {problem}" in response.content.decode()
    answer = Client().post(
        page_url(table, "result/"), {**data, "honours": honours}, **JSON
    )
    assert answer.status_code == 400
    assert answer.json() == {
        "ok": False,
        "kind": "refused",
        "message": f"Hand 1: {problem}",
    }
    assert not HandResult.objects.exists() and not PhoneReceipt.objects.exists()
    # The same entry without the honours goes in.
    response = Client().post(page_url(table, "result/"), data, **JSON)
    assert response.status_code == 200
    assert stored(drive) == [(1, 9, "", "", "confirmed")]


def test_a_revoke_by_both_sides_voids_the_hand_and_the_page_says_nobody_scores(club):
    drive = honours_drive(club, count_honours=False)
    table = table_of(drive)
    client = Client()
    html = client.get(page_url(table), {"hand": 1, "ns": 9, "revoke": "both"})
    html = html.content.decode()
    assert shown(html) == ("9", "4", "0", "0")
    assert words_on(html) == "both sides revoked: hand void, no score"
    check = Forms(html).forms["step step-check"]
    response = client.post(check["action"], check["hidden"], **JSON)
    assert response.json() == {
        "ok": True,
        "kind": "recorded",
        "message": "Hand 1 is in: N-S 9, E-W 4; both sides revoked: hand void, no score.",
        # The table's round is in: the page it reloads lists the hand itself.
        "on_page": True,
    }
    assert stored(drive) == [(1, 9, "", "both", "confirmed")]
    # Another phone of the table, asking for news, is told it in the same words.
    news = client.get(page_url(table, "news/"), {"seen": "", "hand": 1}).json()
    assert news["message"] == (
        "Hand 1 was recorded from another phone: "
        "N-S 9, E-W 4; both sides revoked: hand void, no score."
    )


def test_the_opponent_checks_the_honours_and_the_revoke_too(club):
    drive = honours_drive(club, opponent_confirms=True, revoke_penalty="deduct")
    table = table_of(drive)
    client = Client()
    data = {"table": 1, "hand": 1, "ns_tricks": 8, "idempotency_key": KEY}
    response = client.post(
        page_url(table, "result/"), {**data, "honours": "NS4", "revoke": "NS"}
    )
    assert response.status_code == 302
    html = client.get(page_url(table)).content.decode()
    assert "Opponent, please check hand 1" in html
    # N-S: 2 odd tricks and 4 for honours, less 3 for their revoke.
    assert rules.deal_scores(8, rules.Scoring.of(drive), "NS4", "NS") == (3, 0)
    assert shown(html) == ("8", "5", "3", "0")
    assert words_on(html) == "honours: N-S held 4; N-S revoked"
    assert "data-tricks" not in html  # nothing to enter here
    response = client.post(
        page_url(table, "confirm/"), {"hand": 1, "version": 1, "answer": "confirm"}
    )
    assert response.status_code == 302
    assert stored(drive)[-1] == (1, 8, "NS4", "NS", "confirmed")


def test_a_drive_without_honours_or_revokes_shows_the_check_as_before(club):
    drive = honours_drive(club, count_honours=False)
    html = Client().get(page_url(table_of(drive)), {"hand": 1, "won": "EW", "odd": 2})
    html = html.content.decode()
    assert shown(html) == ("5", "8", "0", "2") and words_on(html) == ""
    check = Forms(html).forms["step step-check"]
    assert check["hidden"]["honours"] == "" and check["hidden"]["revoke"] == ""
    table_json = tricks_table(html)
    assert set(table_json["scores"][""]) == {"", "NS", "EW", "both"}
    assert table_json["scores"][""][""] == [
        [str(v) for v in rules.hand_scores(ns, "odd")] for ns in rules.TRICK_COUNTS
    ]


@pytest.mark.parametrize(
    "language, labels",
    [
        ("pl", ["Bez honorów", "N-S: 3 honory", "N-S: 4 honory", "E-W: 3 honory"]),
        ("ru", ["Без онёров", "С-Ю: 3 онёра", "С-Ю: 4 онёра", "В-З: 3 онёра"]),
        ("ro", ["Fără onoruri", "N-S: 3 onoruri", "N-S: 4 onoruri", "E-V: 3 onoruri"]),
        ("it", ["Nessun onore", "N-S: 3 onori", "N-S: 4 onori", "E-O: 3 onori"]),
    ],
)
def test_the_honours_buttons_say_what_was_held(language, labels):
    """Each button names the side and its honours ("У С-Ю 3" said three of
    what?), short enough not to leave its number on a line of its own."""
    from django.utils import translation

    from scoring.rules import HONOURS_CHOICES

    with translation.override(language):
        shown = [str(label) for _value, label in HONOURS_CHOICES]
    assert shown[:4] == labels


def test_a_revoke_that_costs_points_shows_the_true_minus_on_the_phone(club):
    # N-S take 5 and revoke, and a revoke costs 3 points: N-S score 0 less 3.
    # The check said "-3" with the hyphen, on the page and in captain.js's table.
    drive = honours_drive(club, revoke_penalty="deduct")
    table = table_of(drive)
    query = {"hand": 1, "ns": 5, "honours": "", "revoke": "NS"}
    page = Client().get(page_url(table), query).content.decode()
    assert shown(page) == ("5", "8", "\u22123", "2")
    first = Client().get(page_url(table)).content.decode()
    assert tricks_table(first)["scores"][""]["NS"][5] == ["\u22123", "2"]

"""Honours and revokes on the organiser's pages (issue #17): the score grid,
corrections, the lists of hands, the room's settling of a disagreement and the
record of changes, through Django's test client."""

from __future__ import annotations

import re

import pytest

from drive.models import Drive
from players.models import AuditEvent, AuditKind
from scoring import captain as captain_services
from scoring.hand_plays import deals
from scoring.models import HandResult, ResultStatus
from scoring.rules import Scoring, deal_scores
from scoring.selectors import leaderboard
from tests.factories import drive_with_players
from tests.fixtures import audit_events, drive_url, messages_of
from tests.scoring.fixtures import as_read

pytestmark = pytest.mark.django_db


def grid(round_number: int = 1, **cells: str) -> dict[str, str]:
    """A posted score grid: `t1_h1="8"` with its version 0, and any honours
    (`h_t1_h1`) or revoke (`r_t1_h1`) as given."""
    data = {"round": str(round_number)}
    for name, value in cells.items():
        data[name] = value
        if name.startswith("t"):
            data[f"v_{name}"] = "0"
    return data


def field_names(html: str) -> set[str]:
    return set(re.findall(r'name="([^"]+)"', html))


def totals(drive: Drive) -> dict[int, int]:
    return {row.number: row.total for row in leaderboard(drive=drive)}


def seat_totals(drive: Drive, results: dict[int, tuple[int, str, str]]) -> dict:
    """Each entry's total after round 1 from its seat and scoring.rules alone:
    `results` maps a table to (N-S tricks, honours, revoke)."""
    scoring = Scoring.of(drive)
    expected = {}
    for deal in deals(drive=drive, round_number=1):
        ns, ew = deal_scores(
            *results[deal.table][:1], scoring, *results[deal.table][1:]
        )
        for seat, score in (("north", ns), ("south", ns), ("east", ew), ("west", ew)):
            expected[getattr(deal, seat)] = score
    return expected


@pytest.fixture
def honours_drive(club) -> Drive:
    """Honours counted (three 2, four 4), a revoke passes three tricks; round 1
    is hand 1, Hearts, at two tables."""
    return drive_with_players(players=8, club=club, hands=5, count_honours=True)


def test_honours_and_a_revoke_through_the_grid_score_as_the_rules_say(
    assistant_client, honours_drive
):
    url = drive_url(honours_drive, "scores/")
    page = assistant_client.get(url).content.decode()
    assert {"h_t1_h1", "r_t1_h1", "h_t2_h1", "r_t2_h1"} <= field_names(page)
    response = assistant_client.post(
        url,
        grid(t1_h1="8", h_t1_h1="NS3", r_t1_h1="", t2_h1="8", h_t2_h1="", r_t2_h1="EW"),
    )
    assert response.status_code == 302
    stored = sorted(
        HandResult.objects.values_list(
            "table__number", "ns_tricks", "honours", "revoke"
        )
    )
    assert stored == [(1, 8, "NS3", ""), (2, 8, "", "EW")]
    board = totals(honours_drive)
    assert board == seat_totals(honours_drive, {1: (8, "NS3", ""), 2: (8, "", "EW")})
    # Worked out by hand: 8 tricks are 2 odd tricks, three honours 2 more; at
    # table 2 E-W's revoke passes three tricks, N-S score as if they took 11.
    first = next(d for d in deals(drive=honours_drive, round_number=1) if d.table == 1)
    second = next(d for d in deals(drive=honours_drive, round_number=1) if d.table == 2)
    assert (board[first.north], board[first.east]) == (4, 0)
    assert (board[second.south], board[second.west]) == (5, 0)


def test_a_no_trumps_hand_refuses_honours_and_writes_nothing(assistant_client, club):
    drive = drive_with_players(
        players=8, club=club, hands=4, count_honours=True, trump_sequence="NT,H"
    )
    url = drive_url(drive, "scores/")
    page = assistant_client.get(url).content.decode()
    assert "h_t1_h1" not in field_names(page)  # no honours in No trumps
    assert "r_t1_h1" in field_names(page)  # a revoke is always possible
    response = assistant_client.post(url, grid(t1_h1="8", h_t1_h1="NS4", t2_h1="6"))
    assert response.status_code == 400
    html = response.content.decode()
    assert "A No-trumps hand has no honours." in html
    assert "nothing was saved" in html
    assert not HandResult.objects.exists()
    assert not audit_events(drive, AuditKind.RESULT_ENTER)
    # The correction page refuses them too, with the service's words.
    hand_url = drive_url(drive, "hands/1/table/1/")
    form = assistant_client.get(hand_url).content.decode()
    assert '<select name="honours"' not in form
    refused = assistant_client.post(
        hand_url, {"ns_tricks": "8", "honours": "NS4", "seen_version": "0"}
    )
    assert refused.status_code == 400
    assert "A No-trumps hand has no honours." in refused.content.decode()
    assert not HandResult.objects.exists()
    assert not AuditEvent.objects.filter(drive_id=drive.pk).filter(
        kind__startswith="result."
    )


def test_a_drive_without_honours_offers_no_honours_choice(assistant_client, club):
    drive = drive_with_players(players=8, club=club, hands=2)
    page = assistant_client.get(drive_url(drive, "scores/")).content.decode()
    names = field_names(page)
    assert not any(name.startswith("h_") for name in names)
    assert {"r_t1_h1", "r_t2_h1"} <= names
    assert '<summary accesskey="h">Revokes</summary>' in page
    hand_url = drive_url(drive, "hands/1/table/1/")
    form = assistant_client.get(hand_url).content.decode()
    assert '<select name="honours"' not in form
    assert '<select name="revoke"' in form
    # Honours sent anyway are refused with words, not dropped in silence.
    response = assistant_client.post(
        drive_url(drive, "scores/"), grid(t1_h1="9", h_t1_h1="EW3")
    )
    assert response.status_code == 400
    assert "This drive does not count honours." in response.content.decode()
    refused = assistant_client.post(
        hand_url, {"ns_tricks": "9", "honours": "EW3", "seen_version": "0"}
    )
    assert refused.status_code == 400
    assert "This drive does not count honours." in refused.content.decode()
    assert not HandResult.objects.exists()


def test_honours_or_a_revoke_without_tricks_is_a_cell_error(
    assistant_client, honours_drive
):
    response = assistant_client.post(
        drive_url(honours_drive, "scores/"), grid(t1_h1="7", h_t2_h1="EW4")
    )
    assert response.status_code == 400
    assert "Type the N-S tricks too." in response.content.decode()
    assert not HandResult.objects.exists()


def test_an_unknown_honours_code_is_refused(assistant_client, honours_drive):
    response = assistant_client.post(
        drive_url(honours_drive, "scores/"), grid(t1_h1="7", h_t1_h1="NS5")
    )
    assert response.status_code == 400
    assert "That is not a choice of honours or revoke." in response.content.decode()
    assert not HandResult.objects.exists()


def result_rows(drive: Drive) -> list[tuple]:
    return list(
        HandResult.objects.filter(table__drive=drive, table__number=1)
        .order_by("version")
        .values_list("version", "ns_tricks", "honours", "revoke", "status")
    )


def test_a_correction_of_only_the_revoke_is_a_new_version_with_its_record(
    organiser_client, honours_drive
):
    url = drive_url(honours_drive, "scores/")
    assert organiser_client.post(url, grid(t1_h1="8")).status_code == 302
    entered = len(audit_events(honours_drive, AuditKind.RESULT_ENTER))
    before = totals(honours_drive)
    hand_url = drive_url(honours_drive, "hands/1/table/1/")
    response = organiser_client.post(
        hand_url,
        {"ns_tricks": "8", "honours": "", "revoke": "NS", "seen_version": "1"},
    )
    assert response.status_code == 302
    assert result_rows(honours_drive) == [
        (1, 8, "", "", ResultStatus.SUPERSEDED),
        (2, 8, "", "NS", ResultStatus.CONFIRMED),
    ]
    records = audit_events(honours_drive, AuditKind.RESULT_ENTER)
    assert len(records) == entered + 1
    assert records[-1].old["version"] == 1 and "revoke" not in records[-1].old
    assert records[-1].new["revoke"] == "NS"
    # N-S's revoke passes three of their eight tricks: E-W score 2, N-S 0.
    deal = next(d for d in deals(drive=honours_drive, round_number=1) if d.table == 1)
    after = totals(honours_drive)
    assert (before[deal.north], before[deal.east]) == (2, 0)
    assert (after[deal.north], after[deal.east]) == (0, 2)
    # The record of changes says it in words.
    audit = as_read(
        organiser_client.get(drive_url(honours_drive, "audit/")).content.decode()
    )
    assert "revoke: No revoke → N-S revoked" in audit
    # The same again is already saved: no third version.
    again = organiser_client.post(
        hand_url,
        {"ns_tricks": "8", "honours": "", "revoke": "NS", "seen_version": "2"},
        follow=True,
    )
    assert "That is the score already recorded." in messages_of(again)
    assert len(result_rows(honours_drive)) == 2


def test_a_grid_correction_of_only_the_honours_is_a_new_version(
    assistant_client, honours_drive
):
    url = drive_url(honours_drive, "scores/")
    assert assistant_client.post(url, grid(t1_h1="8")).status_code == 302
    changed = {"round": "1", "t1_h1": "8", "v_t1_h1": "1", "h_t1_h1": "EW4"}
    response = assistant_client.post(url, changed, follow=True)
    assert "Saved 1 result: table 1, hand 1." in messages_of(response)
    assert result_rows(honours_drive) == [
        (1, 8, "", "", ResultStatus.SUPERSEDED),
        (2, 8, "EW4", "", ResultStatus.CONFIRMED),
    ]
    # The grid shows what is saved, with each side's score: 2 for the tricks
    # to N-S, 4 for the honours to E-W.
    page = as_read(response.content.decode())
    assert re.search(r'<option value="EW4" selected>', page)
    assert "Saved: scores N-S 2, E-W 4" in page


def test_a_round_sent_again_with_its_honours_is_already_saved(
    assistant_client, honours_drive
):
    url = drive_url(honours_drive, "scores/")
    form = grid(t1_h1="9", h_t1_h1="NS4", t2_h1="3", r_t2_h1="both")
    assert assistant_client.post(url, form)["Location"] == drive_url(
        honours_drive, "seating/"
    )
    again = assistant_client.post(url, form, follow=True)
    assert (
        "The scores of round 1 were already saved; nothing new was written."
        in messages_of(again)
    )
    # The same tricks with other honours is not the same form: round 1 moved on.
    other = assistant_client.post(url, form | {"h_t1_h1": "NS3"})
    assert other.status_code == 409
    assert HandResult.objects.count() == 2


def test_the_lists_show_honours_revokes_and_each_sides_score(
    assistant_client, honours_drive
):
    url = drive_url(honours_drive, "scores/")
    assistant_client.post(
        url, grid(t1_h1="8", h_t1_h1="NS3", t2_h1="8", r_t2_h1="both")
    )
    hands = as_read(
        assistant_client.get(drive_url(honours_drive, "hands/")).content.decode()
    )
    assert "honours: N-S held 3" in hands
    assert "both sides revoked: hand void, no score" in hands
    rows = re.findall(r"<tr>\s*<td class=\"num\">1</td>.*?</tr>", hands, re.S)
    scores = [re.findall(r'<td class="num">(\d+|–)</td>', row)[-2:] for row in rows]
    assert scores == [["4", "0"], ["0", "0"]]
    hand = assistant_client.get(drive_url(honours_drive, "hands/1/table/1/"))
    page = as_read(hand.content.decode())
    assert "Scores: N-S 4, E-W 0." in page
    assert '<option value="NS3" selected>' in page
    [(result, words, line)] = hand.context["history"]
    assert (words, line.ns_score, line.ew_score) == ("honours: N-S held 3", 4, 0)


def captain_submit(drive: Drive, ns: int, key: str, honours: str = ""):
    return captain_services.captain_result_submit(
        table=drive.tables.get(number=1),
        hand=1,
        ns_tricks=ns,
        idempotency_key=key,
        honours=honours,
    )


def test_the_room_settles_a_disagreement_about_honours(assistant_client, honours_drive):
    captain_submit(honours_drive, 9, "a" * 22, honours="NS3")
    conflict = captain_submit(honours_drive, 9, "b" * 22)
    assert conflict.kind == captain_services.Kind.CONFLICT
    room = as_read(
        assistant_client.get(drive_url(honours_drive, "room/")).content.decode()
    )
    assert "Keep N-S 9, honours: N-S held 3" in room
    assert "honours: N-S held 3; scores N-S 5, E-W 0" in room
    assert re.search(r"Use N-S 9\s*</button>", room)
    response = assistant_client.post(
        drive_url(honours_drive, "room/resolve/"),
        {"table": 1, "hand": 1, "ns_tricks": 9, "honours": "", "seen_version": 1},
        follow=True,
    )
    assert "Table 1, hand 1: N-S 9, E-W 4 stands." in messages_of(response)
    confirmed = HandResult.objects.get(
        table__drive=honours_drive, table__number=1, status=ResultStatus.CONFIRMED
    )
    # Version 2 is the phone's disagreement, kept as such; the choice is a new one.
    assert (confirmed.version, confirmed.ns_tricks, confirmed.honours) == (3, 9, "")


def test_the_room_refuses_honours_a_hand_cannot_have(assistant_client, club):
    drive = drive_with_players(players=8, club=club, hands=2, trump_sequence="NT")
    captain_submit(drive, 9, "a" * 22)
    captain_submit(drive, 8, "b" * 22)
    response = assistant_client.post(
        drive_url(drive, "room/resolve/"),
        {"table": 1, "hand": 1, "ns_tricks": 8, "honours": "NS3", "seen_version": 1},
    )
    assert response.status_code == 400
    assert "This drive does not count honours." in response.content.decode()
    assert list(
        HandResult.objects.filter(status=ResultStatus.CONFIRMED).values_list(
            "ns_tricks", flat=True
        )
    ) == [9]


def test_a_revoke_that_costs_points_is_said_with_the_true_minus(assistant_client, club):
    # N-S take 5 and revoke, a revoke costs 3 points: the grid's "Saved:" and
    # the room's words for the hand said "scores N-S -3" with the hyphen.
    drive = drive_with_players(
        players=8, club=club, hands=5, count_honours=True, revoke_penalty="deduct"
    )
    url = drive_url(drive, "scores/")
    response = assistant_client.post(url, grid(t1_h1="5", r_t1_h1="NS"), follow=True)
    page = as_read(response.content.decode())
    assert "Saved: scores N-S \u22123, E-W 2" in page
    assert "N-S -3" not in page
    room = as_read(assistant_client.get(drive_url(drive, "room/")).content.decode())
    assert "N-S revoked; scores N-S \u22123, E-W 2" in room
    assert "N-S -3" not in room

"""The organiser's score entry for a prediction whist drive (issue #18): the
grid that takes a whole game per table from the travel slips, the correction
page of one table and deal, the list of all hands, and the settling of two
phones' disagreement with each seat's prediction and tricks."""

from __future__ import annotations

import random
import re

import pytest
from django.core.exceptions import ValidationError
from django.utils.html import escape

from drive.models import Drive, DriveState
from scoring import prediction_rules, selectors
from scoring.models import HandResult, ResultStatus
from scoring.services import (
    ResultEntry,
    hand_result_conflict_resolve,
    hand_results_submit,
)
from tests.factories import legal_deal, prediction_drive
from tests.fixtures import drive_url, messages_of
from tests.scoring.prediction_grid import (
    deal_fields,
    five_and_four,
    grid,
    seated,
    stored,
)

pytestmark = pytest.mark.django_db


# --- building drives and deals ----------------------------------------------------------


def expected_scores(drive: Drive, plays) -> dict[int, int]:
    """Each entry's points by the rules, from the deals typed."""
    totals: dict[int, int] = dict.fromkeys(
        drive.entries.values_list("pk", flat=True), 0
    )
    for (table, hand), (predictions, tricks) in plays.items():
        players = len(predictions)
        entries = seated(drive, table, drive.round_of_hand(hand))
        for entry, predicted, taken in zip(entries, predictions, tricks, strict=True):
            totals[entry] += prediction_rules.deal_points(predicted, taken, players)
    return totals


def board_scores(drive: Drive) -> dict[int, int]:
    return {s.entry: s.score for s in selectors.drive_scores(drive=drive).standings()}


# --- the grid ---------------------------------------------------------------------------


def test_the_grid_shows_a_row_per_player_in_seat_order(assistant_client, club):
    drive = five_and_four(club)
    response = assistant_client.get(drive_url(drive, "scores/"))
    assert response.status_code == 200
    html = response.content.decode()
    assert "Table 1: 5 players" in html and "Table 2: 4 players" in html
    table_1 = html[html.index('id="table-1"') : html.index('id="table-2"')]
    entries = {e.pk: e for e in drive.entries.select_related("player")}
    rows = re.findall(
        r'<th scope="row" class="num">(\d)</th><td class="num">(\d+)</td>'
        r'<td class="wide">([^<]*)</td>',
        table_1,
    )
    assert rows == [
        (str(seat), str(entries[e].number), escape(entries[e].player.name))
        for seat, e in enumerate(seated(drive, 1), 1)
    ]
    # A prediction and a tricks input per player and deal, but the Wist deal's
    # predictions are fixed.
    for hand in range(1, 8):
        for seat in range(5):
            assert f'name="t1_h{hand}-p{seat}"' in html
            assert f'name="t1_h{hand}-k{seat}"' in html
    assert 'name="t1_h8-p0"' not in html and 'name="t1_h8-k4"' in html
    assert 'name="t2_h1-p3"' in html and 'name="t2_h1-p4"' not in html
    assert "Tickets" in html and "Blind" in html


def test_a_whole_game_for_a_table_of_five_and_one_of_four(assistant_client, club):
    drive = five_and_four(club)
    rng = random.Random(18)
    plays = {
        (table, hand): legal_deal(hand, players, rng)
        for table, players in ((1, 5), (2, 4))
        for hand in range(1, 9)
    }
    data = grid(1, *(deal_fields(t, h, *deal) for (t, h), deal in plays.items()))
    # Wist typed as W on a paper slip is Wist.
    zero = next(
        key
        for key, value in data.items()
        if re.fullmatch(r"t\d_h[1-7]-p\d", key) and value == "0"
    )
    data[zero] = "w"
    response = assistant_client.post(drive_url(drive, "scores/"), data)
    assert response.status_code == 302, messages_of(response)
    assert response["Location"] == drive_url(drive, "leaderboard/")
    drive.refresh_from_db()
    assert drive.state == DriveState.FINISHED
    assert stored(drive) == sorted(
        (
            t,
            h,
            prediction_rules.encode(p),
            prediction_rules.encode(k),
            1,
            ResultStatus.CONFIRMED,
        )
        for (t, h), (p, k) in plays.items()
    )
    expected = expected_scores(drive, plays)
    assert board_scores(drive) == expected
    assert len(set(expected.values())) > 1  # the deals made a difference
    # The page shows the saved game's points: each deal's and the total.
    page = assistant_client.get(drive_url(drive, "scores/")).content.decode()
    first = seated(drive, 1)[0]
    assert f'<td class="num">{expected[first]}</td>' in page


def test_the_rules_points_for_a_deal_typed_in_the_grid(assistant_client, club):
    """The text's examples through the grid: predict 3 and take 3 scores 13,
    predict 3 and take 4 scores 4, a Wist made 25 at a table of four."""
    drive = prediction_drive(club, players=8, games=2)
    # Hand 1: seat 0 deals and predicts last; 3 + 3 + 0 + 3 = 9, not 13.
    data = grid(1, deal_fields(1, 1, [3, 3, 0, 3], [3, 4, 0, 6]))
    response = assistant_client.post(drive_url(drive, "scores/"), data)
    assert response.status_code == 302
    assert response["Location"] == drive_url(drive, "scores/")
    assert "Saved 1 result: table 1, deal 1 of game 1." in messages_of(
        assistant_client.get(response["Location"])
    )
    north, east, south, west = seated(drive, 1)
    scores = board_scores(drive)
    assert (scores[north], scores[east], scores[south], scores[west]) == (13, 4, 25, 6)
    page = assistant_client.get(drive_url(drive, "scores/")).content.decode()
    assert "13 points" in page and "25 points" in page


def test_two_games_of_two_tables_of_four(assistant_client, club):
    drive = prediction_drive(club, players=8, games=2)
    rng = random.Random(4)
    plays = {}
    for round_number in (1, 2):
        typed = {
            (table, hand): legal_deal(hand, 4, rng)
            for table in (1, 2)
            for hand in drive.hands_of_round(round_number)
        }
        response = assistant_client.post(
            drive_url(drive, "scores/"),
            grid(
                round_number,
                *(deal_fields(t, h, *deal) for (t, h), deal in typed.items()),
            ),
        )
        assert response.status_code == 302
        plays |= typed
        drive.refresh_from_db()
        if round_number == 1:
            assert response["Location"] == drive_url(drive, "seating/")
            assert drive.current_round == 2
    assert drive.state == DriveState.FINISHED
    assert HandResult.objects.filter(table__drive=drive).count() == 32
    assert board_scores(drive) == expected_scores(drive, plays)


BARRED = ([4, 3, 3, 3], [4, 3, 3, 3])  # seat 0 deals hand 1, predicts last: 13


@pytest.mark.parametrize(
    ("deal", "said"),
    [
        (BARRED, "Not 4: the predictions would add up to 13, and someone must fail."),
        (
            ([3, 3, 3, 3], [3, 3, 3, 3]),
            "The tricks add up to 12; they must add up to 13",
        ),
        (
            ([14, 3, 3, 3], [4, 3, 3, 3]),
            "A prediction is Wist or 1 to 13, not 14.",
        ),
        (([3, 3, 3, 3], [14, 0, 0, 0]), "A player takes 0 to 13 tricks, not 14."),
        (
            (["x", 3, 3, 3], [4, 3, 3, 3]),
            "Type Wist (0 or W) or a number from 1 to 13, not “x”.",
        ),
        (
            ([3, 3, 3, 3], ["4.5", 3, 3, 3]),
            "Type the tricks as a number from 0 to 13, not “4.5”.",
        ),
        (([3, 3, 3, 3], [-1, 3, 3, 3]), "not “-1”."),
        (
            ([3, 3, 3, 3], ["", 3, 3, 3]),
            "Type every player&#x27;s prediction and tricks, or leave the whole deal blank.",
        ),
    ],
)
def test_bad_input_is_refused_with_its_reason_and_nothing_is_written(
    assistant_client, club, deal, said
):
    drive = prediction_drive(club, players=8, games=2)
    good = ([2, 4, 0, 3], [2, 4, 1, 6])  # hand 2 at table 2: seat 1 deals
    data = grid(1, deal_fields(1, 1, *deal), deal_fields(2, 2, *good))
    response = assistant_client.post(drive_url(drive, "scores/"), data)
    assert response.status_code == 400
    html = response.content.decode()
    assert "Some scores need fixing; nothing was saved." in messages_of(response)
    assert said in html
    assert "Table 1, deal 1 of game 1 (Hearts):" in html
    assert "Table 2, deal 2 of game 1 (Diamonds):" not in html  # the good deal is good
    assert "Deal 1 (Hearts); Deal 2 (Diamonds); Deal 3 (Clubs)" in html
    assert "Hand 1" not in html
    assert not HandResult.objects.exists()
    # The page again keeps what was typed, the bad and the good.
    for name, value in data.items():
        if name != "round" and not name.endswith("seen_version"):
            assert f'name="{name}" value="{value}"' in html or value == "", name
    drive.refresh_from_db()
    assert drive.current_round == 1


def test_a_table_of_fives_tricks_add_up_to_ten(assistant_client, club):
    drive = five_and_four(club)
    # A table of four's numbers at the table of five.
    data = grid(1, deal_fields(1, 1, [3, 3, 3, 3, 0], [4, 3, 3, 3, 0]))
    response = assistant_client.post(drive_url(drive, "scores/"), data)
    assert response.status_code == 400
    assert (
        "The tricks add up to 13; they must add up to 10, the cards each player holds."
        in response.content.decode()
    )
    assert not HandResult.objects.exists()


def test_a_wist_deal_takes_only_tricks(assistant_client, club):
    drive = prediction_drive(club, players=8, games=2)
    # A prediction sent for the Wist deal anyway is not read: Wist is fixed.
    data = grid(1, deal_fields(1, 8, [0, 0, 0, 0], [13, 0, 0, 0]), {"t1_h8-p0": "5"})
    response = assistant_client.post(drive_url(drive, "scores/"), data)
    assert response.status_code == 302
    assert stored(drive) == [(1, 8, "0,0,0,0", "13,0,0,0", 1, ResultStatus.CONFIRMED)]
    north, east, _, _ = seated(drive, 1)
    scores = board_scores(drive)
    assert (scores[north], scores[east]) == (-65, 25)


def test_an_empty_grid_asks_for_a_deal(assistant_client, club):
    drive = prediction_drive(club, players=8, games=2)
    response = assistant_client.post(drive_url(drive, "scores/"), grid(1))
    assert response.status_code == 400
    assert "Type the predictions and tricks of at least one deal." in messages_of(
        response
    )


def test_a_grid_that_saw_an_older_version_is_a_conflict(assistant_client, club):
    drive = prediction_drive(club, players=8, games=2)
    hand_results_submit(
        drive=drive,
        entries=[ResultEntry(1, 1, predictions=(3, 3, 0, 3), tricks=(3, 4, 0, 6))],
        by=None,
    )
    data = grid(1, deal_fields(1, 1, [2, 3, 0, 3], [3, 4, 0, 6], version=0))
    response = assistant_client.post(drive_url(drive, "scores/"), data)
    assert response.status_code == 409
    assert "changed meanwhile" in response.content.decode()
    assert [row[4] for row in stored(drive)] == [1]
    # The same deal as stored is already saved, whatever version the form saw.
    same = grid(1, deal_fields(1, 1, [3, 3, 0, 3], [3, 4, 0, 6], version=0))
    again = assistant_client.post(drive_url(drive, "scores/"), same, follow=True)
    assert "These scores were already saved; nothing new was written." in (
        messages_of(again)
    )
    assert [row[4] for row in stored(drive)] == [1]


def test_a_full_game_sent_twice_is_already_saved(assistant_client, club):
    drive = prediction_drive(club, players=8, games=2)
    rng = random.Random(7)
    data = grid(
        1,
        *(
            deal_fields(t, h, *legal_deal(h, 4, rng))
            for t in (1, 2)
            for h in range(1, 9)
        ),
    )
    url = drive_url(drive, "scores/")
    assert assistant_client.post(url, data)["Location"] == drive_url(drive, "seating/")
    before = stored(drive)
    again = assistant_client.post(url, data, follow=True)
    assert "The scores of round 1 were already saved; nothing new was written." in (
        messages_of(again)
    )
    assert stored(drive) == before
    # A changed deal in the old round's form is refused: nothing saved.
    changed = dict(data)
    changed["t1_h1-k0"], changed["t1_h1-k1"] = data["t1_h1-k1"], data["t1_h1-k0"]
    if changed != data:
        assert assistant_client.post(url, changed).status_code == 409
    assert stored(drive) == before


# --- the correction page, the list, the conflict ------------------------------------------


def test_correcting_a_deal_makes_version_two(organiser_client, club):
    drive = five_and_four(club)
    hand_results_submit(
        drive=drive,
        entries=[
            ResultEntry(1, 3, predictions=(2, 2, 0, 4, 1), tricks=(3, 2, 0, 5, 0))
        ],
        by=None,
    )
    url = drive_url(drive, "hands/3/table/1/")
    page = organiser_client.get(url)
    assert page.status_code == 200
    html = page.content.decode()
    assert "<h1>Table 1, deal 3 of game 1</h1>" in html
    assert '<p class="lead">Clubs.' in html
    assert "Now: predictions 2, 2, Wist, 4, 1; tricks 3, 2, 0, 5, 0." in html
    assert 'name="p2" value="0"' in html and 'name="k3" value="5"' in html

    def form(predictions, tricks, version):
        data = {"seen_version": str(version)}
        for seat, (p, k) in enumerate(zip(predictions, tricks, strict=True)):
            data[f"p{seat}"], data[f"k{seat}"] = str(p), str(k)
        return data

    # Hand 3: seat 2 deals and predicts last; 1 + 2 + 2 + 4 = 9, so not 1.
    barred = organiser_client.post(url, form([2, 2, 1, 4, 1], [3, 2, 0, 5, 0], 1))
    assert barred.status_code == 400
    assert (
        "Not 1: the predictions would add up to 10, and someone must fail."
        in barred.content.decode()
    )
    assert 'name="p2" value="1"' in barred.content.decode()  # kept as typed
    stale = organiser_client.post(url, form([2, 2, 0, 3, 2], [2, 2, 0, 3, 3], 0))
    assert stale.status_code == 409
    assert "changed meanwhile" in stale.content.decode()
    assert [row[4:] for row in stored(drive)] == [(1, ResultStatus.CONFIRMED)]

    response = organiser_client.post(url, form([2, 2, 0, 3, 2], [2, 2, 0, 3, 3], 1))
    assert response.status_code == 302
    assert response["Location"] == drive_url(drive, "hands/")
    assert stored(drive) == [
        (1, 3, "2,2,0,4,1", "3,2,0,5,0", 1, ResultStatus.SUPERSEDED),
        (1, 3, "2,2,0,3,2", "2,2,0,3,3", 2, ResultStatus.CONFIRMED),
    ]
    listing = organiser_client.get(response["Location"])
    assert (
        "Table 1, deal 3 of game 1 saved: predictions 2, 2, Wist, 3, 2; "
        "tricks 2, 2, 0, 3, 3." in messages_of(listing)
    )
    body = listing.content.decode()
    assert "predictions 2, 2, Wist, 3, 2; tricks 2, 2, 0, 3, 3" in body
    assert "12, 12, 20, 13, 3" in body  # each seat's points by the rules
    assert "corrected" in body
    history = organiser_client.get(url).content.decode()
    assert "predictions 2, 2, Wist, 4, 1; tricks 3, 2, 0, 5, 0" in history
    assert "3, 12, 20, 5, 0" in history  # version 1's points
    entries = seated(drive, 1)
    assert board_scores(drive)[entries[4]] == 3


def test_the_correction_page_of_a_table_that_did_not_play_is_a_404(
    organiser_client, club
):
    drive = prediction_drive(club, players=8, games=2)
    for suffix in ("hands/1/table/3/", "hands/17/table/1/", "hands/0/table/1/"):
        assert organiser_client.get(drive_url(drive, suffix)).status_code == 404


def test_a_blank_correction_is_refused(organiser_client, club):
    drive = prediction_drive(club, players=8, games=2)
    response = organiser_client.post(
        drive_url(drive, "hands/1/table/1/"), {"seen_version": "0"}
    )
    assert response.status_code == 400
    assert "Type every player&#x27;s prediction and tricks." in (
        response.content.decode()
    )
    assert not HandResult.objects.exists()


def conflict(
    drive: Drive, table: int, hand: int, predictions, tricks, version: int = 2
) -> HandResult:
    """A second phone's other numbers for a deal, kept aside (as scoring.captain
    keeps them)."""
    return HandResult.objects.create(
        table=drive.tables.get(number=table),
        hand=hand,
        ns_tricks=0,
        predictions=prediction_rules.encode(predictions),
        tricks=prediction_rules.encode(tricks),
        version=version,
        status=ResultStatus.CONFLICT,
        source="captain",
    )


def test_settling_a_conflict_with_the_other_phones_deal(club, organiser):
    drive = prediction_drive(club, players=8, games=2)
    hand_results_submit(
        drive=drive,
        entries=[ResultEntry(1, 1, predictions=(3, 3, 0, 3), tricks=(3, 4, 0, 6))],
        by=None,
        source="captain",
    )
    other = conflict(drive, 1, 1, (3, 3, 0, 3), (3, 3, 0, 7))
    outcome = hand_result_conflict_resolve(
        drive=drive,
        table=1,
        hand=1,
        predictions=[3, 3, 0, 3],
        tricks=[3, 3, 0, 7],
        seen_version=1,
        by=organiser,
    )
    assert outcome.changed == 1
    assert stored(drive) == [
        (1, 1, "3,3,0,3", "3,4,0,6", 1, ResultStatus.SUPERSEDED),
        (1, 1, "3,3,0,3", "3,3,0,7", 2, ResultStatus.CONFLICT),
        (1, 1, "3,3,0,3", "3,3,0,7", 3, ResultStatus.CONFIRMED),
    ]
    other.refresh_from_db()
    assert other.resolved_by == organiser
    north, east, _, _ = seated(drive, 1)
    scores = board_scores(drive)
    assert (scores[north], scores[east]) == (13, 13)


def test_settling_a_conflict_by_keeping_the_deal_that_stands(club, organiser):
    drive = prediction_drive(club, players=8, games=2)
    hand_results_submit(
        drive=drive,
        entries=[ResultEntry(1, 1, predictions=(3, 3, 0, 3), tricks=(3, 4, 0, 6))],
        by=None,
    )
    other = conflict(drive, 1, 1, (3, 3, 0, 3), (3, 3, 0, 7))
    outcome = hand_result_conflict_resolve(
        drive=drive,
        table=1,
        hand=1,
        predictions=(3, 3, 0, 3),
        tricks=(3, 4, 0, 6),
        seen_version=1,
        by=organiser,
    )
    assert outcome.changed == 0
    other.refresh_from_db()
    assert other.resolved_at is not None
    assert [row[4:] for row in stored(drive)] == [
        (1, ResultStatus.CONFIRMED),
        (2, ResultStatus.CONFLICT),
    ]
    # A deal the rules refuse settles nothing.
    another = conflict(drive, 1, 1, (3, 3, 0, 3), (3, 3, 0, 7), version=3)
    with pytest.raises(ValidationError, match="someone must fail"):
        hand_result_conflict_resolve(
            drive=drive,
            table=1,
            hand=1,
            predictions=(3, 3, 3, 4),
            tricks=(4, 3, 3, 3),
            seen_version=1,
            by=organiser,
        )
    another.refresh_from_db()
    assert another.resolved_at is None

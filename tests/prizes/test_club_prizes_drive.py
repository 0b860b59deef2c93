"""The prizes clubs give (issue 19) on real drives: awarded from the database,
the consolation draw through its service and page (once; again only when
asked), the refusals in words, and the results page, sheet and workbook."""

from __future__ import annotations

import io
import random

import pytest
from openpyxl import load_workbook

from drive.models import Drive
from drive.trumps import PREDICTION_SEQUENCE, format_sequence
from printing.loading import load_results_sheet
from prizes import selectors as prize_selectors
from prizes import services as prize_services
from prizes.engine import AwardStatus
from prizes.models import ConsolationDraw
from scoring.drive_plan import load_plan
from scoring.standings import EntryRecord
from tests.factories import drive_with_players, play_drive
from tests.fixtures import messages_of
from tests.printing.fixtures import dump, load
from tests.prizes.fixtures import (
    LIST,
    cut_second_half,
    finished_tie,
    set_order,
    settled,
    two_hand_drive,
)

pytestmark = pytest.mark.django_db


def awards(drive: Drive) -> dict[str, object]:
    return {a.title: a for a in prize_selectors.drive_prizes(drive=drive).awards}


def numbers(award) -> list[int]:
    return [w.number for w in award.winners]


def prediction_drive(club) -> Drive:
    return drive_with_players(
        players=8,
        club=club,
        format="prediction",
        hands=8,
        hands_per_round=8,
        trump_sequence=format_sequence(PREDICTION_SEQUENCE),
        start=False,
    )


def test_the_new_prizes_are_awarded_from_a_played_drive(club):
    drive, seats = finished_tie(club)
    prize_services.drive_prizes_update(drive=drive, prizes=LIST)
    found = awards(drive)
    second = found["Second half"]
    assert second.status is AwardStatus.AWAITING_DRAW
    assert sorted(numbers(second)) == sorted((seats["N"], seats["W"]))
    assert [w.total for w in second.winners] == [3, 3]
    tricks = found["Most hands of 9 or more tricks"]
    assert numbers(tricks) == [seats["N"]]
    assert tricks.note == "2 hands of 9 or more tricks"
    assert numbers(found["Lowest overall"]) == [seats["E"]]
    consolation = found["Box of fudge"]
    assert consolation.status is AwardStatus.PENDING
    # The cut for the second half is recorded in its own contest.
    drive, seats = settled(club)
    assert numbers(awards(drive)["Second half"]) == [seats["W"]]
    assert awards(drive)["Second half"].note == (
        "decided by a draw; the hands after half-time (after hand 1)"
    )


def test_the_consolation_draw_once_then_again_only_when_asked(
    club, organiser, organiser_client, assistant_client
):
    drive, seats = finished_tie(club)
    prize_services.drive_prizes_update(drive=drive, prizes=LIST)
    url = f"/drives/{drive.pk}/prizes/consolation/"
    # Not while the second half waits for its cut: the page says which prize.
    waiting = organiser_client.post(url, {"position": 5})
    assert waiting.status_code == 400
    assert messages_of(waiting) == ["Decide the other prizes first: Second half."]
    assert not ConsolationDraw.objects.exists()
    cut_second_half(drive, seats)
    assert assistant_client.post(url, {"position": 5}).status_code == 403
    assert organiser_client.post(url, {"position": 2}).status_code == 400
    assert organiser_client.post(url, {"position": "x"}).status_code == 400
    page = organiser_client.get(f"/drives/{drive.pk}/prizes/").content.decode()
    assert "The site draws one of the 1 entry without a prize." in page
    assert "Make the draw" in page
    done = organiser_client.post(url, {"position": 5})
    assert done.status_code == 302
    draw = ConsolationDraw.objects.get()
    # Prizes: 1st N, second half W, 9+ tricks N, lowest E: only S is left.
    ids = dict(drive.entries.values_list("number", "pk"))
    assert draw.member_keys == (ids[seats["S"]],)
    assert draw.pool_numbers == [[seats["S"]]] and draw.pool_text == str(seats["S"])
    assert draw.winner_entry.number == seats["S"]
    assert draw.drawn_by == organiser and draw.replaced_at is None
    assert 0 <= draw.seed < 2**53
    found = awards(drive)["Box of fudge"]
    assert numbers(found) == [seats["S"]]
    assert f"from 1 entry without a prize; seed {draw.seed}" in found.note
    # Drawing again is refused unless the organiser says so.
    again = organiser_client.post(url, {"position": 5})
    assert again.status_code == 409
    assert "already been drawn" in messages_of(again)[-1]
    assert ConsolationDraw.objects.count() == 1
    redrawn = organiser_client.post(url, {"position": 5, "redraw": "on"})
    assert redrawn.status_code == 302
    first, second = ConsolationDraw.objects.order_by("id")
    assert first.replaced_at is not None and second.replaced_at is None
    assert second.drawn_at >= first.drawn_at
    # The results page shows how each was drawn.
    page = organiser_client.get(f"/drives/{drive.pk}/results/").content.decode()
    assert "How “Box of fudge” was drawn" in page
    assert f"random.Random({second.seed}).choice" in page
    assert f"seed {first.seed}" in page and "An earlier draw, replaced" in page


def test_a_draw_with_a_given_seed_can_be_checked(club):
    set_order(club, "shared")
    drive = drive_with_players(players=8, hands=2, club=club)
    play_drive(drive, tricks=lambda deal: 9)
    prize_services.drive_prizes_update(
        drive=drive, prizes="1st overall\nConsolation draw"
    )
    draw = prize_services.consolation_draw(drive=drive, position=2, by=None, seed=99)
    pool = [numbers[0] for numbers in draw.pool_numbers]
    first = numbers(awards(drive)["1st overall"])
    assert pool == sorted(set(range(1, 9)) - set(first))
    assert draw.winner_entry.number == random.Random(99).choice(pool)
    with pytest.raises(Exception, match="already been drawn"):
        prize_services.consolation_draw(drive=drive, position=2, by=None)


def test_refused_before_the_end_and_on_a_list_without_it(club, organiser_client):
    drive = two_hand_drive(club)
    prize_services.drive_prizes_update(drive=drive, prizes="Consolation draw")
    response = organiser_client.post(
        f"/drives/{drive.pk}/prizes/consolation/", {"position": 1}
    )
    assert response.status_code == 400
    assert messages_of(response) == [
        "The consolation draw is made once the drive is finished."
    ]
    page = organiser_client.get(f"/drives/{drive.pk}/prizes/").content.decode()
    assert "The draw is made once the drive is finished." in page


def test_a_drive_own_list_refuses_what_its_format_cannot_award(club):
    pairs = drive_with_players(players=8, club=club, format="partners", start=False)
    with pytest.raises(Exception) as caught:
        prize_services.drive_prizes_update(drive=pairs, prizes="Lowest Ladies")
    assert "this drive has no groups (an individual or pairs drive)" in str(
        caught.value
    )
    assert prize_services.drive_prizes_update(drive=pairs, prizes="Lowest overall")
    wist = prediction_drive(club)
    with pytest.raises(Exception) as caught:
        prize_services.drive_prizes_update(
            drive=wist, prizes="Most hands of 8 or more tricks"
        )
    assert "prediction whist has no sides and no N-S tricks" in str(caught.value)
    prize_services.club_prizes_update(
        club=club,
        prizes="Most hands of 8 or more tricks\nLowest overall",
        tie_breaks=["count_back"],
        one_prize_per_person=False,
    )
    # The club's list serves every drive: accepted there, left off this
    # drive's prizes, and only named, with why, to the organiser.
    other = prediction_drive(club)
    assert list(awards(other)) == ["Lowest overall"]
    prizes = prize_selectors.drive_prizes(drive=other)
    (tricks,) = prizes.left_off
    assert tricks.title == "Most hands of 8 or more tricks"
    assert tricks.status is AwardStatus.NONE
    assert "prediction whist" in tricks.note
    assert "Most hands of 8 or more tricks (prediction whist" in prizes.left_off_words


def test_the_results_sheet_and_workbook_list_them(club, assistant_client):
    drive, seats = settled(club)
    prize_services.consolation_draw(drive=drive, position=5, by=None, seed=5)
    names = dict(drive.entries.values_list("number", "player__name"))
    response = assistant_client.get(f"/drives/{drive.pk}/export.xlsx")
    rows = list(load_workbook(io.BytesIO(response.content))["Prizes"].values)
    assert [r[:4] for r in rows[1:]] == [
        ("1st overall", seats["N"], names[seats["N"]], 6),
        ("Second half", seats["W"], names[seats["W"]], 3),
        ("Most hands of 9 or more tricks", seats["N"], names[seats["N"]], 6),
        ("Lowest overall", seats["E"], names[seats["E"]], 0),
        ("Box of fudge", seats["S"], names[seats["S"]], 3),
    ]
    assert rows[5][4].endswith("from 1 entry without a prize; seed 5")
    sheet = load_results_sheet(drive=drive, plan=load_plan(drive=drive))
    lines = {line.prize: line for line in sheet.prizes}
    assert lines["Second half"].winner == f"{seats['W']} {names[seats['W']]} (3)"
    assert "seed 5" in lines["Box of fudge"].note
    assert lines["Most hands of 9 or more tricks"].note == (
        "2 hands of 9 or more tricks"
    )


def test_a_draw_travels_with_its_drive(club, tmp_path):
    drive, seats = settled(club)
    drawn = prize_services.consolation_draw(drive=drive, position=5, by=None, seed=5)
    copy = load(dump(drive, tmp_path))
    moved = ConsolationDraw.objects.get(drive=copy)
    entry = copy.entries.get(number=seats["S"])
    assert moved.member_keys == (entry.pk,) and moved.winner_entry == entry
    assert (moved.seed, moved.pool_numbers, moved.drawn_at) == (
        5,
        drawn.pool_numbers,
        drawn.drawn_at,
    )
    assert numbers(awards(copy)["Box of fudge"]) == [seats["S"]]


def test_second_half_sit_outs_are_compensated_over_the_second_half():
    """A player's own average for a hand sat out after half-time is the
    second half's: hands 3 (sat out) and 4 (scored 2) after half-time at hand
    2, first half 10 and 10: 2, not (10 + 10 + 2) / 3."""
    record = EntryRecord(
        entry=1,
        number=1,
        name="P1",
        group="A",
        hand_scores={1: 10, 2: 10, 4: 2},
        sat_out_hands=(3,),
    )
    own = Drive(sit_out_compensation="own_average", sit_out_fixed_score=0)
    assert prize_selectors.second_half_sat_out(
        drive=own, record=record, averages={}, half_hand=2
    ) == {3: 2}
    fixed = Drive(sit_out_compensation="fixed", sit_out_fixed_score=3)
    assert prize_selectors.second_half_sat_out(
        drive=fixed, record=record, averages={}, half_hand=2
    ) == {3: 3}
    # Sat out before half-time only: nothing to compensate after it.
    early = EntryRecord(1, 1, "P1", "A", {2: 4, 3: 1, 4: 1}, sat_out_hands=(1,))
    assert (
        prize_selectors.second_half_sat_out(
            drive=own, record=early, averages={}, half_hand=2
        )
        == {}
    )

"""The results e-mail says, beside a place a tie-break decided (the row the
final boards mark with a *), which rule decided it, in the words of the
results page's "find me" ("Overall: place 2 of 4, 3 points; decided by
count-back"), in a drive of players and in a drive of fixed pairs. A player
alone on their total, or sharing a place the rules leave level, reads their
place as before; so does one placed apart only from someone who played no
hand, whom the e-mail's places do not count. Sent through Django's locmem
outbox."""

from __future__ import annotations

import pytest
from django.core import mail

from drive import services as drive_services
from drive.models import DriveState
from scoring import services as scoring_services
from scoring.selectors import drive_scores
from tests.factories import DriveFactory, PlayerFactory, drive_with_players, play_drive
from tests.printing.result_mails import send
from tests.prizes.fixtures import NS_WINS, finished_tie, seats_of_hand_1, set_order
from tests.prizes.tie_places import own_places, places, public

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("language", ["en-gb", "pl", "ru"])
def test_a_place_a_tie_break_decided_says_which_rule(club, language):
    set_order(club, "count_back", "hands_won")
    drive, at = finished_tie(club)  # S and W level on 3, W placed 2nd by count-back
    sent = send(drive, language)
    assert sent[at["W"]] == places(language, 2, 1, decided=True)
    assert sent[at["S"]] == places(language, 3, 2, decided=True)
    # The leader and the last, alone on their totals, read as before; every
    # player's lines are the results page's "find me" lines.
    assert "; " not in " ".join(sent[at["N"]] + sent[at["E"]])
    for number in at.values():
        assert sent[number] == own_places(public(drive, language, number))


def test_the_whole_message_reads_in_polish(club):
    set_order(club, "count_back")
    drive, at = finished_tie(club)
    send(drive, "pl")
    message = next(m for m in mail.outbox if m.to == [f"p{at['W']}@example.org"])
    assert (
        "\n\n  Ogółem: miejsce 2 z 4, 3 punkty; rozstrzygnięte od końca\n"
        "  Gents: miejsce 1 z 2, 3 punkty; rozstrzygnięte od końca\n\n"
    ) in message.body


def test_a_shared_place_reads_as_before(club):
    set_order(club)  # no tie-breaks: S and W share 2nd (1st of the Gents)
    drive, at = finished_tie(club)
    sent = send(drive, "ru")
    assert sent[at["W"]] == sent[at["S"]] == places("ru", 2, 1, decided=False)
    assert all("; " not in line for lines in sent.values() for line in lines)


def test_a_pair_placed_by_count_back_is_told_so(club):
    # Four pairs, two hands: pairs 5 & 6 and 3 & 4 level on 2, 5 & 6 ahead on
    # count-back; 7 & 8 alone on 3 and 1 & 2 alone on 0.
    set_order(club, "count_back", "hands_won")
    drive = drive_with_players(club=club, players=8, hands=2, format="partners")
    play_drive(drive, tricks=lambda deal: (9, 7, 5, 8, 6)[(deal.hand + deal.table) % 5])
    sent = send(drive, "pl")
    decided = "; rozstrzygnięte od końca"
    assert sent[5] == sent[6] == [f"Ogółem: miejsce 2 z 4, 2 punkty{decided}"]
    assert sent[3] == sent[4] == [f"Ogółem: miejsce 3 z 4, 2 punkty{decided}"]
    assert sent[7] == ["Ogółem: miejsce 1 z 4, 3 punkty"]
    assert sent[1] == ["Ogółem: miejsce 4 z 4, 0 punktów"]
    for number in range(1, 9):
        assert sent[number] == own_places(public(drive, "pl", number))


def test_a_place_apart_only_from_one_who_played_no_hand_reads_as_before(club):
    """N is level on 6 with a fifth entry who never came (6 points by an
    adjustment) and placed ahead of them by count-back: the boards mark N,
    but among those who played, whom the e-mail counts, N is alone on 6."""
    set_order(club, "count_back")
    drive = DriveFactory(club=club, state="open", hands=2, seed=42)
    for group in "ABAB":
        drive_services.entry_register(
            drive=drive, player=PlayerFactory(club=club), group=group
        )
    absent = drive_services.entry_register(
        drive=drive, player=PlayerFactory(club=club), group="A", checked_in=False
    )
    drive_services.drive_start(drive=drive)
    drive.refresh_from_db()
    at = seats_of_hand_1(drive)
    play_drive(drive, tricks=lambda deal: NS_WINS)
    assert drive.state == DriveState.FINISHED
    # Off the boards until the adjustment puts them on (selectors._entry_rows).
    totals = {row.number: row.total for row in drive_scores(drive=drive).standings()}
    assert absent.number not in totals and totals[at["N"]] == 6
    scoring_services.adjustment_add(entry=absent, points=6, reason="test", by=None)
    board = drive_scores(drive=drive).standings()
    assert {row.number for row in board if row.placed_by} == {
        at["N"],
        absent.number,
        at["S"],
        at["W"],
    }
    sent = send(drive, "en-gb")
    assert absent.number not in sent
    assert sent[at["N"]] == [
        "Overall: place 1 of 4, 6 points",
        "Ladies: place 1 of 2, 6 points",
    ]
    assert sent[at["W"]] == places("en-gb", 2, 1, decided=True)

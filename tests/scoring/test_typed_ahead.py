"""A travel slip's results typed ahead (rounds not seated yet) are never lost
without a word: a change of players that would seat their rounds anew is
refused, naming the tables and hands; a result stranded at a table with no
game in its round is said on the score grid."""

import pytest
from django.core.exceptions import ValidationError
from django.urls import reverse

from drive import entry_services
from drive import services as drive_services
from drive.models import DriveState, Entry, SeatAssignment, Table
from scoring import hand_plays
from scoring import services as scoring_services
from scoring.models import HandResult, ResultStatus
from scoring.services import ResultEntry
from scoring.typed_ahead import refuse_seating_change, typed_ahead
from tests.factories import PlayerFactory, drive_with_players

pytestmark = pytest.mark.django_db


def type_slip(drive, table, hands, tricks=7):
    return scoring_services.hand_results_submit(
        drive=drive,
        entries=[ResultEntry(table, hand, tricks) for hand in hands],
        by=None,
        types_ahead=True,
    )


def seats_of(drive, round_number):
    return set(
        SeatAssignment.objects.filter(
            round__drive=drive, round__number=round_number
        ).values_list("table__number", "position", "entry_id")
    )


def test_a_withdrawal_in_a_progressive_drive_is_refused_while_a_slip_waits():
    """Case: progressive drive, a slip typed whole, then a player withdraws
    before the slip's later rounds are seated. They would be seated without
    the player (other players, perhaps a table fewer): refused, naming the
    table and its hands; nothing changes."""
    drive = drive_with_players(players=12, hands=5)
    type_slip(drive, 3, [1, 2, 3, 4])
    leaver = Entry.objects.filter(drive=drive).order_by("number").first()
    with pytest.raises(ValidationError) as refused:
        entry_services.entry_withdraw(entry=leaver)
    message = " ".join(refused.value.messages)
    assert "Table 3 has results typed from its slip for hands 2–4" in message
    assert "Type the slips still missing up to them first" in message
    leaver.refresh_from_db()
    assert leaver.withdrawn_from_round is None
    # Once the other slips are typed the rounds are seated, and the same
    # withdrawal goes through: it counts from the round after them.
    for table in (1, 2):
        type_slip(drive, table, [1, 2, 3])
    drive.refresh_from_db()
    assert drive.current_round == 4
    assert not typed_ahead(drive).waiting
    entry_services.entry_withdraw(entry=leaver)
    leaver.refresh_from_db()
    assert leaver.withdrawn_from_round == 5


def test_a_late_arrival_in_a_progressive_drive_is_refused_while_a_slip_waits():
    """Case: a late arrival checked in while a slip's later hands wait: the
    rounds to come would seat them, so the slip's players could move."""
    drive = drive_with_players(players=8, hands=3)
    type_slip(drive, 1, [1, 2, 3])
    late = drive_services.entry_register(
        drive=drive, player=PlayerFactory(club=drive.club), checked_in=False
    )
    with pytest.raises(ValidationError, match="Table 1 has results typed"):
        entry_services.entry_check_in(entry=late, checked_in=True)
    late.refresh_from_db()
    assert not late.checked_in


@pytest.mark.parametrize("format", ["individual", "stationary"])
def test_a_fixed_movement_is_not_re_planned_under_a_slips_results(format):
    """Case: a fixed movement re-planned for a withdrawal: the slip's results
    typed into the planned rounds would count for the re-planned players (or
    for nobody, where the table is dropped). Refused; the plan stands."""
    drive = drive_with_players(players=12, format=format, hands=6)
    before = seats_of(drive, 2)
    table = max(number for number, _pos, _e in before if number)
    type_slip(drive, table, [1, 2, 3, 4, 5, 6])
    leaver = Entry.objects.filter(drive=drive).order_by("number").first()
    with pytest.raises(ValidationError, match=f"Table {table} has results typed"):
        entry_services.entry_withdraw(entry=leaver)
    assert seats_of(drive, 2) == before
    assert HandResult.objects.filter(table__number=table).count() == 6


def test_a_fixed_re_plan_that_leaves_the_slips_tables_alone_goes_through():
    """A change that seats no table with waiting results anew is not refused;
    one that seats the slip's table anew in its round is."""
    drive = drive_with_players(players=12, format="individual", hands=6)
    type_slip(drive, 1, [1, 2])
    assert typed_ahead(drive).waiting
    refuse_seating_change(drive=drive, tables={(2, 3), (3, 4)})  # not table 1
    with pytest.raises(ValidationError, match="Table 1 has a result typed"):
        refuse_seating_change(drive=drive, tables={(2, 1)})


def test_a_result_stranded_by_a_table_dropped_is_said_on_the_grid(
    club, organiser_client
):
    """Case: a withdrawal recorded first (a table fewer from round 2), and a
    result for the table that goes already in for hand 2 (typed before the
    desk refused such a hand: tests/scoring/test_typed_ahead_slips.py): when
    round 2 is seated its hand has no game there. The grid says so, by table
    and hand, and the slip's row does not pretend the moves are still to
    come."""
    drive = drive_with_players(players=12, hands=3, club=club)
    first = list(Entry.objects.filter(drive=drive).order_by("number")[:4])
    for leaver in first:
        entry_services.entry_withdraw(entry=leaver)
    type_slip(drive, 3, [1])
    HandResult.objects.create(
        table=Table.objects.get(drive=drive, number=3),
        hand=2,
        ns_tricks=7,
        version=1,
        status=ResultStatus.CONFIRMED,
    )
    for table in (1, 2):
        type_slip(drive, table, [1])
    drive.refresh_from_db()
    assert drive.current_round == 2
    stranded = typed_ahead(drive).stranded
    assert [(row.table, row.hands) for row in stranded] == [(3, (2,))]
    assert not any(d.table == 3 and d.round == 2 for d in hand_plays.deals(drive=drive))
    page = organiser_client.get(
        reverse("scoring:scores", args=[drive.pk]), {"table": 3}
    )
    text = page.content.decode()
    assert (
        "Table 3 has a result typed for hand 2, but it has no game in that "
        "hand’s round: it counts for nobody."
        in text
        or "Table 3 has a result typed for hand 2, but it has no game in that "
        "hand&#x27;s round: it counts for nobody."
        in text
    )
    assert "no game at this table in this round" in text
    assert drive.state == DriveState.IN_PLAY


def test_a_slip_typed_ahead_asks_for_its_entry_numbers_to_be_checked(
    club, organiser_client
):
    """Case: the slip's row of a round not seated says 'moves not made yet':
    its result will count for whoever the drive seats there, which nothing
    checks against the slip's entry numbers. The slip's page says so, until
    the round is seated and its players are shown."""
    drive = drive_with_players(players=8, hands=3, club=club)
    url = reverse("scoring:scores", args=[drive.pk])
    type_slip(drive, 1, [1, 2, 3])
    page = organiser_client.get(url, {"table": 1}).content.decode()
    assert 'id="typed-unseated"' in page
    assert "check the entry numbers shown here against the slip" in page
    type_slip(drive, 2, [1, 2])
    drive.refresh_from_db()
    assert drive.current_round == 3
    page = organiser_client.get(url, {"table": 1}).content.decode()
    assert 'id="typed-unseated"' not in page


def test_the_door_page_says_why_a_withdrawal_is_refused(club, organiser_client):
    """Case: the organiser presses Withdraw at the door while a slip waits:
    a clear message and a 4xx, nothing changed."""
    drive = drive_with_players(players=8, hands=3, club=club)
    type_slip(drive, 2, [1, 2, 3])
    leaver = Entry.objects.filter(drive=drive).order_by("number").first()
    url = reverse("drive:entry_action", args=[drive.pk, leaver.pk])
    refused = organiser_client.post(url, {"action": "withdraw", "confirm": "withdraw"})
    assert 400 <= refused.status_code < 500
    page = organiser_client.get(reverse("drive:detail", args=[drive.pk]))
    shown = refused.content.decode() + page.content.decode()
    assert "Table 2 has results typed from its slip for hands 2, 3" in shown
    leaver.refresh_from_db()
    assert leaver.withdrawn_from_round is None

"""Drive services against the database: set-up, registration, check-in, start, play."""

from __future__ import annotations

import datetime
import random
from collections import Counter

import pytest
from django.core.exceptions import ValidationError

from drive import entry_services, selectors
from drive import services as drive_services
from drive.models import Drive, DriveState, Entry, Round, SeatAssignment
from drive.trumps import Trump
from players.models import Player
from tests.factories import (
    ClubFactory,
    DriveFactory,
    PlayerFactory,
    drive_with_players,
    play_round,
)

pytestmark = pytest.mark.django_db


def open_drive(**settings: object) -> Drive:
    return DriveFactory(club=ClubFactory(), state=DriveState.OPEN, **settings)


def register(drive: Drive, count: int, group: str, **kwargs: object) -> list[Entry]:
    return [
        drive_services.entry_register(
            drive=drive, player=PlayerFactory(club=drive.club), group=group, **kwargs
        )
        for _ in range(count)
    ]


def seats_of(drive: Drive, round_number: int) -> list[SeatAssignment]:
    return list(
        SeatAssignment.objects.filter(round__drive=drive, round__number=round_number)
    )


# --- creating a drive -------------------------------------------------------------


def test_create_stores_the_cleaned_settings():
    club = ClubFactory()
    drive = drive_services.drive_create(
        club=club,
        name="Spring drive",
        date=datetime.date(2026, 3, 1),
        hands=24,
        hands_per_round=4,
        trump_sequence=" hearts ; No Trumps, c ",
        seed=7,
    )
    drive.refresh_from_db()
    assert drive.trump_sequence == "H,NT,C"
    assert drive.trumps == (Trump.HEARTS, Trump.NO_TRUMPS, Trump.CLUBS)
    assert drive.rounds == 6
    assert drive.seed == 7
    assert drive.state == DriveState.DRAFT


def test_create_refuses_hands_not_a_multiple_of_the_round_and_writes_nothing():
    club = ClubFactory()
    with pytest.raises(ValidationError) as caught:
        drive_services.drive_create(
            club=club,
            name="Odd drive",
            date=datetime.date(2026, 3, 1),
            hands=10,
            hands_per_round=4,
        )
    assert "hands" in caught.value.message_dict
    assert "multiple of 4" in caught.value.message_dict["hands"][0]
    assert not Drive.objects.exists()


@pytest.mark.parametrize("sequence", ["Hearts, Bananas", "", " , ; "])
def test_create_refuses_a_bad_trump_sequence_and_writes_nothing(sequence):
    club = ClubFactory()
    with pytest.raises(ValidationError) as caught:
        drive_services.drive_create(
            club=club,
            name="Drive",
            date=datetime.date(2026, 3, 1),
            hands=10,
            trump_sequence=sequence,
        )
    assert "trump_sequence" in caught.value.message_dict
    assert not Drive.objects.exists()


def test_create_refuses_two_groups_with_the_same_name():
    with pytest.raises(ValidationError) as caught:
        drive_services.drive_create(
            club=ClubFactory(),
            name="Drive",
            date=datetime.date(2026, 3, 1),
            group_a_label="Red",
            group_b_label=" red ",
        )
    assert "group_b_label" in caught.value.message_dict
    assert not Drive.objects.exists()


def test_update_in_play_refuses_movement_settings_but_allows_scoring():
    drive = drive_with_players(players=8)
    with pytest.raises(ValidationError):
        drive_services.drive_update(drive=drive, hands=12)
    drive_services.drive_update(drive=drive, scoring_rule="total")
    drive.refresh_from_db()
    assert drive.hands == 6
    assert drive.scoring_rule == "total"


# --- registration ------------------------------------------------------------------


def test_entry_numbers_run_1_2_3_in_order_of_registration():
    drive = open_drive()
    names = ["Cora", "Abel", "Bea"]
    entries = [drive_services.entry_register(drive=drive, name=n) for n in names]
    assert [e.number for e in entries] == [1, 2, 3]
    stored = list(Entry.objects.filter(drive=drive).order_by("number"))
    assert [(e.number, e.player.name) for e in stored] == [
        (1, "Cora"),
        (2, "Abel"),
        (3, "Bea"),
    ]


@pytest.mark.parametrize(
    "typed", ["zoe smith", "ZOË SMITH", "  Zoë   Smith  ", "Zoe\tSmith"]
)
def test_typing_a_roster_name_differently_reuses_the_player(typed):
    drive = open_drive()
    zoe = PlayerFactory(club=drive.club, name="Zoë Smith")
    entry = drive_services.entry_register(drive=drive, name=typed)
    assert entry.player_id == zoe.pk
    assert Player.objects.filter(club=drive.club).count() == 1


def test_a_same_named_player_of_another_club_is_not_reused():
    drive = open_drive()
    other = PlayerFactory(name="Zoë Smith")  # another club's roster
    entry = drive_services.entry_register(drive=drive, name="Zoë Smith")
    assert entry.player_id != other.pk
    assert entry.player.club_id == drive.club_id


def test_typing_a_new_name_adds_the_player_to_the_roster():
    drive = open_drive()
    entry = drive_services.entry_register(drive=drive, name="  Nora   Batty ")
    player = Player.objects.get(club=drive.club)
    assert entry.player_id == player.pk
    assert player.name == "Nora Batty"
    assert player.active


def test_registering_a_deactivated_player_makes_them_active_again():
    drive = open_drive()
    player = PlayerFactory(club=drive.club, name="Old Timer", active=False)
    entry = drive_services.entry_register(drive=drive, name="old timer")
    player.refresh_from_db()
    assert entry.player_id == player.pk
    assert player.active


@pytest.mark.parametrize("by_name", [False, True])
def test_a_second_entry_for_the_same_player_is_refused(by_name):
    drive = open_drive()
    player = PlayerFactory(club=drive.club, name="Ada Lovelace")
    drive_services.entry_register(drive=drive, player=player)
    with pytest.raises(ValidationError, match="already entered as number 1"):
        if by_name:
            drive_services.entry_register(drive=drive, name="ada  LOVELACE")
        else:
            drive_services.entry_register(drive=drive, player=player)
    assert Entry.objects.filter(drive=drive).count() == 1


def test_registration_needs_an_open_drive():
    drive = DriveFactory(state=DriveState.DRAFT)
    with pytest.raises(ValidationError, match="Open registration"):
        drive_services.entry_register(drive=drive, name="Early Bird")
    assert not Entry.objects.exists()
    assert not Player.objects.filter(name="Early Bird").exists()


def test_a_player_of_another_club_cannot_be_entered():
    drive = open_drive()
    with pytest.raises(ValidationError):
        drive_services.entry_register(drive=drive, player=PlayerFactory())
    assert not Entry.objects.exists()


def test_automatic_group_picks_the_smaller_group():
    drive = open_drive()
    register(drive, 2, "A")
    register(drive, 1, "B")
    auto = drive_services.entry_register(drive=drive, name="Auto One")
    assert auto.group == "B"
    register(drive, 1, "B")  # now A=2, B=3
    auto = drive_services.entry_register(drive=drive, name="Auto Two")
    assert auto.group == "A"


def test_automatic_group_follows_the_players_usual_group():
    drive = open_drive()
    register(drive, 3, "A")
    regular = PlayerFactory(club=drive.club, group="A")
    entry = drive_services.entry_register(drive=drive, player=regular)
    assert entry.group == "A"


# --- check-in and balancing ----------------------------------------------------------


def test_check_in_and_out_before_play():
    drive = open_drive()
    entry = drive_services.entry_register(
        drive=drive, name="Late Larry", checked_in=False
    )
    assert not Entry.objects.get(pk=entry.pk).checked_in
    assert selectors.head_count(drive=drive).players == 0

    entry_services.entry_check_in(entry=entry, checked_in=True)
    entry.refresh_from_db()
    assert entry.checked_in
    assert entry.joined_round is None
    assert selectors.head_count(drive=drive).players == 1

    entry_services.entry_check_in(entry=entry, checked_in=False)
    entry.refresh_from_db()
    assert not entry.checked_in
    assert selectors.head_count(drive=drive).players == 0


def test_a_seated_entry_cannot_be_checked_out():
    drive = drive_with_players(players=8)
    entry = drive.entries.first()
    with pytest.raises(ValidationError, match="withdraw them instead"):
        entry_services.entry_check_in(entry=entry, checked_in=False)
    entry.refresh_from_db()
    assert entry.checked_in


def test_balance_advice_and_groups_balance_move_the_right_number():
    drive = open_drive()
    group_a = register(drive, 6, "A")
    register(drive, 2, "B")
    count = selectors.head_count(drive=drive)
    assert (count.group_a, count.group_b, count.tables) == (6, 2, 1)
    assert count.advice == -2
    assert count.advice_text == "Move 2 players from Ladies to Gents."

    moved = entry_services.groups_balance(drive=drive)

    assert len(moved) == 2
    groups = dict(Entry.objects.filter(drive=drive).values_list("pk", "group"))
    assert Counter(groups.values()) == {"A": 4, "B": 4}
    # The most recently registered of the larger group moved.
    assert [groups[e.pk] for e in group_a] == ["A", "A", "A", "A", "B", "B"]
    count = selectors.head_count(drive=drive)
    assert (count.tables, count.advice, count.advice_text) == (2, 0, "")
    assert entry_services.groups_balance(drive=drive) == []


def test_groups_balance_keeps_players_whose_usual_group_it_is():
    drive = open_drive()
    register(drive, 3, "B")
    early = register(drive, 4, "A")
    regular = drive_services.entry_register(
        drive=drive, player=PlayerFactory(club=drive.club, group="A")
    )
    assert len(entry_services.groups_balance(drive=drive)) == 1
    regular.refresh_from_db()
    assert regular.group == "A"
    assert Entry.objects.get(pk=early[-1].pk).group == "B"


def test_groups_balance_ignores_entries_not_checked_in():
    drive = open_drive()
    register(drive, 4, "A")
    register(drive, 4, "B")
    register(drive, 3, "A", checked_in=False)
    assert selectors.head_count(drive=drive).advice == 0
    assert entry_services.groups_balance(drive=drive) == []
    assert Entry.objects.filter(drive=drive, group="A").count() == 7


# --- starting ------------------------------------------------------------------------


def assert_not_started(drive: Drive) -> None:
    drive.refresh_from_db()
    assert drive.state == DriveState.OPEN
    assert drive.current_round == 0
    assert drive.started_at is None
    assert not Round.objects.filter(drive=drive).exists()
    assert not SeatAssignment.objects.filter(round__drive=drive).exists()
    assert not Entry.objects.filter(drive=drive, joined_round__isnull=False).exists()


def test_start_refused_with_fewer_than_four_checked_in():
    drive = open_drive()
    register(drive, 2, "A")
    register(drive, 1, "B")
    register(drive, 1, "B", checked_in=False)
    with pytest.raises(ValidationError) as caught:
        drive_services.drive_start(drive=drive)
    assert "at least 4 players" in caught.value.messages[0]
    assert "3 are checked in" in caught.value.messages[0]
    assert_not_started(drive)


@pytest.mark.parametrize("registered", [0, 6])
def test_start_refused_with_nobody_checked_in(registered):
    drive = open_drive()
    register(drive, registered // 2, "A", checked_in=False)
    register(drive, registered // 2, "B", checked_in=False)
    with pytest.raises(ValidationError) as caught:
        drive_services.drive_start(drive=drive)
    assert caught.value.messages == [
        "Nobody is checked in yet: check the players in, then start the drive."
    ]
    assert_not_started(drive)


def test_start_refused_with_unbalanced_groups():
    drive = open_drive()
    register(drive, 6, "A")
    register(drive, 2, "B")
    with pytest.raises(ValidationError) as caught:
        drive_services.drive_start(drive=drive)
    assert caught.value.messages == [
        "Move 2 players from Ladies to Gents. Balance the groups, then start."
    ]
    assert_not_started(drive)


def test_start_refused_twice():
    drive = drive_with_players(players=8)
    with pytest.raises(ValidationError, match="already started"):
        drive_services.drive_start(drive=drive)
    assert Round.objects.filter(drive=drive).count() == 1


def test_start_seats_everyone_checked_in_exactly_once():
    drive = open_drive()
    present = register(drive, 6, "A") + register(drive, 5, "B")
    absent = register(drive, 2, "B", checked_in=False)

    drive_services.drive_start(drive=drive)

    drive.refresh_from_db()
    assert drive.state == DriveState.IN_PLAY
    assert drive.current_round == 1
    assert drive.started_at is not None
    seats = seats_of(drive, 1)
    assert sorted(s.entry_id for s in seats) == sorted(e.pk for e in present)
    at_tables = [s for s in seats if s.table_id is not None]
    assert len(at_tables) == 8
    assert Counter(s.table.number for s in at_tables) == {1: 4, 2: 4}
    groups = {e.pk: e.group for e in present}
    for seat in at_tables:
        assert groups[seat.entry_id] == ("A" if seat.position in "NE" else "B")
    sit_outs = Counter(groups[s.entry_id] for s in seats if s.table_id is None)
    assert sit_outs == {"A": 2, "B": 1}
    joined = dict(Entry.objects.filter(drive=drive).values_list("pk", "joined_round"))
    assert all(joined[e.pk] == 1 for e in present)
    assert all(joined[e.pk] is None for e in absent)


def test_the_first_draw_depends_on_the_seed_only():
    # Each call is a drive of its own, its entries other rows with other ids:
    # the same seed draws the same seats for the same registrations, and
    # another seed draws other seats.
    def seating(seed: int) -> list[tuple[int, int | None, str]]:
        drive = open_drive(seed=seed)
        entries = register(drive, 4, "A") + register(drive, 4, "B")
        drive_services.drive_start(drive=drive)
        index = {e.pk: i for i, e in enumerate(entries)}
        return sorted(
            (index[s.entry_id], s.table.number if s.table else None, s.position)
            for s in seats_of(drive, 1)
        )

    first = seating(5)
    assert len(first) == 8
    assert seating(5) == first
    assert seating(6) != first


# --- during play ---------------------------------------------------------------------


def test_late_arrivals_join_at_the_next_round():
    drive = drive_with_players(players=8)
    late_a = drive_services.entry_register(drive=drive, name="Late Lady", group="A")
    late_b = drive_services.entry_register(drive=drive, name="Late Gent", group="B")
    assert (late_a.joined_round, late_b.joined_round) == (2, 2)
    assert not SeatAssignment.objects.filter(entry__in=[late_a, late_b]).exists()
    assert selectors.head_count(drive=drive).players == 10

    play_round(drive)

    assert drive.current_round == 2
    seated = [s.entry_id for s in seats_of(drive, 2)]
    assert len(seated) == 10
    assert seated.count(late_a.pk) == 1
    assert seated.count(late_b.pk) == 1


def test_a_late_arrival_checked_in_during_play_joins_at_the_next_round():
    drive = drive_with_players(players=8)
    play_round(drive)
    entry = drive_services.entry_register(
        drive=drive, name="Very Late", group="A", checked_in=False
    )
    assert entry.joined_round is None
    entry = entry_services.entry_check_in(entry=entry, checked_in=True)
    assert Entry.objects.get(pk=entry.pk).joined_round == 3


def test_withdrawal_takes_effect_next_round_and_the_player_is_not_seated_after():
    drive = drive_with_players(players=12)
    leaver = drive.entries.order_by("number")[0]

    withdrawn = entry_services.entry_withdraw(entry=leaver)

    assert withdrawn.withdrawn_from_round == 2
    assert [s.entry_id for s in seats_of(drive, 1)].count(leaver.pk) == 1
    assert selectors.head_count(drive=drive).players == 11
    with pytest.raises(ValidationError, match="already withdrawn"):
        entry_services.entry_withdraw(entry=leaver)

    while drive.state == DriveState.IN_PLAY:
        play_round(drive)

    assert drive.current_round == 6
    for number in range(2, 7):
        seats = seats_of(drive, number)
        assert len(seats) == 11
        assert leaver.pk not in {s.entry_id for s in seats}


def test_a_withdrawal_can_be_undone_before_it_takes_effect_only():
    drive = drive_with_players(players=8)
    entry = drive.entries.first()
    entry_services.entry_withdraw(entry=entry)
    entry_services.entry_reinstate(entry=entry)
    assert Entry.objects.get(pk=entry.pk).withdrawn_from_round is None

    entry_services.entry_withdraw(entry=entry)
    play_round(drive)
    with pytest.raises(ValidationError, match="taken effect"):
        entry_services.entry_reinstate(entry=entry)
    assert Entry.objects.get(pk=entry.pk).withdrawn_from_round == 2


def test_a_withdrawal_that_would_empty_every_table_is_refused():
    drive = drive_with_players(players=4)
    entry = drive.entries.first()
    with pytest.raises(ValidationError, match="no table could be filled"):
        entry_services.entry_withdraw(entry=entry)
    assert Entry.objects.get(pk=entry.pk).withdrawn_from_round is None


def test_sit_outs_are_fair_across_a_drive_of_ten():
    drive = drive_with_players(players=10, hands=10, seed=3)
    groups = dict(drive.entries.values_list("pk", "group"))
    rng = random.Random(11)
    counts: Counter[int] = Counter()
    while True:
        seats = seats_of(drive, drive.current_round)
        assert len(seats) == 10
        sat_out = [s.entry_id for s in seats if s.table_id is None]
        assert sorted(groups[e] for e in sat_out) == ["A", "B"]
        counts.update(sat_out)
        for group in "AB":
            members = [counts[e] for e, g in groups.items() if g == group]
            # Nobody sits out twice while someone in the same group has not sat out once.
            assert max(members) - min(members) <= 1
        if drive.current_round == drive.rounds:
            break
        play_round(drive, tricks=lambda deal: rng.randint(0, 13))
    # 10 rounds, one sit-out per group per round, five players per group.
    assert set(counts.values()) == {2}
    assert len(counts) == 10


def test_groups_are_balanced_again_after_withdrawals_during_play():
    """Three Ladies go home after round 1: 7 Ladies and 10 Gents fill only
    three tables. Balancing moves one Gent to the Ladies from round 3 (round 2
    was seated already): four tables again, and he sits in a Lady's seat."""
    from drive.movement import SEAT_GROUP

    drive = drive_with_players(players=20, hands=5)  # 10 A, 10 B, progressive
    play_round(drive)  # round 2 is seated
    ladies = list(Entry.objects.filter(drive=drive, group="A").order_by("number"))
    for leaver in ladies[:3]:
        entry_services.entry_withdraw(entry=leaver)
    count = selectors.head_count(drive=drive)
    assert (count.group_a, count.group_b, count.tables) == (7, 10, 3)
    assert count.advice != 0

    before = set(
        Entry.objects.filter(drive=drive, group="A").values_list("pk", flat=True)
    )
    assert len(entry_services.groups_balance(drive=drive)) == 1
    (mover,) = Entry.objects.filter(drive=drive, group="A").exclude(pk__in=before)
    count = selectors.head_count(drive=drive)
    assert (count.group_a, count.group_b, count.tables) == (8, 9, 4)
    assert count.advice == 0
    # Round 2, already seated, stands as it was; round 3 seats four tables.
    play_round(drive)
    assert drive.current_round == 3
    seats = SeatAssignment.objects.filter(round__drive=drive, round__number=3)
    assert seats.filter(table__isnull=False).values("table").distinct().count() == 4
    seat = seats.get(entry=mover)
    assert seat.table is not None
    assert SEAT_GROUP[seat.position].value == "A"


def test_a_players_group_can_change_until_the_last_round_is_in_play():
    drive = drive_with_players(players=8, hands=3)
    entry = Entry.objects.get(drive=drive, number=1)
    target = "B" if entry.group == "A" else "A"
    # 4 A and 4 B fill two tables; one moved leaves one table and three out.
    entry_services.entry_set_group(entry=entry, group=target)
    assert Entry.objects.get(pk=entry.pk).group == target
    entry_services.entry_set_group(entry=entry, group=entry.group)  # and back
    play_round(drive)
    play_round(drive)
    drive.refresh_from_db()
    assert drive.current_round == drive.rounds == 3
    with pytest.raises(ValidationError, match="The last round is in play"):
        entry_services.entry_set_group(entry=entry, group=target)
    with pytest.raises(ValidationError, match="The last round is in play"):
        entry_services.groups_balance(drive=drive)
    assert Entry.objects.get(pk=entry.pk).group == entry.group


def test_a_group_change_that_would_empty_the_tables_is_refused():
    drive = drive_with_players(players=4, hands=3)
    entry = Entry.objects.get(drive=drive, number=1)
    target = "B" if entry.group == "A" else "A"
    with pytest.raises(ValidationError, match="no table could be filled"):
        entry_services.entry_set_group(entry=entry, group=target)
    assert Entry.objects.get(pk=entry.pk).group == entry.group


def test_a_group_change_in_a_stationary_drive_re_plans_the_rounds_to_come():
    from drive.movement import SEAT_GROUP

    drive = drive_with_players(players=18, hands=4, format="stationary")
    entry = Entry.objects.filter(drive=drive, group="B").order_by("-number").first()
    entry_services.entry_set_group(entry=entry, group="A")
    for number in range(2, drive.rounds + 1):
        seat = SeatAssignment.objects.get(
            round__drive=drive, round__number=number, entry=entry
        )
        assert seat.table is None or SEAT_GROUP[seat.position].value == "A"
    seat = SeatAssignment.objects.get(round__drive=drive, round__number=1, entry=entry)
    assert seat.table is None or SEAT_GROUP[seat.position].value == "B"

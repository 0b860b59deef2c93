"""Every format through the drive services: start, play, re-plan, three-handed tables."""

from __future__ import annotations

from collections import Counter

import pytest
from django.core.exceptions import ValidationError

from drive import entry_services, services
from drive import seating as drive_seating
from drive.models import DriveState, Entry, Round, SeatAssignment
from drive.movement.quality import movement_quality
from drive.movement.types import DUMMY
from scoring.hand_plays import deals
from scoring.selectors import leaderboard
from tests.factories import (
    DriveFactory,
    PlayerFactory,
    drive_with_players,
    play_drive,
    play_round,
)

pytestmark = pytest.mark.django_db

FIXED = ["stationary", "partners", "individual"]


def seats_by_round(drive):
    rows = Counter()
    for round_number, entry_id in SeatAssignment.objects.filter(
        round__drive=drive
    ).values_list("round__number", "entry_id"):
        rows[(round_number, entry_id)] += 1
    return rows


@pytest.mark.parametrize("format", FIXED)
def test_fixed_formats_store_the_whole_evening_at_the_start(format):
    drive = drive_with_players(players=12, format=format, hands=6)
    assert drive.state == DriveState.IN_PLAY
    assert drive.current_round == 1
    assert list(Round.objects.filter(drive=drive).values_list("number", flat=True)) == [
        1,
        2,
        3,
        4,
        5,
        6,
    ]
    entries = list(Entry.objects.filter(drive=drive).values_list("pk", flat=True))
    counts = seats_by_round(drive)
    for round_number in range(1, 7):
        assert all(counts[(round_number, e)] == 1 for e in entries)


@pytest.mark.parametrize(
    ("format", "players"),
    [
        ("progressive", 10),
        ("semi-partner", 9),
        ("stationary", 11),
        ("partners", 10),
        ("individual", 13),
    ],
)
def test_every_format_plays_to_the_end_with_sit_outs(format, players):
    drive = drive_with_players(players=players, format=format, hands=8)
    play_drive(drive, tricks=lambda deal: (deal.hand * 5 + deal.table) % 14)
    assert drive.state == DriveState.FINISHED
    rows = leaderboard(drive=drive)
    assert len(rows) == players
    # Every hand is played by every table seated in its round.
    assert all(d.ns_tricks is not None for d in deals(drive=drive))
    # Sit-outs rotate: nobody sits out twice while another of the same group
    # (or anyone, where the format has no groups) has not sat out once.
    grouped = format in ("progressive", "semi-partner", "stationary")
    lines: list[set[int]] = [{r.entry for r in rows}]
    if grouped:
        lines = [{r.entry for r in rows if r.group == g} for g in "AB"]
    for line in lines:
        sat_out = [r.sat_out for r in rows if r.entry in line]
        assert max(sat_out) - min(sat_out) <= 1
    assert sum(r.sat_out for r in rows) > 0


def test_partners_keep_their_pairs_all_evening():
    drive = drive_with_players(players=10, format="partners", hands=5)
    pairs = {
        e.pk: e.pair for e in Entry.objects.filter(drive=drive)
    }  # entry -> pair number
    for seating in drive_seating.stored_seatings(drive=drive):
        for table in seating.tables:
            assert pairs[table.north] == pairs[table.south]
            assert pairs[table.east] == pairs[table.west]
    # Five pairs: one pair sits out each round, the bye going round all five.
    sat_out = [
        frozenset(s.sit_outs) for s in drive_seating.stored_seatings(drive=drive)
    ]
    assert all(len(s) == 2 for s in sat_out)
    assert len(set(sat_out)) == 5
    assert {pairs[p] for s in sat_out for p in s} == set(pairs.values())


@pytest.mark.parametrize(("hands", "hands_per_round"), [(6, 1), (24, 4)])
def test_three_pairs_sit_out_in_turn_and_all_meet(hands, hands_per_round):
    """Three pairs, one table: the drive played through the services, round by
    round. The pair sitting out changes every round and every pair has sat out
    once in every three rounds, while the other two meet: a round robin."""
    drive = drive_with_players(
        players=6, format="partners", hands=hands, hands_per_round=hands_per_round
    )
    pair_of = {e.pk: e.pair for e in Entry.objects.filter(drive=drive)}
    assert drive.rounds == 6
    sitting_out, meetings = [], Counter()
    while drive.state == DriveState.IN_PLAY:
        seating = drive_seating.seating_of_round(
            drive=drive, round_number=drive.current_round
        )
        assert len(seating.tables) == 1
        table = seating.tables[0]
        assert pair_of[table.north] == pair_of[table.south]
        assert pair_of[table.east] == pair_of[table.west]
        meetings[frozenset({pair_of[table.north], pair_of[table.east]})] += 1
        out = {pair_of[p] for p in seating.sit_outs}
        assert len(out) == 1 and len(seating.sit_outs) == 2
        sitting_out.append(out.pop())
        # The leaderboard so far: nobody has sat out a round more than anyone else.
        sat_out = [r.sat_out for r in leaderboard(drive=drive)]
        assert max(sat_out) - min(sat_out) <= hands_per_round
        play_round(drive)
    assert all(a != b for a, b in zip(sitting_out, sitting_out[1:], strict=False))
    for start in (0, 3):
        assert sorted(sitting_out[start : start + 3]) == [1, 2, 3]
    assert meetings == {
        frozenset({1, 2}): 2,
        frozenset({1, 3}): 2,
        frozenset({2, 3}): 2,
    }
    rows = leaderboard(drive=drive)
    assert all(r.sat_out == 2 * hands_per_round for r in rows)


def test_partners_drive_refuses_a_player_without_a_partner():
    drive = drive_with_players(players=8, format="partners", start=False)
    services.entry_register(drive=drive, player=PlayerFactory(club=drive.club))
    with pytest.raises(ValidationError) as error:
        services.drive_start(drive=drive)
    assert "without a partner: 9" in " ".join(error.value.messages)
    drive.refresh_from_db()
    assert drive.state == DriveState.OPEN
    assert not Round.objects.filter(drive=drive).exists()


def test_pair_registration_gives_one_pair_number_and_both_groups():
    drive = DriveFactory(state="open", format="partners")
    first, second = services.pair_register(
        drive=drive, first_name="Ada Lovelace", second_name="Charles Babbage"
    )
    assert (first.pair, second.pair) == (1, 1)
    assert (first.group, second.group) == ("A", "B")
    assert (first.number, second.number) == (1, 2)
    with pytest.raises(ValidationError):
        services.pair_register(drive=drive, first_name="Grace", second_name="grace")


def test_individual_drive_reaches_the_whist_ideal_for_eight_players():
    drive = drive_with_players(players=8, format="individual", hands=7)
    quality = movement_quality(schedule=drive_seating.stored_seatings(drive=drive))
    assert quality.max_partner_count == 1
    assert quality.max_opponent_count <= 2
    assert quality.min_distinct_partners == 7


@pytest.mark.parametrize("format", FIXED)
def test_late_arrival_re_plans_the_rounds_not_yet_played(format):
    drive = drive_with_players(players=12, format=format, hands=6)
    play_round(drive)
    before = drive_seating.stored_seatings(drive=drive, up_to=2)
    if format == "partners":
        one, two = services.pair_register(
            drive=drive,
            first=PlayerFactory(club=drive.club),
            second=PlayerFactory(club=drive.club),
        )
        arrivals = {one.pk, two.pk}
    else:
        late = services.entry_register(
            drive=drive, player=PlayerFactory(club=drive.club), group="A"
        )
        arrivals = {late.pk}
    drive.refresh_from_db()
    after = drive_seating.stored_seatings(drive=drive)
    assert after[:2] == before  # what was played (and the round in play) stands
    assert len(after) == 6
    for seating in after[:2]:
        assert not arrivals & seating.players()
    for seating in after[2:]:
        assert arrivals <= seating.players()


@pytest.mark.parametrize("format", FIXED)
def test_withdrawal_re_plans_without_the_player(format):
    drive = drive_with_players(players=12, format=format, hands=6)
    leaver = Entry.objects.filter(drive=drive).order_by("number").first()
    entry_services.entry_withdraw(entry=leaver)
    gone = {leaver.pk}
    if format == "partners":
        gone = set(
            Entry.objects.filter(drive=drive, pair=leaver.pair).values_list(
                "pk", flat=True
            )
        )
        assert len(gone) == 2
        assert Entry.objects.filter(pk__in=gone, withdrawn_from_round=2).count() == 2
    seatings = drive_seating.stored_seatings(drive=drive)
    assert gone <= seatings[0].players()
    for seating in seatings[1:]:
        assert not gone & seating.players()
    play_drive(drive)
    assert drive.state == DriveState.FINISHED


@pytest.mark.parametrize("format", ["progressive", "individual", "stationary"])
def test_three_left_over_play_with_a_dummy_instead_of_sitting_out(format):
    drive = drive_with_players(players=11, format=format, hands=4, three_handed=True)
    play_drive(drive, tricks=lambda deal: (deal.hand + deal.table) % 14)
    for seating in drive_seating.stored_seatings(drive=drive):
        assert seating.sit_outs == ()
        dummies = [t for t in seating.tables if DUMMY in t.players()]
        assert len(dummies) == 1
        assert sum(1 for p in dummies[0].players() if p == DUMMY) == 1
    rows = leaderboard(drive=drive)
    assert all(r.sat_out == 0 for r in rows)
    assert all(r.played == 4 for r in rows)
    # The three at the dummy table change from round to round.
    trios = [
        frozenset(p for t in s.tables if DUMMY in t.players() for p in t.players())
        for s in drive_seating.stored_seatings(drive=drive)
    ]
    assert len(set(trios)) > 1


def test_dummy_partner_scores_and_the_dummy_seat_scores_nothing():
    drive = drive_with_players(
        players=7, format="progressive", hands=1, three_handed=True
    )
    play_drive(drive, tricks=lambda deal: 13)  # N-S take every trick
    dummy_table = next(
        t
        for t in drive_seating.stored_seatings(drive=drive)[0].tables
        if DUMMY in t.players()
    )
    scores = {r.entry: r.score for r in leaderboard(drive=drive)}
    for seat, player in zip("NESW", dummy_table.players(), strict=True):
        if player == DUMMY:
            continue
        assert scores[player] == (7 if seat in "NS" else 0)


def test_grouped_formats_start_only_with_both_groups():
    drive = DriveFactory(state="open", format="stationary")
    for _ in range(6):
        services.entry_register(
            drive=drive, player=PlayerFactory(club=drive.club), group="A"
        )
    with pytest.raises(ValidationError) as error:
        services.drive_start(drive=drive)
    assert "Move 2 players from Ladies to Gents" in " ".join(error.value.messages)


def test_individual_format_ignores_groups():
    drive = DriveFactory(state="open", format="individual", hands=3)
    for _ in range(8):
        services.entry_register(
            drive=drive, player=PlayerFactory(club=drive.club), group="A"
        )
    services.drive_start(drive=drive)
    drive.refresh_from_db()
    assert drive.state == DriveState.IN_PLAY
    assert len(drive_seating.stored_seatings(drive=drive)[0].tables) == 2

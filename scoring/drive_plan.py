"""Read a drive from the database into the plain plan its cards are made of
(scoring.cards): a handful of queries whatever the size of the drive: entries,
tables, seats, confirmed results (tricks, honours and revoke), a rubber
drive's rubbers (scoring.selectors.drive_rubbers), and (for filled-in cards)
the standings.
"""

from __future__ import annotations

from collections import defaultdict

from drive import movement
from drive.models import (
    Drive,
    DriveState,
    Entry,
    SeatAssignment,
    Table,
)
from drive.movement.types import Group
from drive.selectors import movement_pairs
from scoring.card_plan import DrivePlan, EntryInfo, EntryTotal, RoundPlan
from scoring.cards import CARDS
from scoring.models import HandResult, ResultStatus
from scoring.selectors import (
    DriveScores,
    drive_rubbers,
    drive_scores,
    prediction_plays,
)


def is_started(drive: Drive) -> bool:
    return drive.state in (DriveState.IN_PLAY, DriveState.FINISHED)


def _planned_tables(drive: Drive) -> int:
    """Before the start: the tables the registered players would fill."""
    groups = list(
        Entry.objects.filter(drive=drive, withdrawn_from_round__isnull=True)
        .values_list("group", flat=True)
        .order_by()
    )
    a = sum(1 for group in groups if group == Group.A.value)
    return movement.table_count(group_a=a, group_b=len(groups) - a)


def _planned_pairs(drive: Drive) -> int:
    """A partners drive's pairs: before the start every registered pair (the
    cards are printed before check-in), in play those of the coming round."""
    if not drive.plays_in_pairs:
        return 0
    if is_started(drive):
        return movement_pairs(drive=drive)
    groups: dict[int, set[str]] = defaultdict(set)
    for pair, group in Entry.objects.filter(
        drive=drive, withdrawn_from_round__isnull=True, pair__isnull=False
    ).values_list("pair", "group"):
        groups[pair].add(group)
    return sum(1 for found in groups.values() if found == {"A", "B"})


def load_plan(
    *, drive: Drive, with_totals: bool = False, scores: DriveScores | None = None
) -> DrivePlan:
    """What the drive's cards need (scoring.card_plan), with each entry's totals
    when `with_totals` (from `scores`, when the caller has read them)."""
    entries = tuple(
        EntryInfo(number, name, group, pair)
        for number, name, group, pair in Entry.objects.filter(drive=drive)
        .order_by("number")
        .values_list("number", "player__name", "group", "pair")
    )
    tables: dict[int, dict[int, dict[str, int]]] = defaultdict(dict)
    sit_outs: dict[int, set[int]] = defaultdict(set)
    for round_number, table, position, number in SeatAssignment.objects.filter(
        round__drive=drive
    ).values_list("round__number", "table__number", "position", "entry__number"):
        if table is None:
            sit_outs[round_number].add(number)
        else:
            tables[round_number].setdefault(table, {})[position] = number
    rounds = {
        number: RoundPlan(number, tables.get(number, {}), frozenset(sit_outs[number]))
        for number in set(tables) | set(sit_outs)
    }
    stored_tables = set(
        Table.objects.filter(drive=drive).values_list("number", flat=True)
    )
    if not is_started(drive):
        stored_tables |= set(range(1, _planned_tables(drive) + 1))
    ns_tricks: dict[tuple[int, int], int] = {}
    deal_marks: dict[tuple[int, int], tuple[str, str]] = {}
    for table, hand, ns, honours, revoke in HandResult.objects.filter(
        table__drive=drive, status=ResultStatus.CONFIRMED
    ).values_list("table__number", "hand", "ns_tricks", "honours", "revoke"):
        ns_tricks[table, hand] = ns
        if honours or revoke:
            deal_marks[table, hand] = (honours, revoke)
    totals: dict[int, EntryTotal] = {}
    if with_totals:
        totals = {
            s.number: EntryTotal(s.score, s.adjustment, s.total, s.share)
            for s in (scores or drive_scores(drive=drive)).standings()
        }
    rubber_rules, rubber_preset = CARDS[drive.game].rubber_rules(drive)
    return DrivePlan(
        club=drive.club.name,
        drive=drive.name,
        date=drive.date,
        venue=drive.venue,
        format=drive.format,
        winners_move=drive.winners_move,
        hands=drive.hands,
        hands_per_round=drive.hands_per_round,
        trumps=drive.trumps,
        rule=drive.scoring_rule,
        group_a_label=drive.group_a_label,
        group_b_label=drive.group_b_label,
        started=is_started(drive),
        entries=entries,
        rounds=rounds,
        tables=tuple(sorted(stored_tables)),
        ns_tricks=ns_tricks,
        totals=totals,
        pairs=_planned_pairs(drive),
        count_honours=drive.count_honours,
        honours_values=drive.scoring_choices[0],
        revoke_penalty=drive.scoring_choices[1],
        revoke_tricks=drive.scoring_choices[2],
        deal_marks=deal_marks,
        rubber_rules=rubber_rules,
        rubber_preset=rubber_preset,
        rubbers=tuple(drive_rubbers(drive=drive)),
        predictions={
            (play.table, play.hand): play.deal for play in prediction_plays(drive=drive)
        },
    )

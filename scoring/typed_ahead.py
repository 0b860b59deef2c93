"""Results typed ahead from a travel slip (scoring.services: types_ahead),
so that none is lost without a word.

A slip typed whole holds the hands of rounds not seated yet: they *wait* at
their table's number until their round is seated. Nothing may then seat those
rounds anew (a change of players: drive.signals.seating_to_change is refused
here), or the slip's results would count for other players than the slip's,
or for nobody. A result whose round is seated, or gone by, without its table
in it counts for nobody: it is *stranded*, and the score grid says so, so that
the desk types it again where it was played. A hand typed ahead at a table
that a withdrawal already recorded has taken out of its round is refused as
it is typed (`refuse_tables_dropped`), so that none is stranded so.

Here are the rules (what is typed ahead, what is seated, what is stranded)
and the reads: the waiting and stranded results, and the rows of a table's
slip in rounds that do not seat it (`unseated_plays`, for the score grid). A
result typed ahead, or stranded, is removed by scoring.typed_ahead_clear (the
desk empties its cell on the table's slip).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from django.core.exceptions import ValidationError
from django.utils.translation import ngettext

from drive.models import Drive, DriveState, Round, SeatAssignment
from drive.movement import plan
from drive.seating import lineup
from drive.trumps import trumps_for_hand
from players.language import list_label_count, number_runs
from scoring.hand_plays import HandPlay
from scoring.models import HandResult, ResultStatus

STANDING = (ResultStatus.PENDING, ResultStatus.CONFIRMED)


@dataclass(frozen=True)
class TableHands:
    """One table's hands of a kind (waiting or stranded), in order."""

    table: int
    hands: tuple[int, ...]
    rounds: tuple[int, ...]

    @property
    def runs(self) -> str:
        return number_runs(list(self.hands))


@dataclass(frozen=True)
class TypedAhead:
    waiting: list[TableHands]
    stranded: list[TableHands]


def _by_table(found: dict[int, list[tuple[int, int]]]) -> list[TableHands]:
    return [
        TableHands(
            table,
            tuple(sorted(hand for hand, _r in rows)),
            tuple(sorted({r for _h, r in rows})),
        )
        for table, rows in sorted(found.items())
    ]


# --- the rules, each once ------------------------------------------------------


def is_ahead(drive: Drive, hand: int) -> bool:
    """Whether a hand's result is *typed ahead*: its round not reached yet in
    a drive in play (it waits at its table's number)."""
    return (
        drive.state == DriveState.IN_PLAY
        and drive.round_of_hand(hand) > drive.current_round
    )


def is_stranded(drive: Drive, table_number: int, hand: int) -> bool:
    """Whether table `table_number`'s result for `hand` would be *stranded*:
    the hand's round is reached (or the drive is over) and does not seat the
    table, so its result counts for nobody."""
    if is_ahead(drive, hand):
        return False
    return not SeatAssignment.objects.filter(
        round__drive=drive,
        round__number=drive.round_of_hand(hand),
        table__number=table_number,
    ).exists()


@dataclass(frozen=True)
class _Typed:
    """A standing result as these rules read it."""

    result: HandResult
    table: int
    round: int
    # Whether the result's round seats its table (else nobody plays there).
    seated: bool


def _standing(drive: Drive, table_number: int | None = None) -> list[_Typed]:
    """The drive's standing results (one table's, if `table_number`), each
    with its round and whether that round seats its table: two queries."""
    seats = SeatAssignment.objects.filter(round__drive=drive, table__isnull=False)
    results = HandResult.objects.filter(table__drive=drive, status__in=STANDING)
    if table_number is not None:
        seats = seats.filter(table__number=table_number)
        results = results.filter(table__number=table_number)
    seated = set(seats.values_list("round__number", "table__number").distinct())
    found = []
    for result in results.select_related("table").order_by("hand"):
        round_number = drive.round_of_hand(result.hand)
        number = result.table.number
        found.append(
            _Typed(result, number, round_number, (round_number, number) in seated)
        )
    return found


# --- the reads -----------------------------------------------------------------


def typed_ahead(drive: Drive) -> TypedAhead:
    """The drive's standing results waiting for their round to be seated, and
    those stranded at a table that has no game in their round, by table."""
    waiting: dict[int, list[tuple[int, int]]] = {}
    stranded: dict[int, list[tuple[int, int]]] = {}
    for typed in _standing(drive):
        hand = typed.result.hand
        if is_ahead(drive, hand):
            waiting.setdefault(typed.table, []).append((hand, typed.round))
        elif not typed.seated:
            stranded.setdefault(typed.table, []).append((hand, typed.round))
    return TypedAhead(_by_table(waiting), _by_table(stranded))


def unseated_plays(
    *, drive: Drive, table_number: int, deals: Iterable[HandPlay]
) -> list[HandPlay]:
    """A table's hands in rounds that do not seat it (`deals`: the drive's
    deals seated so far), as its travel slip lists them: nobody known in the
    seats, with the result typed there, if any."""
    seated = {d.hand for d in deals if d.table == table_number}
    typed = {
        t.result.hand: t.result
        for t in _standing(drive, table_number)
        if not t.seated and t.result.status == ResultStatus.CONFIRMED
    }
    trumps = drive.trumps
    rows = []
    for hand in range(1, drive.hands + 1):
        if hand in seated:
            continue
        result = typed.get(hand)
        rows.append(
            HandPlay(
                hand=hand,
                round=drive.round_of_hand(hand),
                trumps=trumps_for_hand(trumps, hand),
                table=table_number,
                table_id=0,
                north=None,
                east=None,
                south=None,
                west=None,
                ns_tricks=result.ns_tricks if result else None,
                version=result.version if result else 0,
                honours=result.honours if result else "",
                revoke=result.revoke if result else "",
            )
        )
    return rows


def tables_dropped(drive: Drive, typed: Iterable[tuple[int, int]]) -> list[TableHands]:
    """Of the (table, hand) typed, those typed ahead, for a round not seated
    yet, at a table of the round in play that the players as entered now (a
    withdrawal recorded counts) no longer fill: it has no game in that round.
    (A table with no game in the round in play either is refused as such:
    scoring.services.)"""
    ahead = [(t, h) for t, h in typed if is_ahead(drive, h)]
    if not ahead:
        return []
    planned = set(
        Round.objects.filter(drive=drive, number__gt=drive.current_round).values_list(
            "number", flat=True
        )
    )
    in_play = set(
        SeatAssignment.objects.filter(
            round__drive=drive, round__number=drive.current_round, table__isnull=False
        ).values_list("table__number", flat=True)
    )
    filled: dict[int, int] = {}
    found: dict[int, list[tuple[int, int]]] = {}
    for table, hand in ahead:
        round_number = drive.round_of_hand(hand)
        if round_number in planned or table not in in_play:
            continue
        if round_number not in filled:
            filled[round_number] = plan.head_count(
                format=drive.format,
                lineup=lineup(drive=drive, round_number=round_number),
                three_handed=drive.three_handed,
            ).tables
        if table > filled[round_number]:
            found.setdefault(table, []).append((hand, round_number))
    return _by_table(found)


def refuse_tables_dropped(drive: Drive, typed: Iterable[tuple[int, int]]) -> None:
    """Refuse (code "conflict") a slip's hands typed ahead at a table that
    has no game in their round any more, naming the table and hands."""
    dropped = tables_dropped(drive, typed)
    if not dropped:
        return
    said = [
        ngettext(
            "Table %(table)s has no game in the round of hand %(hands)s any more.",
            "Table %(table)s has no game in the rounds of hands %(hands)s any more.",
            list_label_count(row.hands),
        )
        % {"table": row.table, "hands": row.runs}
        for row in dropped
    ]
    said.append(
        ngettext(
            "After a withdrawal the players left fill fewer tables. Nothing was "
            "saved: type that hand at the table where it was played, or leave "
            "it empty.",
            "After a withdrawal the players left fill fewer tables. Nothing was "
            "saved: type those hands at the table where they were played, or "
            "leave them empty.",
            sum(len(row.hands) for row in dropped),
        )
    )
    raise ValidationError(" ".join(said), code="conflict")


def waiting_text(rows: list[TableHands]) -> str:
    """ "Table 7 has results typed from its slip for hands 13–24, …" """
    return " ".join(
        ngettext(
            "Table %(table)s has a result typed from its slip for hand %(hands)s, "
            "waiting for its round to be seated.",
            "Table %(table)s has results typed from its slip for hands %(hands)s, "
            "waiting for their rounds to be seated.",
            list_label_count(row.hands),
        )
        % {"table": row.table, "hands": row.runs}
        for row in rows
    )


def stranded_text(rows: list[TableHands]) -> str:
    """The stranded results, each table in a sentence of its own."""
    return " ".join(
        ngettext(
            "Table %(table)s has a result typed for hand %(hands)s, but it has "
            "no game in that hand's round: it counts for nobody. Type it again "
            "at the table where it was played.",
            "Table %(table)s has results typed for hands %(hands)s, but it has "
            "no game in those hands' rounds: they count for nobody. Type them "
            "again at the table where they were played.",
            list_label_count(row.hands),
        )
        % {"table": row.table, "hands": row.runs}
        for row in rows
    )


def refuse_seating_change(
    *, drive: Drive, tables: set[tuple[int, int]] | None, **_kwargs: object
) -> None:
    """drive.signals.seating_to_change's receiver (connected in scoring.apps):
    a change of players that would seat anew a round where a slip's results
    wait is refused, naming the tables and hands."""
    waiting = [
        row
        for row in typed_ahead(drive).waiting
        if tables is None or any((r, row.table) in tables for r in row.rounds)
    ]
    if waiting:
        raise ValidationError(
            waiting_text(waiting)
            + " "
            + ngettext(
                "A change of players now would seat that round anew, and what "
                "the slip says could then count for other players. Type the "
                "slips still missing up to it first, so that it is seated; "
                "then make the change.",
                "A change of players now would seat those rounds anew, and what "
                "the slips say could then count for other players. Type the "
                "slips still missing up to them first, so that they are "
                "seated; then make the change.",
                len({r for row in waiting for r in row.rounds}),
            ),
            code="conflict",
        )

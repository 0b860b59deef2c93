"""Results typed ahead from a travel slip (scoring.services: types_ahead),
so that none is lost without a word.

A slip typed whole holds the hands of rounds not seated yet: they *wait* at
their table's number until their round is seated. Nothing may then seat those
rounds anew (a change of players: drive.signals.seating_to_change is refused
here), or the slip's results would count for other players than the slip's,
or for nobody. A result whose round is seated, or gone by, without its table
in it counts for nobody: it is *stranded*, and the score grid says so, so that
the desk types it again where it was played.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.core.exceptions import ValidationError
from django.utils.translation import ngettext

from drive.models import Drive, DriveState, SeatAssignment
from players.language import list_label_count, number_runs
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


def typed_ahead(drive: Drive) -> TypedAhead:
    """The drive's standing results waiting for their round to be seated, and
    those stranded at a table that has no game in their round, by table."""
    seated = set(
        SeatAssignment.objects.filter(
            round__drive=drive, table__isnull=False
        ).values_list("round__number", "table_id")
    )
    in_play = drive.state == DriveState.IN_PLAY
    waiting: dict[int, list[tuple[int, int]]] = {}
    stranded: dict[int, list[tuple[int, int]]] = {}
    for table_id, number, hand in HandResult.objects.filter(
        table__drive=drive, status__in=STANDING
    ).values_list("table_id", "table__number", "hand"):
        round_number = drive.round_of_hand(hand)
        if in_play and round_number > drive.current_round:
            waiting.setdefault(number, []).append((hand, round_number))
        elif (round_number, table_id) not in seated:
            stranded.setdefault(number, []).append((hand, round_number))
    return TypedAhead(_by_table(waiting), _by_table(stranded))


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

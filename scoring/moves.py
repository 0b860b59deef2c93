"""Where each player of a table goes in the next round, as its captain's
phone tells them when a new round has just been seated: the table and seat,
staying, sitting out, or gone (withdrawn from the drive).
"""

from __future__ import annotations

from dataclasses import dataclass

from django.utils.translation import gettext as _

from drive.models import Drive, Round, SeatAssignment
from players.no_break import held_numbers
from scoring import prediction_rules
from scoring.table_games import TABLES
from scoring.table_state import PLAY_ORDER, seat_name


class MoveKind:
    STAYS = "stays"
    MOVES = "moves"
    SITS_OUT = "sits_out"
    LEFT = "left"  # withdrawn from the drive


@dataclass(frozen=True)
class Move:
    """Where one player of a table goes in the next round."""

    number: int
    name: str
    kind: str
    table: int | None = None
    seat: str = ""
    # A prediction whist drive names its seats by their numbers.
    numbered: bool = False

    @property
    def seat_name(self) -> str:
        return seat_name(self.seat, self.numbered)

    @property
    def seat_words(self) -> str:
        """The seat in the middle of a sentence: "North", or "seat 3" in
        prediction whist."""
        if self.numbered and self.seat in PLAY_ORDER:
            return _("seat %(number)d") % {
                "number": prediction_rules.seat_number(PLAY_ORDER.index(self.seat))
            }
        return self.seat_name

    def __str__(self) -> str:
        values = {
            "who": f"{self.name} ({self.number})",
            "table": self.table,
            "seat": self.seat_words,
        }
        if self.kind == MoveKind.SITS_OUT:
            return _("%(who)s: sits out") % values
        if self.kind == MoveKind.LEFT:
            return _("%(who)s: has left the drive") % values
        if self.kind == MoveKind.STAYS:
            said = _("%(who)s: table %(table)s, %(seat)s (stays)") % values
        else:
            said = _("%(who)s: table %(table)s, %(seat)s") % values
        # The table's number stays on the line of its word on a narrow phone
        # ("стол 1", not "стол" over "1, Север"), in whatever words a
        # language puts before it.
        return held_numbers(said)


def table_moves(*, drive: Drive, table_number: int, from_round: int) -> list[Move]:
    """Where the players of one table in `from_round` sit in the round after it.

    Empty until that round is seated. A player with no seat next round has
    withdrawn, or sits out.
    """
    # This table's seats in `from_round`, then those players' seats in the
    # round after: a hundred phones ask at once when a round moves on, so not
    # the whole room's.
    if not Round.objects.filter(drive=drive, number=from_round + 1).exists():
        return []
    players = list(
        SeatAssignment.objects.filter(
            round__drive=drive,
            round__number=from_round,
            table__number=table_number,
        ).select_related("entry__player")
    )
    following = {
        s.entry_id: s
        for s in SeatAssignment.objects.filter(
            round__drive=drive,
            round__number=from_round + 1,
            entry_id__in=[s.entry_id for s in players],
        ).select_related("table")
    }
    numbered = TABLES[drive.game].numbered
    moves = []
    for seat in sorted(players, key=lambda s: PLAY_ORDER.index(s.position)):
        entry = seat.entry
        after = following.get(entry.pk)
        if after is None:
            kind, table, position = MoveKind.LEFT, None, ""
        elif after.table is None:
            kind, table, position = MoveKind.SITS_OUT, None, ""
        else:
            table, position = after.table.number, after.position
            kind = MoveKind.STAYS if table == table_number else MoveKind.MOVES
        moves.append(
            Move(
                entry.number,
                entry.player.name,
                kind,
                table,
                position,
                numbered=numbered,
            )
        )
    return moves

"""Which hands the organiser's score grid holds.

After a Wi-Fi failure (or after the evening) the desk holds paper travel
slips, one a table, each with that table's hands for the whole evening. The
grid then types either one *round* (each of its tables in turn, every hand of
the round along that table's slip) or one table's *slip*: every hand the
table has played so far, in the order the slip has them. By default it holds
the round in play, as a phone-scored evening needs."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass

from django.urls import reverse
from django.utils.translation import gettext as _

from drive.models import Drive


@dataclass(frozen=True)
class GridPick:
    """A round (`round`, the round in play unless `chosen`) or one table's
    slip (`table`, every round so far)."""

    round: int = 0
    table: int = 0
    chosen: bool = False

    @classmethod
    def in_play(cls, drive: Drive) -> GridPick:
        return cls(round=drive.current_round)

    @property
    def picked(self) -> bool:
        """Whether the desk chose what to type (a round or a table's slip)."""
        return self.chosen or bool(self.table)

    def holds(self, deal, current_round: int) -> bool:
        if self.table:
            return deal.table == self.table and deal.round <= current_round
        return deal.round == self.round

    def order(self, deal) -> tuple[int, int]:
        """A round goes table by table, each table's hands in turn; a slip
        goes hand by hand, as the paper has them."""
        return (deal.hand, deal.table) if self.table else (deal.table, deal.hand)

    def hidden(self) -> list[tuple[str, int]]:
        """The form's fields that post the pick back with the scores."""
        if self.table:
            return [("table", self.table)]
        if self.chosen:
            return [("round", self.round), ("chosen", 1)]
        return [("round", self.round)]

    def url(self, drive: Drive, *, ask: bool = False) -> str:
        """The grid of this pick; `ask`: with the cursor in the table's box,
        for the next slip's number (this table's by Enter alone)."""
        base = reverse("scoring:scores", args=[drive.pk])
        if self.table:
            return f"{base}?table={self.table}" + ("&ask=1" if ask else "")
        if self.chosen:
            return f"{base}?round={self.round}"
        return base


def pick_of(
    drive: Drive, data, tables: Callable[[], Iterable[int]]
) -> tuple[GridPick, str]:
    """The pick a request asks for (`table`, or a `round` so far), and what is
    wrong with it ("" if nothing): a refused pick is the round in play.
    `tables()` gives the drive's tables so far, read only for a table asked."""
    fallback = GridPick.in_play(drive)
    # An empty table box stands for the next slip it offered (`next`).
    raw_table = (data.get("table") or "").strip() or (data.get("next") or "").strip()
    raw_round = (data.get("round") or "").strip()
    if raw_table:
        try:
            table = int(raw_table)
        except ValueError:
            table = 0
        if table not in set(tables()):
            return fallback, _(
                "There is no table %(table)s in this drive: type a table number "
                "from its slip."
            ) % {"table": raw_table[:6]}
        return GridPick(table=table), ""
    if not raw_round:
        return fallback, ""
    try:
        number = int(raw_round)
    except ValueError:
        number = 0
    if not 1 <= number <= drive.current_round:
        return fallback, _(
            "Choose a round from 1 to %(current)s: later rounds have not been "
            "played yet."
        ) % {"current": drive.current_round}
    return GridPick(round=number, chosen=number != drive.current_round), ""

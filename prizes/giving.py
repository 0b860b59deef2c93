"""The prize-giving on the projector: the prizes one at a time, from the last
on the list to the first.

The step is kept on the drive (`Drive.prize_step`: None, not on; 0, the title;
n, the last n prizes shown), so the organiser advances it from any phone or
laptop and the projector, which asks every few seconds, shows where it is.
Each prize appears as the prize engine decided it: a shared prize with every
winner, a tie still to be cut with the names that cut. Prizes nobody can win,
and those not decided (a mystery score never given), are left out.
"""

from __future__ import annotations

from dataclasses import dataclass

from drive.models import Drive
from prizes.engine import Award, AwardStatus
from prizes.selectors import drive_prizes
from scoring.board_notices import Notice

# The prizes the evening gives out, as the prize engine decided them.
SHOWN = (AwardStatus.WON, AwardStatus.SHARED, AwardStatus.AWAITING_DRAW)


def giving_order(awards: list[Award]) -> tuple[Award, ...]:
    """The prizes to give, in the order they are given: the last on the list first."""
    given = [award for award in awards if award.status in SHOWN]
    return tuple(sorted(given, key=lambda award: award.position, reverse=True))


@dataclass(frozen=True)
class PrizeGiving:
    """Where the prize-giving is: the prizes in the order they are given, and
    how many are shown (None: the projector shows the boards)."""

    drive: Drive
    steps: tuple[Award, ...]
    shown: int | None

    @property
    def on(self) -> bool:
        return self.shown is not None

    @property
    def current(self) -> Award | None:
        """The prize on the projector now (None: the title, or not on)."""
        if not self.shown:
            return None
        return self.steps[min(self.shown, len(self.steps)) - 1]

    @property
    def number(self) -> int:
        """The current prize's place in the giving, from 1."""
        return min(self.shown or 0, len(self.steps))

    @property
    def upcoming(self) -> Award | None:
        """The prize the next step shows (None: every prize is shown)."""
        if self.shown is None or self.shown >= len(self.steps):
            return None
        return self.steps[self.shown]

    @property
    def done(self) -> bool:
        return self.shown is not None and self.shown >= len(self.steps)


def prize_giving(*, drive: Drive) -> PrizeGiving:
    return PrizeGiving(
        drive=drive,
        steps=giving_order(drive_prizes(drive=drive).awards),
        shown=drive.prize_step,
    )


def prize_giving_notice(drive: Drive, group: str | None) -> Notice | None:
    """The projector's board, during the prize-giving: the prize of the moment
    instead of the standings (scoring.board_notices)."""
    if drive.prize_step is None:
        return None
    return Notice(
        "prizes/_projector_prize.html",
        {"giving": prize_giving(drive=drive)},
        replaces_board=True,
    )

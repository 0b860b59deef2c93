"""Which desk pages a drive has: the one answer, from the way its scores come
in and its format (drive.models.Drive.desk_pages).

An evening of cards in (ScoreEntry.CARDS) has Cards in and none of the pages
that enter hands: no score grid, All hands, hand's page, paper slips or card
check. A drive scored hand by hand has the score grid, All hands and a hand's
page, and the paper slips and the card check where its format has them
(drive.movement.types.FormatInfo: desk_slips, card_check). The menu, the
drive's page, the room and each page's own guard ask this, and never the way
in or the format themselves. When in the evening a page is open (the paper
slips only while the drive is in play) is the drive's life cycle, not this.

Plain Python on plain values: no database."""

from __future__ import annotations

from dataclasses import dataclass

from drive.movement.types import FormatInfo


@dataclass(frozen=True)
class DeskPages:
    # Cards in: each player's card's total typed at the end (scoring.cards_in).
    cards_in: bool
    # Paper slips: each table's travel slip typed at the desk (scoring.paper_slips).
    slips: bool
    # Card check: a player's card checked against the hands (scoring.card_check).
    card_check: bool

    @property
    def enters_hands(self) -> bool:
        """The score grid, All hands and a hand's page: hands entered during
        play, on every evening but one of cards in."""
        return not self.cards_in

    @classmethod
    def of(cls, format_info: FormatInfo, *, cards_in: bool) -> DeskPages:
        """The desk pages of a drive of this format, its scores coming in as
        each card's total at the end (`cards_in`) or hand by hand."""
        hands = not cards_in
        return cls(
            cards_in=cards_in,
            slips=hands and format_info.desk_slips,
            card_check=hands and format_info.card_check,
        )

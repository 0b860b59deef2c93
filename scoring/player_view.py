"""A player's own view of the shared board and the results page.

A player finds themselves by their *entry number* (on their score card), in
the page's address (?entry=12), so it works without JavaScript and survives
the board's refresh: the page then opens with their place and running total
on each board, where they sit in the round now in play (or that they sit it
out), and their row marked on each board; where a tie-break placed them apart
from others on their total, the place says which rule did, as the final
boards' mark and key say it. Read-only, like the pages it serves.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from django.utils.translation import ngettext

from drive.models import Drive, DriveState
from drive.selectors import entry_place
from players.no_break import NO_BREAK, held_numbers
from players.pair_names import joined_pair
from players.score_text import score_text
from scoring.prediction_share import share_text
from scoring.standings import Standing
from scoring.tie_words import tie_words
from scoring.tiebreaks import Rule

# (title, slug, rows) of each board, as the pages list them.
Board = tuple[str, str, Sequence[Standing]]


@dataclass(frozen=True)
class BoardPlace:
    """The player's line on one board: its words, and where the row is;
    `tied`, how a tie-break decided the place where one did (the row the
    board marks, Standing.placed_by: "decided by count-back"), else ""."""

    slug: str
    words: str
    tied: str = ""
    # The words as the page shows them, each number held to its word
    # (place_words, held): the e-mail says `words`.
    shown: str = ""


@dataclass(frozen=True)
class PlayerView:
    """A player's own view. In a drive of fixed pairs the player's line is
    their pair's (scoring.pair_lines), as on the boards: its first entry's
    id, both numbers, both names, the pair's places; `number` stays the
    player's own (their seat, their score card)."""

    entry: int  # the entry's id (a pair's first)
    number: int
    name: str
    places: list[BoardPlace]
    # Where they sit in the round in play, in words ("" when not in play).
    seat: str
    # The numbers of the player's line: their own, or their pair's two.
    numbers: tuple[int, ...] = ()

    @property
    def in_pair(self) -> bool:
        return len(self.numbers) > 1

    @property
    def line_number(self) -> str:
        """The line's number as the boards write it: "12", a pair's "3 & 4"."""
        return joined_pair(self.numbers or (self.number,))


# Where the total stands while its sentence is put together (place_words).
_TOTAL = "\x00"


def place_words(
    title: str,
    row: Standing,
    count: int,
    rank: int | None = None,
    *,
    held: bool = False,
) -> str:
    """ "Overall: place 2 of 61, −15 points": `row`'s place on the board
    `title` of `count` lines (its own rank unless `rank` is given), as the
    player's view and the results e-mail write it. `held`, as a page shows
    it: each number held to the word before it ("place 2", "of 61") and the
    total to the word after it ("15 points"), so a narrow phone never ends a
    line with "of 61, −15" and starts the next with "points"."""
    total = score_text(row.total)
    values = {
        "board": title,
        "rank": row.rank if rank is None else rank,
        "count": count,
        "total": _TOTAL if held else total,
    }
    said = _place_sentence(row, values)
    if not held:
        return said
    said = held_numbers(said.replace(_TOTAL + " ", total + NO_BREAK))
    return said.replace(_TOTAL, total)


def _place_sentence(row: Standing, values: dict[str, object]) -> str:
    """The place's sentence in the language, counted by the total."""
    if row.share is not None:
        return ngettext(
            "%(board)s: place %(rank)d of %(count)d, %(total)s point, "
            "share of the table %(share)s",
            "%(board)s: place %(rank)d of %(count)d, %(total)s points, "
            "share of the table %(share)s",
            abs(row.total),
        ) % (values | {"share": share_text(row.share, localised=True)})
    return (
        ngettext(
            "%(board)s: place %(rank)d of %(count)d, %(total)s point",
            "%(board)s: place %(rank)d of %(count)d, %(total)s points",
            abs(row.total),
        )
        % values
    )


def tie_note(game: str | None, row: Standing) -> str:
    """How a tie-break decided `row`'s place, in the drive's `game`'s words
    ("decided by count-back"), where one did (the row the final boards mark,
    Standing.placed_by); else "". Said beside the place by the player's view
    and the results e-mail, after "; "."""
    return tie_words(game).note(Rule(row.placed_by)) if row.placed_by else ""


def seat_words(drive: Drive, number: int) -> str:
    """Where entry `number` sits in the round in play, in words, or ""."""
    if drive.state != DriveState.IN_PLAY or not drive.current_round:
        return ""
    place = entry_place(drive=drive, round_number=drive.current_round, number=number)
    if place is None:
        return ""
    if place.table is None:
        return drive.words.you_sit_out(drive.current_round)
    return drive.words.your_table(drive.current_round, place.table, place.seat)


def player_view(
    *, drive: Drive, boards: Sequence[Board], number: int
) -> PlayerView | None:
    """Entry `number`'s own view of `boards`, or None when no board has it."""
    name, entry, numbers = "", 0, (number,)
    places = []
    for title, slug, rows in boards:
        # A drive of fixed pairs: the line of the player's pair.
        row = next((r for r in rows if number in r.shown_numbers), None)
        if row is None:
            continue
        name, entry, numbers = row.name, row.entry, row.shown_numbers
        tied = tie_note(drive.game, row)
        words = place_words(title, row, len(rows))
        shown = place_words(title, row, len(rows), held=True)
        places.append(BoardPlace(slug, words, tied, shown))
    if not places:
        return None
    return PlayerView(
        entry, number, name, places, seat_words(drive, number), numbers=numbers
    )

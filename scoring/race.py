"""The race: the leaders' running totals, hand by hand.

- *Running total* after hand h: the hands the entry played up to h, the
  hands it sat out up to h made up by the drive's rule at what its total
  counts them (scoring.standings.running_totals: with the player's own
  average, the average over all its hands, so a poor hand later never takes
  back compensation already drawn), and the organiser's adjustments, which
  carry no hand and so count from the start, as on the silent boards. A line
  never goes down while scores are not negative, and its last point is the
  board's total.
- *Leaders*: the first `top` lines of a board as it stands, in its order
  (tie-breaks and all); a player's own line may be added to them.
- *A drive of fixed pairs*: partners score alike, so a line is a pair's, as
  on its boards (DriveScores.board, scoring.pair_lines.together): both
  numbers and names in the pair's words, the partners' running totals as
  one (pair_lines.pair_value, as the line's total), and a player's own line
  is their pair's.

The boards players see pass the scores they show (selectors.board_scores): while
the last rounds are silent, their hands are not in the race either.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.utils.translation import gettext, pgettext

from drive.models import Drive
from players.http import number_sent
from players.pair_names import joined_pair
from scoring import charts
from scoring.pair_lines import pair_value
from scoring.selectors import DriveScores
from scoring.standings import running_totals

TOP = 5


@dataclass(frozen=True)
class RaceLine:
    entry: int
    number: int
    name: str
    rank: int
    totals: tuple[int, ...]  # after each of the race's hands
    own: bool = False
    # A pair's line (a drive of fixed pairs): both partners' numbers.
    numbers: tuple[int, ...] = ()

    @property
    def label(self) -> str:
        """ "12 Ann Smith"; a pair's "3 & 4 Ann Smith & Bob Jones"."""
        return f"{joined_pair(self.numbers or (self.number,))} {self.name}"


@dataclass(frozen=True)
class Race:
    hands: tuple[int, ...]  # 1 .. the last hand with a result
    lines: tuple[RaceLine, ...]


def race(
    scores: DriveScores,
    *,
    group: str | None = None,
    top: int = TOP,
    own_number: int | None = None,
) -> Race:
    """The running totals of the board's first `top` lines (`group`'s board,
    or the overall one), and of entry `own_number`'s line as well when given:
    in a drive of fixed pairs, a line is a pair's (DriveScores.board)."""
    # A cards-in drive's cards give totals only: no hand by hand to draw.
    if not scores.averages or scores.drive.cards_in:
        return Race((), ())
    hands = tuple(range(1, max(scores.averages) + 1))
    chosen = list(scores.board(group=group)[:top])
    if own_number is not None and all(
        own_number not in row.shown_numbers for row in chosen
    ):
        chosen += [row for row in scores.board() if own_number in row.shown_numbers]
    records = {record.entry: record for record in scores.records}
    drive = scores.drive

    def running(entry: int) -> list[int]:
        return running_totals(
            records[entry],
            hands,
            rule=drive.sit_out_compensation,
            fixed_score=drive.sit_out_fixed_score,
            averages=scores.averages,
        )

    lines = []
    for row in chosen:
        # A pair's: the partners' totals after each hand as one, as its line's total.
        by_member = [running(entry) for entry in row.keys]
        totals = tuple(pair_value(at_hand) for at_hand in zip(*by_member, strict=True))
        lines.append(
            RaceLine(
                entry=row.entry,
                number=row.number,
                name=row.name,
                rank=row.rank,
                totals=totals,
                own=own_number in row.shown_numbers,
                numbers=row.numbers,
            )
        )
    return Race(hands=hands, lines=tuple(lines))


def race_chart(race: Race, *, hand_word: str) -> charts.Chart:
    """The race as a chart (`hand_word`: what the drive calls a hand, its x axis)."""
    return charts.Chart(
        title=gettext("The race: the leaders' running totals"),
        x_label=hand_word,
        y_label=gettext("Running total"),
        lines=tuple(
            charts.Line(
                name=line.label,
                points=tuple(zip(race.hands, line.totals, strict=True)),
                own=line.own,
            )
            for line in race.lines
        ),
    )


def own_chart(found: Race, *, hand_word: str) -> charts.Chart:
    """A player's own line beside the leader's (`found`: a race of the
    leader and the player's own line), named by who they are to the player
    rather than by name: it goes to the player alone, on their card."""
    return charts.Chart(
        title=gettext("Your running total beside the leader's"),
        x_label=hand_word,
        y_label=gettext("Running total"),
        lines=tuple(
            charts.Line(
                name=pgettext("a chart's line: the player's own", "You")
                if line.own
                else pgettext("a chart's line: the first on the board", "The leader"),
                points=tuple(zip(found.hands, line.totals, strict=True)),
                own=line.own,
            )
            for line in found.lines
            if line.own or line.rank == 1
        ),
    )


def hand_word(drive: Drive) -> str:
    """What the drive's format calls a hand ("Hand", "Deal")."""
    return str(drive.words.hand_word)


def own_number(text: str, scores: DriveScores) -> tuple[int | None, str]:
    """The entry number a page's address names (?entry=12) for a player's own
    line, and why it was refused ("" if it was not, or names none)."""
    text = text.strip()
    if not text:
        return None, ""
    numbers = {record.number for record in scores.records}
    number = number_sent(text, digits=6)
    if number in numbers:
        return number, ""
    return None, gettext("No player has the number “%(text)s” in this drive.") % {
        "text": text[:20]
    }


def race_figure(
    scores: DriveScores,
    *,
    id: str,
    group: str | None = None,
    own_number: int | None = None,
    size: charts.Size = charts.PAGE,
) -> charts.Figure | None:
    """The race for a page (None before the first result)."""
    found = race(scores, group=group, own_number=own_number)
    return charts.figure(
        race_chart(found, hand_word=hand_word(scores.drive)), id=id, size=size
    )

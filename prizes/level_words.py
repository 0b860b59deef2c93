"""Who was level with a competitor a tie-break placed ahead, said as the MC
reads it into the microphone: at the prize-giving (prizes.giving, from the
prize engine's Award.tie) and in the interval on the projector's half-time
banner (prizes.selectors.half_time_notice, from the board's
Standing.placed_by). One sentence for both, so the hall hears the same words
for the half-time leader as for a prize: "Level with 7 Anna Nowak: decided
by count-back.".

A board's leaders are its rows ranked first. Those a tie-break placed ahead
of others on their total lead alone (or, level again after it, share the
lead), while the live board during play shows everyone on that total first:
the banner says who else is on it and which rule put them behind.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from django.utils.translation import ngettext

from players.lists import and_list
from players.pair_names import joined_pair
from scoring.standings import Standing
from scoring.tie_words import tie_words


def level_words(
    named: Sequence[str], *, people: int, decided: str, score: str = ""
) -> str:
    """Those level with the winner or leader, each "number name" ("7 Anna
    Nowak", a pair's "3 & 4 Ann & Bob"), `people` of them (a pair is two),
    and how the tie was `decided` (a rule's note, "decided by count-back"),
    with the `score` each had where the sentence says it: "Level with
    7 Anna Nowak, 70 points each: decided by count-back."."""
    # Read aloud, the last two people level are joined by the language's
    # "and" (players.lists.and_list: "35 Roberta Messina and 12 Ioana
    # Popescu, 70 points each"), or the last name runs on into the score;
    # pairs, each already "A and B", stay parted by commas (glossary).
    pairs = people > len(named)
    names = ", ".join(named) if pairs else and_list(named)
    # The label names the list of those level: one person, or more (a
    # pair is two), as players.language.list_label_count.
    count = 1 if people == 1 else 2
    words = {"names": names, "decided": decided}
    if score:
        words["score"] = score
        return (
            ngettext(
                "Level with %(names)s, %(score)s each: %(decided)s.",
                "Level with %(names)s, %(score)s each: %(decided)s.",
                count,
            )
            % words
        )
    # Level on a count or a distance (hands won, the mystery score), where
    # the note says it; or on a total said already (the half-time banner).
    return (
        ngettext(
            "Level with %(names)s: %(decided)s.",
            "Level with %(names)s: %(decided)s.",
            count,
        )
        % words
    )


def leaders_of(rows: Sequence[Standing]) -> list[Standing]:
    """A board's leaders: its rows ranked first."""
    return [row for row in rows if row.rank == 1]


@dataclass(frozen=True)
class PlacedLead:
    """A board's leaders placed first by a tie-break: the others level with
    them on their total (board lines, in board order) and the rule that
    placed the leaders ahead (scoring.tiebreaks.Rule), and the sentence the
    MC reads ("Level with 7 Anna Nowak: decided by count-back.")."""

    rule: str
    level: tuple[Standing, ...]
    words: str


def placed_lead(rows: Sequence[Standing], game: str | None) -> PlacedLead | None:
    """Who was level with the leaders of the board `rows` (ranked by the
    drive's tie-breaks) and what placed the leaders ahead, in the drive's
    `game`'s words; None where nobody else has the leaders' total or the
    rules left them all level (the lead shared), and in a drive ranked by
    share (no row placed by a rule)."""
    leaders = leaders_of(rows)
    rule = next((row.placed_by for row in leaders if row.placed_by), None)
    if rule is None:
        return None
    total = leaders[0].total
    level = tuple(row for row in rows if row.total == total and row.rank != 1)
    if not level:
        return None
    words = level_words(
        [f"{joined_pair(row.shown_numbers)} {row.name}" for row in level],
        people=sum(len(row.keys) for row in level),
        decided=tie_words(game).note(rule),
    )
    return PlacedLead(rule=rule, level=level, words=words)

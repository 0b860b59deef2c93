"""The rules a drive's ranks and prizes follow: the tie-breaks in order, one
prize per person or not, whether a player who withdrew is out of the prizes,
and the draws the organiser recorded to settle a tie.

A drive copies the club's rules when it starts (prizes.models.DrivePrizeRules)
and keeps them; before that, the club's hold as they are now.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from drive.models import Drive
from drive.movement.types import Game
from prizes.models import ClubScoringSettings, ContestChoice, DrivePrizeRules, TieDraw
from scoring.card_totals import card_tie_breaks, passed_over_note
from scoring.tie_settings import FinalTies
from scoring.tiebreaks import DEFAULT_TIE_BREAKS, Rule, TieBreakError, parse_order


@dataclass(frozen=True)
class PrizeRules:
    """The tie-breaks and one-prize-per-person rule a drive's ranks and prizes follow."""

    order: tuple[Rule, ...]
    one_prize_per_person: bool
    # The drive's own copy, kept since it started; otherwise the club's, as they are now.
    frozen: bool
    # Whether a player who withdrew is out of the prizes (ClubScoringSettings).
    left_early_out_of_prizes: bool = True
    # A cards-in drive: the rules its cards cannot decide, passed over.
    passed_over: tuple[Rule, ...] = ()
    # The drive's game, whose words name the rules (scoring.tie_words).
    game: Game = Game.HANDS

    @property
    def passed_over_note(self) -> str:
        return passed_over_note(self.passed_over, self.game)


COLUMNS = ("tie_breaks", "one_prize_per_person", "left_early_out_of_prizes")


def drive_prize_rules(*, drive: Drive) -> PrizeRules:
    """A started drive's own rules (DrivePrizeRules), else the club's (one query each)."""
    return drive_prize_rules_of(drives=[drive])[drive.pk]


def drive_prize_rules_of(*, drives: Sequence[Drive]) -> dict[int, PrizeRules]:
    """drive_prize_rules of each of `drives` (by id): the drives' own rules in
    one query, and the clubs' for those without in one more."""
    own = {
        row[0]: row[1:]
        for row in DrivePrizeRules.objects.filter(
            drive_id__in=[drive.pk for drive in drives]
        ).values_list("drive_id", *COLUMNS)
    }
    clubs = {drive.club_id for drive in drives if drive.pk not in own}
    club_rules = (
        {
            row[0]: row[1:]
            for row in ClubScoringSettings.objects.filter(
                club_id__in=clubs
            ).values_list("club_id", *COLUMNS)
        }
        if clubs
        else {}
    )
    return {
        drive.pk: _rules(drive, own.get(drive.pk), club_rules.get(drive.club_id))
        for drive in drives
    }


def _rules(drive: Drive, own: tuple | None, club: tuple | None) -> PrizeRules:
    """A drive's rules from its own row, else its club's, else the defaults."""
    if own is not None:
        text, one_prize, left_out = own
    else:
        text, one_prize, left_out = club or (DEFAULT_TIE_BREAKS, False, True)
    try:
        order = parse_order(text)
    except TieBreakError:  # only ever stored after checking; never stop a page for it
        order = parse_order(DEFAULT_TIE_BREAKS)
    passed: tuple[Rule, ...] = ()
    if drive.cards_in:
        order, passed = card_tie_breaks(order)
    return PrizeRules(
        order=order,
        one_prize_per_person=one_prize,
        frozen=own is not None,
        left_early_out_of_prizes=left_out,
        passed_over=passed,
        game=drive.game,
    )


def recorded_draws(*, drive: Drive, contest: str) -> dict[frozenset[int], int]:
    """The organiser's draws of one contest of a drive: who cut -> who won the cut."""
    return draws_of(
        TieDraw.objects.filter(drive=drive, contest=contest), contest=contest
    )


def draws_of(draws: Iterable[TieDraw], *, contest: str) -> dict[frozenset[int], int]:
    """Who cut -> who won the cut, of the `draws` of one contest."""
    return {
        draw.member_keys: draw.winner_entry_id
        for draw in draws
        if draw.contest == contest
    }


def final_ties(drive: Drive) -> FinalTies:
    """What the finished standings follow (scoring.tie_settings asks through this)."""
    return final_ties_of([drive])[drive.pk]


def final_ties_of(drives: Sequence[Drive]) -> dict[int, FinalTies]:
    """final_ties of each of `drives` (by id): three queries for them all."""
    rules = drive_prize_rules_of(drives=drives)
    draws: dict[int, list[TieDraw]] = {drive.pk: [] for drive in drives}
    for draw in TieDraw.objects.filter(
        drive__in=list(draws), contest=ContestChoice.FINAL
    ):
        draws[draw.drive_id].append(draw)
    return {
        drive.pk: FinalTies(
            order=rules[drive.pk].order,
            draws=draws_of(draws[drive.pk], contest=ContestChoice.FINAL),
        )
        for drive in drives
    }

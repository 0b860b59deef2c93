"""The choices a drive's fields take, and the values the models share."""

from __future__ import annotations

import secrets

from django.db import models
from django.utils.translation import gettext_lazy as _

from drive import clock as round_clock
from drive.format_words import RoundWords
from drive.movement.types import (
    FORMATS,
    Format,
    Group,
    Seat,
)


class DriveState(models.TextChoices):
    DRAFT = "draft", _("Draft")
    OPEN = "open", _("Registration open")
    IN_PLAY = "in_play", _("In play")
    FINISHED = "finished", _("Finished")


class ScoringRule(models.TextChoices):
    ODD_TRICKS = "odd", _("Odd tricks (tricks over six)")
    TOTAL_TRICKS = "total", _("Total tricks")


class HonoursValuesChoice(models.TextChoices):
    """What three and four honours score: the values of
    scoring.rules.HonoursValues, or empty: as the game plays them (a rubber
    drive's preset, else 2 and 4; drive.rubber_rules.scoring_choices). The
    labels are a drive of hands' words; `said_by` gives any game's. The laws
    of English whist score three honours 2 (Law 3 of the Laws of Short
    Whist), as the Polish and Italian texts do; 3 and 4 is the Russian
    text's."""

    AS_PRESET = "", RoundWords.honours_values_unset
    TWO_FOUR = "2-4", _("Three honours 2, four 4 (English, Polish and Italian rules)")
    THREE_FOUR = "3-4", _("Three honours 3, four 4 (Russian rules)")


class RevokePenaltyChoice(models.TextChoices):
    """What a revoke costs: the values of scoring.rules.RevokePenalty, or
    empty: as the game has it (`said_by` says so in its words)."""

    AS_PRESET = "", RoundWords.revoke_penalty_unset
    TRICKS = "tricks", _("Tricks pass from the offenders to the opponents")
    TRANSFER = "transfer", _("The offenders give points to the opponents")
    DEDUCT = "deduct", _("The offenders lose points")
    AWARD = "award", _("The opponents gain points")


# How many tricks pass, or points a revoke costs; None: as the game has it.
REVOKE_TRICKS_CHOICES = [
    (None, RoundWords.revoke_tricks_unset),
    (3, _("3 (the usual rule)")),
    (2, _("2 (the American rule)")),
]


def unset_choices_said_by(words: RoundWords) -> dict[str, str]:
    """What the honours and revokes settings' choice left empty is called in
    a game (its words, drive.format_words): "as usual" in a drive of hands,
    "as the preset" in a rubber drive. It stores the same in every game."""
    return {
        "honours_values": words.honours_values_unset,
        "revoke_penalty": words.revoke_penalty_unset,
        "revoke_tricks": words.revoke_tricks_unset,
    }


# The formats as the drive stores and the form offers them, made from their one
# definition (drive.movement.types.FORMATS): MovementFormat.PROGRESSIVE...
MovementFormat = models.TextChoices(
    "MovementFormat", [(f.name, (f.value, FORMATS[f].choice)) for f in Format]
)


class SitOutCompensation(models.TextChoices):
    """How a player who sits out is compensated; the labels are a drive of
    hands' words, and `said_by` gives them in any format's."""

    NONE = "none", _("None")
    FIXED = "fixed", RoundWords.sit_out_fixed
    OWN_AVERAGE = "own_average", RoundWords.sit_out_own_average
    ROOM_AVERAGE = "room_average", RoundWords.sit_out_room_average

    @classmethod
    def said_by(cls, words: RoundWords) -> list[tuple[str, str]]:
        """The choices as a format says them (its words, drive.format_words):
        a prediction whist player sits out a game of deals, not a hand."""
        said = {
            cls.FIXED: words.sit_out_fixed,
            cls.OWN_AVERAGE: words.sit_out_own_average,
            cls.ROOM_AVERAGE: words.sit_out_room_average,
        }
        return [(choice.value, said.get(choice, choice.label)) for choice in cls]


class PredictionRanking(models.TextChoices):
    """How a prediction whist drive ranks its players (scoring.prediction_share)."""

    POINTS = "points", _("By points (the book's scoring)")
    SHARE = "share", _("By share of the table (fair when tables of four and five mix)")


class ScoreEntry(models.TextChoices):
    """How a drive's scores come in."""

    # Each table's tricks, hand by hand, from the captains' phones or the desk.
    HANDS = "hands", _("Hand by hand (captains' phones or the desk)")
    # The paper evening: players keep their own cards, and the organiser types
    # each card's total at the end (scoring.card_totals).
    CARDS = "cards", _("Cards in at the end (only each card's total is typed)")


class PaymentMethod(models.TextChoices):
    NONE = "", _("Not paid")
    CASH = "cash", _("Cash")
    CARD = "card", _("Card")
    # Let in without paying: a member's pass, a helper, a guest of the club.
    FREE = "free", _("Free (member's pass)")


class MoneyKind(models.TextChoices):
    INCOME = "income", _("Income")
    COST = "cost", _("Cost")


class ClockPer(models.TextChoices):
    HAND = round_clock.PER_HAND, _("per hand")
    ROUND = round_clock.PER_ROUND, _("per round")


class ClockState(models.TextChoices):
    OFF = round_clock.OFF, _("Off")
    RUNNING = round_clock.RUNNING, _("Running")
    PAUSED = round_clock.PAUSED, _("Paused")


CLOCK_FIELDS = ("clock_state", "clock_ends_at", "clock_left")


class GroupChoice(models.TextChoices):
    A = Group.A.value, _("Group A")
    B = Group.B.value, _("Group B")


class SeatChoice(models.TextChoices):
    NORTH = Seat.NORTH.value, _("North")
    EAST = Seat.EAST.value, _("East")
    SOUTH = Seat.SOUTH.value, _("South")
    WEST = Seat.WEST.value, _("West")
    # Prediction whist's table of five (drive.movement.types.Seat.FIFTH).
    FIFTH = Seat.FIFTH.value, _("Fifth seat")


# Up to 4 for a drive; a rubber drive's rounds are longer (the bell may end one
# sooner: scoring.services.round_start_next).
HANDS_PER_ROUND_CHOICES = [(n, str(n)) for n in (1, 2, 3, 4, 6, 8, 10, 12, 16, 20, 24)]
MOST_HANDS_PER_ROUND = 24


class RubberPreset(models.TextChoices):
    # The presets of scoring.rubber.PRESETS.
    ENGLISH = "english", _("English short whist: game 5, bonus 3/2/1")
    AMERICAN = "american", _("American whist: game 7, bonus 7 less the losers' points")
    LONG = "long", _("Long whist: game 10, honours never score the last point")
    RUSSIAN = "russian", _("Russian whist: game 5, bonus 3/2/1")


class RubberHonoursLimit(models.TextChoices):
    AS_PRESET = "", _("As the preset")
    NONE = "none", _("None")
    NOT_LAST_POINT = "not_last_point", _("Honours never score the last point of a game")
    NOT_ONE_FROM_GAME = (
        "not_one_from_game",
        _("A side one point from game scores no honours"),
    )


class RubberLosersHonours(models.TextChoices):
    AS_PRESET = "", _("As the preset")
    DROPPED = "dropped", _("Dropped once the winners' tricks end the game")
    COUNTED = "counted", _("Counted, but never to game")


class RubberSettlement(models.TextChoices):
    AS_PRESET = "", _("As the preset")
    OWN = "own", _("Each pair its own bonuses")
    NET = "net", _("The losers' games are subtracted from the winners")


class RubberBonus(models.TextChoices):
    AS_PRESET = "", _("As the preset")
    FIXED = "fixed", _("3, 2 or 1 by the losers' points")
    AMERICAN = "american", _("The target less the losers' points")


RUBBER_TARGET_CHOICES = [
    (None, _("As the preset")),
    (5, "5"),
    (7, "7"),
    (9, "9"),
    (10, "10"),
]


def new_seed() -> int:
    return secrets.randbelow(2**31)


# A drive's fields kept on this site for the evening only: a dump of the drive
# (printing.transfer) neither writes nor reads them, and no export shows them.
HALL_ONLY_FIELDS = frozenset({"wifi_name", "wifi_password"})

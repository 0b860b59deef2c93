"""A drive: one evening's event, its entries, tables and the seating of each round.

- *Drive*: date, venue, format, number of hands, trump sequence, scoring rule,
  group labels; states draft -> open (registration) -> in play -> finished.
- *Entry*: a player's registration in one drive, with the entry number printed
  on the score card, the group (A sits N/E, B sits S/W), checked in, paid, and
  the rounds the entry plays (joined from, withdrawn from).
- *Table*: numbered 1..T, with a secret captain key.
- *Round*: the hands played at one table between two moves.
- *Seat*: where an entry sits in a round; a seat with no table is a sit-out.
"""

from __future__ import annotations

import secrets
import uuid

from django.core.validators import MaxValueValidator, MinValueValidator
from django.db import models
from django.db.models import F, Q
from django.db.models.functions import Mod
from django.db.models.lookups import Exact
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from drive import clock as round_clock
from drive import half_time, rubber_rules
from drive.format_words import RoundWords
from drive.movement.types import (
    CARDS_IN,
    FIXED,
    FORMATS,
    GROUPED,
    PAIRED,
    PREDICTIONS,
    RUBBERS,
    Format,
    FormatInfo,
    Game,
    Group,
    Seat,
)
from drive.secret_links import new_key
from drive.trumps import DEFAULT_SEQUENCE, Trump, format_sequence, parse_sequence
from players import dates
from players.models import Club, Player
from players.money import DECIMAL_PLACES, MAX_DIGITS


class DriveState(models.TextChoices):
    DRAFT = "draft", _("Draft")
    OPEN = "open", _("Registration open")
    IN_PLAY = "in_play", _("In play")
    FINISHED = "finished", _("Finished")


class ScoringRule(models.TextChoices):
    ODD_TRICKS = "odd", _("Odd tricks (tricks over six)")
    TOTAL_TRICKS = "total", _("Total tricks")


class HonoursValuesChoice(models.TextChoices):
    # The values of scoring.rules.HonoursValues; empty: as the rubber preset
    # (drive.rubber_rules.scoring_choices).
    AS_PRESET = "", _("As the rubber preset (2 and 4 in other formats)")
    TWO_FOUR = "2-4", _("Three honours 2, four 4 (Polish and Italian rules)")
    THREE_FOUR = "3-4", _("Three honours 3, four 4 (English rules)")


class RevokePenaltyChoice(models.TextChoices):
    # The values of scoring.rules.RevokePenalty; empty: as the rubber preset.
    AS_PRESET = "", _("As the rubber preset (tricks pass in other formats)")
    TRICKS = "tricks", _("Tricks pass from the offenders to the opponents")
    TRANSFER = "transfer", _("The offenders give points to the opponents")
    DEDUCT = "deduct", _("The offenders lose points")
    AWARD = "award", _("The opponents gain points")


REVOKE_TRICKS_CHOICES = [
    (None, _("As the rubber preset (3 in other formats)")),
    (3, _("3 (the usual rule)")),
    (2, _("2 (the American rule)")),
]


# The formats as the drive stores and the form offers them, made from their one
# definition (drive.movement.types.FORMATS): MovementFormat.PROGRESSIVE...
MovementFormat = models.TextChoices(
    "MovementFormat", [(f.name, (f.value, FORMATS[f].choice)) for f in Format]
)


class SitOutCompensation(models.TextChoices):
    NONE = "none", _("None")
    FIXED = "fixed", _("A fixed score for each hand sat out")
    OWN_AVERAGE = "own_average", _("The player's own average")
    ROOM_AVERAGE = "room_average", _("The room's average for that hand")


class PredictionRanking(models.TextChoices):
    """How a prediction whist drive ranks its players (scoring.wist_share)."""

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


class Drive(models.Model):
    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="drives")
    name = models.CharField(max_length=120)
    date = models.DateField(_("date"))
    venue = models.CharField(max_length=120, blank=True)
    format = models.CharField(
        _("format"),
        max_length=20,
        choices=MovementFormat.choices,
        default=MovementFormat.PROGRESSIVE,
    )
    winners_move = models.BooleanField(
        _("winners move"),
        default=False,
        help_text=_("The winners split and move; the losers stay."),
    )
    three_handed = models.BooleanField(
        _("three handed"),
        default=False,
        help_text=_(
            "When exactly three are left over, they play at a three-handed table with a "
            "dummy hand instead of sitting out."
        ),
    )
    hands = models.PositiveSmallIntegerField(_("hands"), default=24)
    hands_per_round = models.PositiveSmallIntegerField(
        _("hands per round"), default=1, choices=HANDS_PER_ROUND_CHOICES
    )
    trump_sequence = models.CharField(
        _("trump sequence"), max_length=100, default=format_sequence(DEFAULT_SEQUENCE)
    )
    scoring_rule = models.CharField(
        max_length=8, choices=ScoringRule.choices, default=ScoringRule.ODD_TRICKS
    )
    count_honours = models.BooleanField(
        _("count honours"),
        default=False,
        help_text=_(
            "Captains record which side held three or four of the trump ace, king, "
            "queen and jack; they score for that side (never in a No-trumps hand)."
        ),
    )
    honours_values = models.CharField(
        _("honours score"),
        max_length=3,
        blank=True,
        choices=HonoursValuesChoice.choices,
        default=HonoursValuesChoice.AS_PRESET,
    )
    revoke_penalty = models.CharField(
        _("revoke penalty"),
        max_length=8,
        blank=True,
        choices=RevokePenaltyChoice.choices,
        default=RevokePenaltyChoice.AS_PRESET,
        help_text=_(
            "What a revoke costs. A revoke by both sides voids the hand: nobody scores."
        ),
    )
    revoke_tricks = models.PositiveSmallIntegerField(
        _("tricks or points a revoke costs"),
        null=True,
        blank=True,
        choices=REVOKE_TRICKS_CHOICES,
        default=None,
    )
    # Rubber whist drives: a preset, and any of its settings changed.
    rubber_preset = models.CharField(
        _("rubber rules"),
        max_length=10,
        choices=RubberPreset.choices,
        default=RubberPreset.ENGLISH,
    )
    rubber_target = models.PositiveSmallIntegerField(
        _("game"),
        null=True,
        blank=True,
        choices=RUBBER_TARGET_CHOICES,
        help_text=_("Points to win a game."),
    )
    rubber_honours_limit = models.CharField(
        _("honours limit"),
        max_length=20,
        blank=True,
        choices=RubberHonoursLimit.choices,
        default="",
    )
    rubber_losers_honours = models.CharField(
        _("losers' honours"),
        max_length=8,
        blank=True,
        choices=RubberLosersHonours.choices,
        default="",
    )
    rubber_bonus = models.CharField(
        _("game bonus"),
        max_length=10,
        blank=True,
        choices=RubberBonus.choices,
        default="",
    )
    rubber_settlement = models.CharField(
        _("settlement"),
        max_length=4,
        blank=True,
        choices=RubberSettlement.choices,
        default="",
    )
    group_a_label = models.CharField(max_length=30, default="Ladies")
    group_b_label = models.CharField(max_length=30, default="Gents")
    sit_out_compensation = models.CharField(
        max_length=16,
        choices=SitOutCompensation.choices,
        default=SitOutCompensation.OWN_AVERAGE,
    )
    # Prediction whist: rank by the book's points or by the average share of
    # the table (scoring.wist_share); fixed once play starts.
    prediction_ranking = models.CharField(
        _("ranking"),
        max_length=6,
        choices=PredictionRanking.choices,
        default=PredictionRanking.POINTS,
    )
    sit_out_fixed_score = models.PositiveSmallIntegerField(
        default=0,
        help_text=_("Points for each hand sat out, when the compensation is fixed."),
    )
    # Captains' phones: an opponent confirms each result on the same phone first.
    opponent_confirms = models.BooleanField(
        default=False,
        help_text=_(
            "An opponent confirms each result on the captain's phone before it counts."
        ),
    )
    score_entry = models.CharField(
        _("how scores come in"),
        max_length=5,
        choices=ScoreEntry.choices,
        default=ScoreEntry.HANDS,
        help_text=_(
            "Cards in at the end: players keep their own score cards, nobody "
            "enters hands during play, the rounds move on at the bell, and you "
            "type each card's total as the cards come in."
        ),
    )
    # When every table is in, the next round starts by itself, or on the organiser's click.
    advance_automatically = models.BooleanField(
        default=True,
        help_text=_(
            "Start the next round as soon as every table is in "
            "(otherwise on your click)."
        ),
    )
    # Per player, or per pair in a partners drive (plays_in_pairs), in the
    # club's currency (drive.money_services.fee_set).
    entry_fee = models.DecimalField(
        _("entry fee"), max_digits=MAX_DIGITS, decimal_places=DECIMAL_PLACES, default=0
    )
    # The round clock (drive.clock): minutes per hand or per round, none for no
    # clock; each round's countdown starts with the round (drive.clock_services).
    clock_minutes = models.PositiveSmallIntegerField(
        _("minutes per hand or round"),
        null=True,
        blank=True,
        validators=[
            MinValueValidator(1),
            MaxValueValidator(round_clock.MOST_MINUTES),
        ],
    )
    clock_per = models.CharField(
        max_length=5, choices=ClockPer.choices, default=ClockPer.HAND
    )
    clock_state = models.CharField(
        max_length=7, choices=ClockState.choices, default=ClockState.OFF
    )
    clock_ends_at = models.DateTimeField(null=True, blank=True)
    clock_left = models.PositiveIntegerField(null=True, blank=True)
    # The last rounds the boards players see keep quiet (drive.silence), until
    # the organiser lifts it once the drive is finished.
    silent_rounds = models.PositiveSmallIntegerField(_("silent rounds"), default=0)
    silence_lifted = models.BooleanField(default=False)
    # The prize-giving on the projector: None, not on; n, the last n prizes shown.
    prize_step = models.PositiveSmallIntegerField(null=True, blank=True)
    # How often the organiser has rung the bell by hand (drive.clock_services.
    # bell_ring); the projector rings each time it sees the count go up.
    bell_rung = models.PositiveIntegerField(default=0)
    # The drive wherever it travels (a dump, a publication to the club's
    # website): publishing it again replaces the copy with the same uid.
    uid = models.UUIDField(default=uuid.uuid4, unique=True, editable=False)
    # Read-only leaderboard for players' phones; empty when not shared.
    public_key = models.CharField(max_length=64, blank=True, default="")
    # The hall's Wi-Fi, for a QR code on the table cards that joins it
    # (drive.hall): this evening's only, never exported, dumped or put in the
    # record of changes (HALL_ONLY_FIELDS).
    wifi_name = models.CharField(
        _("Wi-Fi network name"), max_length=32, blank=True, default=""
    )
    wifi_password = models.CharField(
        _("Wi-Fi password"), max_length=63, blank=True, default=""
    )
    state = models.CharField(
        max_length=10, choices=DriveState.choices, default=DriveState.DRAFT
    )
    seed = models.PositiveIntegerField(default=new_seed)
    current_round = models.PositiveSmallIntegerField(default=0)
    # The ids of the tables with a game in round `seated_round`, noted when that
    # round comes into play (drive.services; its seating never changes after).
    # A captain's result finds them with its table, instead of counting the
    # round's seats, when `seated_round` is the current round; otherwise it is
    # worked out under the drive's lock, which reads the seats (scoring.captain).
    seated_round = models.PositiveSmallIntegerField(default=0)
    seated_tables = models.JSONField(default=list, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    started_at = models.DateTimeField(null=True, blank=True)
    finished_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-date", "-id"]
        constraints = [
            models.CheckConstraint(
                condition=Q(hands__gte=1, hands__lte=200), name="drive_hands_range"
            ),
            models.CheckConstraint(
                condition=Q(
                    hands_per_round__gte=1, hands_per_round__lte=MOST_HANDS_PER_ROUND
                ),
                name="drive_hands_per_round_range",
            ),
            models.CheckConstraint(
                condition=Exact(Mod(F("hands"), F("hands_per_round")), 0),
                name="drive_hands_multiple_of_round",
            ),
            models.CheckConstraint(
                condition=Q(state__in=DriveState.values), name="drive_state_valid"
            ),
            models.CheckConstraint(
                condition=Q(scoring_rule__in=ScoringRule.values),
                name="drive_scoring_rule_valid",
            ),
            models.CheckConstraint(
                condition=Q(format__in=MovementFormat.values), name="drive_format_valid"
            ),
            models.CheckConstraint(
                condition=Q(honours_values__in=HonoursValuesChoice.values),
                name="drive_honours_values_valid",
            ),
            models.CheckConstraint(
                condition=Q(revoke_penalty__in=RevokePenaltyChoice.values),
                name="drive_revoke_penalty_valid",
            ),
            models.CheckConstraint(
                condition=Q(revoke_tricks__isnull=True)
                | Q(revoke_tricks__gte=1, revoke_tricks__lte=3),
                name="drive_revoke_tricks_range",
            ),
            models.CheckConstraint(
                condition=Q(rubber_preset__in=RubberPreset.values),
                name="drive_rubber_preset_valid",
            ),
            # What the boards play by must be a rule: a stray value would stop
            # every page that scores the drive.
            models.CheckConstraint(
                condition=Q(rubber_honours_limit__in=RubberHonoursLimit.values),
                name="drive_rubber_honours_limit_valid",
            ),
            models.CheckConstraint(
                condition=Q(rubber_losers_honours__in=RubberLosersHonours.values),
                name="drive_rubber_losers_honours_valid",
            ),
            models.CheckConstraint(
                condition=Q(rubber_bonus__in=RubberBonus.values),
                name="drive_rubber_bonus_valid",
            ),
            models.CheckConstraint(
                condition=Q(rubber_settlement__in=RubberSettlement.values),
                name="drive_rubber_settlement_valid",
            ),
            # A prediction whist round is one game of 8 deals (drive.setup).
            models.CheckConstraint(
                condition=~Q(format="prediction") | Q(hands_per_round=8),
                name="drive_prediction_games_of_8",
            ),
            models.CheckConstraint(
                condition=Q(entry_fee__gte=0), name="drive_entry_fee_not_negative"
            ),
            # Cards in at the end only where a card's total says all: not
            # rubbers, not prediction whist (drive.movement.types.FORMATS).
            models.CheckConstraint(
                condition=Q(score_entry=ScoreEntry.HANDS)
                | Q(
                    score_entry=ScoreEntry.CARDS,
                    format__in=sorted(f.value for f in CARDS_IN),
                ),
                name="drive_cards_in_format",
            ),
            models.CheckConstraint(
                condition=Q(clock_minutes__isnull=True)
                | Q(clock_minutes__gte=1, clock_minutes__lte=round_clock.MOST_MINUTES),
                name="drive_clock_minutes_range",
            ),
            models.CheckConstraint(
                condition=Q(clock_per__in=ClockPer.values), name="drive_clock_per_valid"
            ),
            # Running, the clock has its end; paused, the seconds left.
            models.CheckConstraint(
                condition=Q(clock_state=ClockState.OFF)
                | Q(clock_state=ClockState.RUNNING, clock_ends_at__isnull=False)
                | Q(clock_state=ClockState.PAUSED, clock_left__isnull=False),
                name="drive_clock_state_valid",
            ),
            models.CheckConstraint(
                condition=Q(rubber_target__isnull=True)
                | Q(rubber_target__gte=1, rubber_target__lte=20),
                name="drive_rubber_target_range",
            ),
            # One drive to a shared board's address; and every phone's poll of
            # that board finds its drive by the key, through this index.
            models.UniqueConstraint(
                fields=["public_key"],
                condition=~Q(public_key=""),
                name="drive_public_key_unique",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.name} ({dates.short_date(self.date)})"

    @property
    def scoring_choices(self) -> tuple[str, str, int]:
        """(honours values, revoke penalty, its tricks or points) the drive
        plays by: each as chosen, else as its rubber preset, else the usual."""
        return rubber_rules.scoring_choices(self)

    @property
    def honours_text(self) -> str:
        """What honours count, in words: "counted: three score 2, four score 4"."""
        if not self.count_honours:
            return gettext("not counted")
        if self.scoring_choices[0] == HonoursValuesChoice.THREE_FOUR:
            return gettext("counted: three score 3, four score 4")
        return gettext("counted: three score 2, four score 4")

    @property
    def revoke_text(self) -> str:
        """What a revoke costs, in words: "three tricks pass to the opponents"."""
        _values, penalty, n = self.scoring_choices
        return rubber_rules.revoke_text(penalty, n)

    @property
    def rounds(self) -> int:
        return self.hands // self.hands_per_round

    @property
    def trumps(self) -> tuple[Trump, ...]:
        return parse_sequence(self.trump_sequence)

    @property
    def clock(self) -> round_clock.Clock:
        return round_clock.Clock(self.clock_state, self.clock_ends_at, self.clock_left)

    def set_clock(self, clock: round_clock.Clock) -> tuple[str, ...]:
        """Take `clock`'s values; the names of the fields to save."""
        self.clock_state, self.clock_ends_at, self.clock_left = (
            clock.state,
            clock.ends_at,
            clock.left,
        )
        return CLOCK_FIELDS

    @property
    def round_seconds(self) -> int:
        """The time each round is given, in seconds (0: no clock)."""
        return round_clock.round_seconds(
            minutes=self.clock_minutes,
            per=self.clock_per,
            hands_per_round=self.hands_per_round,
        )

    @property
    def half_time_hand(self) -> int:
        """The last hand before half-time (drive.half_time; 0: none)."""
        return half_time.half_time_hand(
            hands=self.hands, hands_per_round=self.hands_per_round
        )

    def hands_of_round(self, round_number: int) -> range:
        first = (round_number - 1) * self.hands_per_round + 1
        return range(first, first + self.hands_per_round)

    def round_of_hand(self, hand: int) -> int:
        return (hand - 1) // self.hands_per_round + 1

    def group_label(self, group: str) -> str:
        """The group's name; "" in a format without groups (each entry keeps
        a group there, which nobody is shown)."""
        return self.group_labels.get(group, "")

    @property
    def is_fixed(self) -> bool:
        """The whole movement is planned before play."""
        return self.format in FIXED

    @property
    def plays_in_pairs(self) -> bool:
        """Partners registered together play together all evening."""
        return self.format in PAIRED

    @property
    def plays_rubbers(self) -> bool:
        """Each round at a table is played as rubbers."""
        return self.format in RUBBERS

    @property
    def plays_predictions(self) -> bool:
        """Prediction whist (Wist): each for themselves; a round is a game of 8 deals."""
        return self.format in PREDICTIONS

    @property
    def cards_in(self) -> bool:
        """Scores come in as each card's total at the end, not hand by hand."""
        return self.score_entry == ScoreEntry.CARDS

    @property
    def ranks_by_share(self) -> bool:
        """A prediction whist drive ranked by the average share of the table."""
        return (
            self.plays_predictions
            and self.prediction_ranking == PredictionRanking.SHARE
        )

    @property
    def format_info(self) -> FormatInfo:
        """The drive's format: what it is and what it answers (the apps ask
        it, and never test which format it is)."""
        return FORMATS[Format(self.format)]

    @property
    def game(self) -> Game:
        """What a table plays in a round: hands, rubbers or prediction deals."""
        return self.format_info.game

    @property
    def words(self) -> RoundWords:
        """What the format calls a round and a hand (drive.format_words)."""
        return self.format_info.words

    @property
    def round_word(self) -> str:
        """What the pages call a round, in lower case: a game in prediction
        whist (a round is one game of 8 deals), a round in every other format.
        Templates put it in a sentence ("Enter scores for {{ word }} 2"), or
        through capfirst at the start of one."""
        return self.words.round_word

    @property
    def round_letter(self) -> str:
        """The round word's initial, for narrow column heads (R1, R2 or G1, G2)."""
        return self.words.round_letter

    @property
    def rubber_rules_lines(self) -> list[tuple[str, str, str]]:
        """(rule, words, source) for each rubber rule, for the drive's page."""
        return rubber_rules.rules_lines(self)

    @property
    def has_groups(self) -> bool:
        """The two groups sit in their own seats."""
        return self.format in GROUPED

    @property
    def group_labels(self) -> dict[str, str]:
        """Each group's name by its code; empty for a format without groups."""
        if not self.has_groups:
            return {}
        return {Group.A.value: self.group_a_label, Group.B.value: self.group_b_label}

    @property
    def is_setup_editable(self) -> bool:
        return self.state in (DriveState.DRAFT, DriveState.OPEN)

    @property
    def rounds_to_come(self) -> bool:
        """In play with a round still to be seated after this one (a player
        withdrawn now misses it)."""
        return self.state == DriveState.IN_PLAY and self.current_round < self.rounds

    @property
    def groups_can_change(self) -> bool:
        """Players may move between groups: before play, or in play while a
        round is still to be seated (the move counts from that round)."""
        if self.state == DriveState.IN_PLAY:
            return self.current_round < self.rounds
        return self.is_setup_editable


class Entry(models.Model):
    drive = models.ForeignKey(Drive, on_delete=models.CASCADE, related_name="entries")
    player = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="entries")
    number = models.PositiveSmallIntegerField()
    group = models.CharField(max_length=1, choices=GroupChoice.choices)
    # Partners drives: the two entries of a pair share a number (A and B).
    pair = models.PositiveSmallIntegerField(null=True, blank=True)
    checked_in = models.BooleanField(default=False)
    # The fee is settled: paid (cash or card) or let in free, and not refunded.
    # Kept with the payment by drive.money_services; an entry paid before
    # payments were recorded keeps paid with no method.
    paid = models.BooleanField(default=False)
    # What was paid and how. In a partners drive the pair's fee is on its
    # A entry; the B entry has the method and 0.
    paid_amount = models.DecimalField(
        max_digits=MAX_DIGITS, decimal_places=DECIMAL_PLACES, default=0
    )
    pay_method = models.CharField(
        max_length=4, blank=True, choices=PaymentMethod.choices, default=""
    )
    paid_at = models.DateTimeField(null=True, blank=True)
    # Given back when the entry withdrew before playing.
    refunded_amount = models.DecimalField(
        max_digits=MAX_DIGITS, decimal_places=DECIMAL_PLACES, default=0
    )
    refunded_at = models.DateTimeField(null=True, blank=True)
    payment_note = models.CharField(max_length=200, blank=True, default="")
    # The first round this entry plays: 1 for those present at the start, later
    # for late arrivals; null until the entry is seated.
    joined_round = models.PositiveSmallIntegerField(null=True, blank=True)
    # The first round this entry no longer plays, once withdrawn.
    withdrawn_from_round = models.PositiveSmallIntegerField(null=True, blank=True)
    # Cannot move between tables (a wheelchair, a walking frame, the quiet
    # corner for a hearing aid): the movement keeps them at one table
    # (drive.movement.stays), the one named here or else where they first sit.
    stays_at_table = models.BooleanField(default=False)
    stays_table = models.PositiveSmallIntegerField(null=True, blank=True)
    # The player asked for their score card in large print (printing.editions).
    large_print = models.BooleanField(default=False)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["number"]
        constraints = [
            models.UniqueConstraint(
                fields=["drive", "number"], name="entry_unique_number"
            ),
            models.UniqueConstraint(
                fields=["drive", "player"], name="entry_unique_player"
            ),
            models.CheckConstraint(
                condition=Q(number__gte=1), name="entry_number_positive"
            ),
            models.CheckConstraint(
                condition=Q(group__in=GroupChoice.values), name="entry_group_valid"
            ),
            models.UniqueConstraint(
                fields=["drive", "pair", "group"],
                condition=Q(pair__isnull=False),
                name="entry_pair_one_per_group",
            ),
            models.CheckConstraint(
                condition=Q(paid_amount__gte=0, refunded_amount__gte=0),
                name="entry_money_not_negative",
            ),
            models.CheckConstraint(
                condition=Q(refunded_amount__lte=F("paid_amount")),
                name="entry_refund_at_most_paid",
            ),
            models.CheckConstraint(
                condition=Q(pay_method__in=PaymentMethod.values),
                name="entry_pay_method_valid",
            ),
            # Nothing paid without a method, nothing paid when let in free.
            models.CheckConstraint(
                condition=Q(paid_amount=0) | Q(pay_method__in=["cash", "card"]),
                name="entry_amount_has_method",
            ),
            # A method recorded and no refund: the fee is settled.
            models.CheckConstraint(
                condition=Q(pay_method="") | Q(refunded_amount__gt=0) | Q(paid=True),
                name="entry_paid_follows_payment",
            ),
            models.CheckConstraint(
                condition=Q(refunded_amount=0) | Q(paid=False),
                name="entry_refunded_not_paid",
            ),
            # A table is named only for a player who stays at one.
            models.CheckConstraint(
                condition=Q(stays_table__isnull=True)
                | Q(stays_at_table=True, stays_table__gte=1),
                name="entry_stays_table_only_when_staying",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.number} {self.player.name}"

    def plays_round(self, round_number: int) -> bool:
        if self.joined_round is None or round_number < self.joined_round:
            return False
        return (
            self.withdrawn_from_round is None
            or round_number < self.withdrawn_from_round
        )


class Table(models.Model):
    drive = models.ForeignKey(Drive, on_delete=models.CASCADE, related_name="tables")
    number = models.PositiveSmallIntegerField()
    captain_key = models.CharField(max_length=64, unique=True, default=new_key)
    # How many answers are kept for this table's phones as receipts
    # (scoring.PhoneReceipt), counted as each is written: a captain's result at
    # a table that has none needs no look for its key among them.
    receipts = models.PositiveIntegerField(default=0)

    class Meta:
        ordering = ["number"]
        constraints = [
            models.UniqueConstraint(
                fields=["drive", "number"], name="table_unique_number"
            ),
            models.CheckConstraint(
                condition=Q(number__gte=1), name="table_number_positive"
            ),
        ]

    def __str__(self) -> str:
        return f"Table {self.number}"


class Round(models.Model):
    drive = models.ForeignKey(Drive, on_delete=models.CASCADE, related_name="round_set")
    number = models.PositiveSmallIntegerField()
    created_at = models.DateTimeField(auto_now_add=True)
    # When the round became the one in play, and when the next one (or the end
    # of the drive) took over; a fixed format plans its rounds long before.
    started_at = models.DateTimeField(null=True, blank=True)
    ended_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["number"]
        constraints = [
            models.UniqueConstraint(
                fields=["drive", "number"], name="round_unique_number"
            ),
            models.CheckConstraint(
                condition=Q(number__gte=1), name="round_number_positive"
            ),
        ]

    def __str__(self) -> str:
        return f"Round {self.number}"


class SeatAssignment(models.Model):
    """One entry's place in one round: a table and seat, or a sit-out (no table)."""

    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="seats")
    # RESTRICT: an entry that has had a seat has scores, so it is withdrawn,
    # never removed; the seats still go with their round or their drive.
    entry = models.ForeignKey(Entry, on_delete=models.RESTRICT, related_name="seats")
    table = models.ForeignKey(
        Table, on_delete=models.CASCADE, null=True, blank=True, related_name="seats"
    )
    position = models.CharField(max_length=1, blank=True, choices=SeatChoice.choices)

    class Meta:
        ordering = ["round", "table__number", "position"]
        constraints = [
            models.UniqueConstraint(
                fields=["round", "entry"], name="seat_one_per_entry_per_round"
            ),
            models.UniqueConstraint(
                fields=["round", "table", "position"],
                condition=Q(table__isnull=False),
                name="seat_one_entry_per_place",
            ),
            models.CheckConstraint(
                condition=(Q(table__isnull=True) & Q(position=""))
                | (Q(table__isnull=False) & Q(position__in=SeatChoice.values)),
                name="seat_table_and_position_together",
            ),
        ]

    def __str__(self) -> str:
        if self.table_id is None:
            return f"{self.entry_id} sits out in {self.round}"
        return f"{self.entry_id} at table {self.table_id} {self.position}"

    @property
    def is_sit_out(self) -> bool:
        return self.table_id is None


class MoneyLine(models.Model):
    """Other income or a cost of the evening: raffle, teas, hall hire, prizes bought."""

    drive = models.ForeignKey(
        Drive, on_delete=models.CASCADE, related_name="money_lines"
    )
    kind = models.CharField(max_length=6, choices=MoneyKind.choices)
    amount = models.DecimalField(max_digits=MAX_DIGITS, decimal_places=DECIMAL_PLACES)
    note = models.CharField(max_length=200)
    created_by = models.CharField(max_length=150, blank=True, default="")
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["kind", "id"]
        constraints = [
            models.CheckConstraint(
                condition=Q(amount__gte=0), name="money_line_amount_not_negative"
            ),
            models.CheckConstraint(
                condition=Q(kind__in=MoneyKind.values), name="money_line_kind_valid"
            ),
            models.CheckConstraint(
                condition=~Q(note=""), name="money_line_note_not_blank"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.get_kind_display()} {self.amount} {self.note}"

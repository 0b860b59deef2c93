"""The drive: one evening's event, its set-up and its state (draft -> open ->
in play -> finished), and what it answers of its format."""

from __future__ import annotations

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
from drive.desk_pages import DeskPages
from drive.format_words import RoundWords
from drive.games import per_game
from drive.hand_place import hand_place, round_hands
from drive.models.choices import (
    CLOCK_FIELDS,
    HANDS_PER_ROUND_CHOICES,
    MOST_HANDS_PER_ROUND,
    REVOKE_TRICKS_CHOICES,
    RUBBER_TARGET_CHOICES,
    ClockPer,
    ClockState,
    DriveState,
    HonoursValuesChoice,
    MovementFormat,
    PredictionRanking,
    RevokePenaltyChoice,
    RubberBonus,
    RubberHonoursLimit,
    RubberLosersHonours,
    RubberPreset,
    RubberSettlement,
    ScoreEntry,
    ScoringRule,
    SitOutCompensation,
    new_seed,
)
from drive.movement.types import (
    CARDS_IN,
    FIXED,
    FORMATS,
    GROUPED,
    PAIRED,
    Format,
    FormatInfo,
    Game,
    Group,
)
from drive.trumps import (
    DEFAULT_SEQUENCE,
    Trump,
    format_sequence,
    parse_sequence,
    trumps_for_hand,
)
from players import dates
from players.models import Club
from players.money import DECIMAL_PLACES, MAX_DIGITS

# Whether a game may rank its players by their average share of each table
# (prediction whist's choice, PredictionRanking): the others rank by points.
SHARE_RANKING = per_game(
    "drive.models",
    {Game.HANDS: False, Game.RUBBERS: False, Game.PREDICTIONS: True},
)


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
    # the table (scoring.prediction_share); fixed once play starts.
    prediction_ranking = models.CharField(
        _("ranking"),
        max_length=6,
        choices=PredictionRanking.choices,
        default=PredictionRanking.POINTS,
    )
    sit_out_fixed_score = models.PositiveSmallIntegerField(
        default=0,
        help_text=RoundWords.sit_out_fixed_score_help,
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
    # The prize-giving on the projector (prizes.giving): None, not on; n, how
    # many prizes are shown; and the keys of those prizes, in the order shown
    # (the last on the projector), so that a prize decided or corrected
    # meanwhile leaves the projector on the prize it shows.
    prize_step = models.PositiveSmallIntegerField(null=True, blank=True)
    prize_shown = models.JSONField(default=list, blank=True)
    # A prize-giving started and not over: the public pages name only the
    # prizes in `prize_shown`, the rest "to be announced", also while the
    # projector is back on the boards in the middle of it (prize_step None;
    # `prize_shown` is then kept, and the prize-giving goes on from there).
    # Over once every prize is shown and the projector goes back to the
    # boards, or when the organiser ends it and shows every prize.
    prizes_held = models.BooleanField(default=False)
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

    def trumps_of_hand(self, hand: int) -> Trump:
        """Hand `hand`'s trumps, from the drive's sequence."""
        return trumps_for_hand(self.trumps, hand)

    def hands_of_round(self, round_number: int) -> range:
        return round_hands(round_number, self.hands_per_round)

    def round_of_hand(self, hand: int) -> int:
        return hand_place(hand, self.hands_per_round).round

    def hand_named(self, hand: int) -> dict[str, int]:
        """Hand `hand` as the format's words name it (drive.format_words): the
        drive's number, its place in its round, and the round; a prediction
        drive's hand 11 is deal 3 of game 2, as the captain and the paper say
        (drive.hand_place)."""
        place = hand_place(hand, self.hands_per_round)
        return {"hand": hand, "number": place.number, "round": place.round}

    def record_deal(self, hand: int) -> str:
        """Hand `hand` in the record of changes' subjects, in the format's
        words: "hand 11", or prediction whist's "deal 3 of game 2"."""
        return self.words.record_deal(**self.hand_named(hand))

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
    def cards_in(self) -> bool:
        """Scores come in as each card's total at the end, not hand by hand."""
        return self.score_entry == ScoreEntry.CARDS

    @property
    def desk_pages(self) -> DeskPages:
        """Which desk pages the drive has (Cards in, or the pages that enter
        hands, with the paper slips and the card check where its format has
        them): the one answer the menu, the pages and their guards ask."""
        return DeskPages.of(self.format_info, cards_in=self.cards_in)

    @property
    def ranks_by_share(self) -> bool:
        """A prediction whist drive ranked by the average share of the table."""
        return (
            SHARE_RANKING[self.game]
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
    def sit_out_compensation_text(self) -> str:
        """The drive's sit-out compensation, in its format's words."""
        said = dict(SitOutCompensation.said_by(self.words))
        return str(said.get(self.sit_out_compensation, self.sit_out_compensation))

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

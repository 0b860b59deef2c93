"""What the organiser decides about prizes: the club's rules and prize list, a
drive's own copy of them (taken when it starts), the mystery score, and the
draws ("cuts of the cards") that settle ties.

The arithmetic lives in prizes.engine and scoring.tiebreaks (plain Python).
The tables keep the names they had when these models lived in scoring
(`db_table`), so a database made before the split keeps its data.

A draw settles a tie of a drive's contest or of a season's league table
(TieDraw.season points at league.Season by name: one table holds both, as
it did before the split; prizes never imports league).
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from drive.models import Entry
from players.pair_names import joined_pair
from scoring.tiebreaks import DEFAULT_TIE_BREAKS


class ClubScoringSettings(models.Model):
    """A club's rules for prizes and the league; a club without a row uses the defaults."""

    club = models.OneToOneField(
        "players.Club", on_delete=models.CASCADE, related_name="scoring_settings"
    )
    # Rule names in order (scoring.tiebreaks.Rule), separated by commas.
    tie_breaks = models.CharField(max_length=100, default=DEFAULT_TIE_BREAKS)
    one_prize_per_person = models.BooleanField(
        default=False,
        help_text=_(
            "A winner of a prize higher on the list is skipped for the lower ones."
        ),
    )
    # A player who withdraws during the evening keeps a place on the boards
    # but wins no prize (a half-time prize decided before they left stands).
    left_early_out_of_prizes = models.BooleanField(default=True, db_default=True)
    # Until the club saves its own prize list, it has the usual one.
    has_prize_list = models.BooleanField(default=False)
    # The best N drives of the season count; empty: every drive counts.
    best_of = models.PositiveSmallIntegerField(null=True, blank=True)
    min_attendance = models.PositiveSmallIntegerField(default=0)

    class Meta:
        db_table = "scoring_clubscoringsettings"
        constraints = [
            models.CheckConstraint(
                condition=Q(best_of__isnull=True) | Q(best_of__gte=1),
                name="club_scoring_best_of_positive",
            ),
        ]

    def __str__(self) -> str:
        return f"Scoring settings of {self.club}"


class PrizeKindChoice(models.TextChoices):
    OVERALL = "overall", _("Overall place")
    GROUP = "group", _("Place in a group")
    HALF_TIME = "half_time", _("Half-time leader")
    BOOBY = "booby", _("Booby (lowest total)")
    MOST_HANDS_WON = "most_hands_won", _("Most hands won")
    MYSTERY = "mystery", _("Mystery score")
    CUSTOM = "custom", _("Custom")
    LOWEST = "lowest", _("Lowest (overall or of a group)")
    SECOND_HALF = "second_half", _("Second half")
    MOST_TRICKS = "most_tricks", _("Most hands of N or more tricks")
    CONSOLATION = "consolation", _("Consolation draw")


def _prize_constraints(prefix: str) -> list[models.BaseConstraint]:
    return [
        models.CheckConstraint(
            condition=Q(kind__in=PrizeKindChoice.values), name=f"{prefix}_kind_valid"
        ),
        models.CheckConstraint(
            condition=Q(group__in=["", "A", "B"]), name=f"{prefix}_group_valid"
        ),
        models.CheckConstraint(
            condition=Q(place__gte=1), name=f"{prefix}_place_positive"
        ),
        models.CheckConstraint(
            condition=~Q(kind="custom") | ~Q(name=""), name=f"{prefix}_custom_named"
        ),
    ]


class PrizeFields(models.Model):
    """One line of a prize list (prizes.prize_list.PrizeSpec)."""

    position = models.PositiveSmallIntegerField()
    kind = models.CharField(max_length=20, choices=PrizeKindChoice.choices)
    place = models.PositiveSmallIntegerField(default=1)
    group = models.CharField(max_length=1, blank=True, default="")
    name = models.CharField(max_length=80, blank=True, default="")

    class Meta:
        abstract = True
        ordering = ["position"]


class PrizeTemplateItem(PrizeFields):
    """A line of the club's prize list, copied to each drive that uses it."""

    club = models.ForeignKey(
        "players.Club", on_delete=models.CASCADE, related_name="prize_template"
    )

    class Meta(PrizeFields.Meta):
        db_table = "scoring_prizetemplateitem"
        constraints = [
            models.UniqueConstraint(
                fields=["club", "position"], name="prize_template_unique_position"
            ),
            *_prize_constraints("prize_template"),
        ]

    def __str__(self) -> str:
        return f"{self.club}: prize {self.position} ({self.kind})"


class DrivePrize(PrizeFields):
    """A drive's own prize list: copied from the club's when the organiser first
    changes anything about the drive's prizes, or at the latest when the drive
    starts (with DrivePrizeRules), so later edits of the club's list leave this
    drive alone."""

    drive = models.ForeignKey(
        "drive.Drive", on_delete=models.CASCADE, related_name="prizes"
    )
    # A custom prize's winner, chosen by the organiser.
    winner = models.ForeignKey(
        Entry, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )

    class Meta(PrizeFields.Meta):
        db_table = "scoring_driveprize"
        constraints = [
            models.UniqueConstraint(
                fields=["drive", "position"], name="drive_prize_unique_position"
            ),
            *_prize_constraints("drive_prize"),
        ]

    def __str__(self) -> str:
        return f"{self.drive}: prize {self.position} ({self.kind})"


class DrivePrizeRules(models.Model):
    """A drive's own copy of the club's prize rules, taken when it starts, with its
    own prize list (DrivePrize rows, none for an empty list): from then on edits
    of the club's list and rules leave this drive, its ranks and its prizes,
    alone (scoring.prize_services.drive_prizes_freeze). A drive without one (not
    started yet) follows the club."""

    drive = models.OneToOneField(
        "drive.Drive", on_delete=models.CASCADE, related_name="prize_rules"
    )
    # As ClubScoringSettings.tie_breaks: rule names in order, separated by commas.
    tie_breaks = models.CharField(max_length=100, default=DEFAULT_TIE_BREAKS)
    one_prize_per_person = models.BooleanField(default=False)
    # As the club's, when the drive started; False for drives (and files of
    # drives) from before the rule, whose prizes stay as they were (so also
    # in the database, for rows an older release's code writes).
    left_early_out_of_prizes = models.BooleanField(default=False, db_default=False)

    class Meta:
        db_table = "scoring_driveprizerules"

    def __str__(self) -> str:
        return f"Prize rules of {self.drive}"


class MysteryScore(models.Model):
    """The number drawn after play: the total closest to it wins the mystery prize."""

    drive = models.OneToOneField(
        "drive.Drive", on_delete=models.CASCADE, related_name="mystery_score"
    )
    value = models.IntegerField()
    drawn_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL
    )
    drawn_at = models.DateTimeField(auto_now=True)

    class Meta:
        db_table = "scoring_mysteryscore"
        constraints = [
            models.CheckConstraint(
                condition=Q(value__gte=0, value__lte=9999), name="mystery_score_range"
            ),
        ]

    def __str__(self) -> str:
        return f"Mystery score {self.value} for {self.drive}"


class ContestChoice(models.TextChoices):
    FINAL = "final", _("Final standings")
    HALF_TIME = "half_time", _("Half-time")
    HANDS_WON = "hands_won", _("Most hands won")
    MYSTERY = "mystery", _("Mystery score")
    LEAGUE = "league", _("League table")
    SECOND_HALF = "second_half", _("Second half")
    TRICKS_7 = "tricks_7", _("Most hands of 7 or more tricks")
    TRICKS_8 = "tricks_8", _("Most hands of 8 or more tricks")
    TRICKS_9 = "tricks_9", _("Most hands of 9 or more tricks")
    TRICKS_10 = "tricks_10", _("Most hands of 10 or more tricks")
    TRICKS_11 = "tricks_11", _("Most hands of 11 or more tricks")
    TRICKS_12 = "tricks_12", _("Most hands of 12 or more tricks")
    TRICKS_13 = "tricks_13", _("Most hands of 13 or more tricks")


class TieDraw(models.Model):
    """The organiser's draw ("cut of the cards") between contenders still level.

    `members` is the sorted, comma-separated keys of everyone who cut: entry ids
    for a drive's contests, player ids for a season's league. The winner of the
    cut goes ahead of the others. A draw belongs to exactly that tie: if a
    correction changes who is level, the tie needs a new draw.
    """

    drive = models.ForeignKey(
        "drive.Drive",
        null=True,
        blank=True,
        on_delete=models.CASCADE,
        related_name="tie_draws",
    )
    season = models.ForeignKey(
        "league.Season",
        null=True,
        blank=True,
        on_delete=models.CASCADE,
        related_name="tie_draws",
    )
    contest = models.CharField(max_length=12, choices=ContestChoice.choices)
    members = models.CharField(max_length=2000)
    winner_entry = models.ForeignKey(
        Entry, null=True, blank=True, on_delete=models.CASCADE, related_name="+"
    )
    winner_player = models.ForeignKey(
        "players.Player",
        null=True,
        blank=True,
        on_delete=models.CASCADE,
        related_name="+",
    )
    recorded_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="+",
    )
    recorded_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        db_table = "scoring_tiedraw"
        ordering = ["recorded_at", "id"]
        constraints = [
            models.CheckConstraint(
                condition=(
                    Q(
                        drive__isnull=False,
                        season__isnull=True,
                        winner_entry__isnull=False,
                    )
                    & Q(winner_player__isnull=True)
                )
                | (
                    Q(
                        drive__isnull=True,
                        season__isnull=False,
                        winner_player__isnull=False,
                    )
                    & Q(winner_entry__isnull=True)
                ),
                name="tie_draw_drive_or_season",
            ),
            models.CheckConstraint(
                condition=Q(contest__in=ContestChoice.values),
                name="tie_draw_contest_valid",
            ),
            models.UniqueConstraint(
                fields=["drive", "contest", "members"],
                condition=Q(drive__isnull=False),
                name="tie_draw_unique_drive_tie",
            ),
            models.UniqueConstraint(
                fields=["season", "contest", "members"],
                condition=Q(season__isnull=False),
                name="tie_draw_unique_season_tie",
            ),
        ]

    def __str__(self) -> str:
        return f"Draw ({self.contest}) between {self.members}"

    @property
    def member_keys(self) -> frozenset[int]:
        return frozenset(int(k) for k in self.members.split(",") if k)

    @property
    def winner_key(self) -> int:
        return self.winner_entry_id if self.drive_id else self.winner_player_id


def members_text(keys) -> str:
    return ",".join(str(k) for k in sorted(set(keys)))


class ConsolationDraw(models.Model):
    """A consolation draw the site made: the n-th "Consolation draw" of the
    drive's prize list (`number`), between `members` (the entry keys of
    everyone then without a prize, in number order; a pair by its first
    entry), with `pool_numbers` their entry numbers ([[3], [5, 6], [9]]),
    written in the reader's own words where a page shows them (`pool_text`:
    "3, 5 & 6, 9", in Russian "3, 5 и 6, 9").

    The winner is random.Random(seed).choice of the pool in number order
    (prizes.consolation.draw_consolation), so anyone with the seed can check it.
    A drive has at most one current draw for each number; drawing again (only
    when the organiser says so) keeps the earlier draw, marked replaced.
    """

    drive = models.ForeignKey(
        "drive.Drive", on_delete=models.CASCADE, related_name="consolation_draws"
    )
    number = models.PositiveSmallIntegerField()
    seed = models.BigIntegerField()
    members = models.CharField(max_length=4000)
    # Each competitor's entry numbers, in number order: a pair's two.
    pool_numbers = models.JSONField(default=list, blank=True)
    # The pool as an earlier release wrote it, in the organiser's words of the
    # time ("3, 5 & 6, 9"), kept only for a draw whose text the upgrade could
    # not read back into `pool_numbers` (migration prizes 0004); blank for
    # every other draw.
    numbers = models.CharField(max_length=4000, blank=True, default="")
    winner_entry = models.ForeignKey(Entry, on_delete=models.CASCADE, related_name="+")
    drawn_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="+",
    )
    drawn_at = models.DateTimeField()
    # Set when the organiser drew again: this draw no longer counts.
    replaced_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["number", "drawn_at", "id"]
        constraints = [
            models.UniqueConstraint(
                fields=["drive", "number"],
                condition=Q(replaced_at__isnull=True),
                name="consolation_draw_one_current",
            ),
            models.CheckConstraint(
                condition=Q(number__gte=1), name="consolation_draw_number_positive"
            ),
            models.CheckConstraint(
                condition=Q(seed__gte=0), name="consolation_draw_seed_positive"
            ),
        ]

    def __str__(self) -> str:
        return f"Consolation draw {self.number} of {self.drive}"

    @property
    def member_keys(self) -> tuple[int, ...]:
        return tuple(int(k) for k in self.members.split(",") if k)

    @property
    def pool_text(self) -> str:
        """The pool as a page shows it, in the reader's words: "3, 5 & 6, 9"
        (a pair as players.pair_names writes it), each pair kept on one line
        (no-break spaces: a line ended at "5 &" with "6" on the next); an old
        draw's as written."""
        if not self.pool_numbers:
            return self.numbers
        return ", ".join(
            joined_pair(numbers).replace(" ", "\N{NO-BREAK SPACE}")
            for numbers in self.pool_numbers
        )

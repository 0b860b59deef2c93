"""What a season's league says of its game's scores, one class per game.

A season adds up one game's scores (league.models): odd tricks (or every
trick won) in a season of drives scored by tricks, rubber points in one of
rubber whist, prediction whist's points in one of prediction whist. The
league page, the printed table and the workbook say which, in the game's own
words (``LEAGUE_GAMES[season game]``), never by a branch on the game:

- *counts*: the sentence saying which drives the league counts;
- *scale*: the sentence under the table saying what its totals count;
- *total heading*: the workbook's heading over the totals (a spreadsheet
  has no sentence over its columns);
- *per hand*: the heading over the average per hand (per deal in prediction
  whist);
- *rule words*, *rule note*: the club's tie-break rules as the league applies
  them, over its drives ("count-back from the last drive"), and in the game's
  words ("most predictions made exactly" in prediction whist).

A season of drives scored by tricks may hold drives scored by odd tricks and
drives scored by every trick won: the league adds their totals as they are
(the raw tricks are kept, so changing a drive's rule recomputes it), and the
sentence names the drives on the other scale and says how to put them right,
rather than adding them without a word. A season of rubber whist may hold
drives played by different rules of the points (a long whist game is to 10,
a short one to 5, or a short whist drive whose game was set to 10): it
compares the rules themselves, not the presets' names, and names the drives
of other rules, each with its rules, in the same sentence.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from types import MappingProxyType

from django.utils.translation import gettext, gettext_lazy, ngettext, pgettext_lazy

from drive.format_words import GameWords
from drive.games import per_game
from drive.models.choices import ScoringRule
from drive.movement.types import Game
from drive.rubber_rules import rules_said
from players.dates import short_date
from players.language import list_label_count
from scoring.rubber import RubberSettings, settings_of
from scoring.tie_words import TIE_WORDS, HandsTieWords
from scoring.tiebreaks import Rule

# The club's tie-break rules as a league applies them: over its drives, where
# a drive's prizes apply them over its hands ("count-back from the last hand").
# A rule not here reads as a drive's prizes read it (scoring.tiebreaks).
LEAGUE_RULE_WORDS: Mapping[Rule, str] = MappingProxyType(
    {
        Rule.COUNT_BACK: pgettext_lazy(
            "league tie-break, in running text", "count-back from the last drive"
        ),
        Rule.BEST_HAND: pgettext_lazy(
            "league tie-break, in running text", "best single drive"
        ),
        # A league has no prize to share: level players share their place.
        Rule.SHARED: pgettext_lazy(
            "league tie-break, in running text", "the place shared"
        ),
    }
)
LEAGUE_RULE_NOTES: Mapping[Rule, str] = MappingProxyType(
    {Rule.BEST_HAND: gettext_lazy("decided by best single drive")}
)


def _named(drives: Sequence) -> str:
    return "; ".join(f"{short_date(d.date)}, {d.name}" for d in drives)


class HandsLeague:
    """A season of drives scored by tricks: odd tricks, as a drive scores by
    default, or every trick won."""

    counts = gettext_lazy("The league counts the drives scored by tricks.")
    total_heading = gettext_lazy("Total")
    per_hand = gettext_lazy("Per hand")
    rule_notes: Mapping[Rule, str] = LEAGUE_RULE_NOTES
    _rule_words: Mapping[Rule, str] = LEAGUE_RULE_WORDS
    # The game's drives' words, for a rule the league says as they do.
    _drive_words: HandsTieWords = TIE_WORDS[Game.HANDS]

    def rule_words(self, rule: Rule) -> str:
        """A tie-break rule inside the league's sentence of ties."""
        if rule in self._rule_words:
            return str(self._rule_words[rule])
        return self._drive_words.words(rule)

    def other_scale(self, drives: Sequence) -> list:
        """The drives whose scores are not the size of the others': the
        drives scored by every trick won, among drives of odd tricks."""
        total = [d for d in drives if d.scoring_rule == ScoringRule.TOTAL_TRICKS]
        return total if len(total) < len(drives) else []

    def scale(self, drives: Sequence) -> str:
        total = [d for d in drives if d.scoring_rule == ScoringRule.TOTAL_TRICKS]
        if not total:
            return gettext("Scores: odd tricks (tricks over six).")
        if len(total) == len(drives):
            return gettext("Scores: every trick won (total tricks).")
        return ngettext(
            "Scores on two scales: %(drives)s scored every trick won (total "
            "tricks), the other drives odd tricks, and the league adds them "
            "as they are. Change that drive's scoring rule to odd tricks to "
            "count every drive alike.",
            "Scores on two scales: %(drives)s scored every trick won (total "
            "tricks), the other drives odd tricks, and the league adds them "
            "as they are. Change those drives' scoring rule to odd tricks to "
            "count every drive alike.",
            list_label_count(total),
        ) % {"drives": _named(total)}


class RubberLeague(HandsLeague):
    """A season of rubber whist: each pair's rubber points.

    Its drives' points are of one size when they play by the same rules of
    the points: the scoring settings each drive plays by (scoring.rubber.
    settings_of: the preset with every setting the drive changed, honours
    counted or not), not the preset's name. A short whist drive whose game
    is to 10 plays by other rules than one whose game is to 5."""

    counts = gettext_lazy("The league counts the rubber whist drives.")
    total_heading = gettext_lazy("Rubber points")
    _drive_words = TIE_WORDS[Game.RUBBERS]

    def usual_rules(self, drives: Sequence) -> RubberSettings:
        """The season's rules: most of its drives', the earlier drive's when
        as many play each."""
        rules = [settings_of(d) for d in drives]
        counts = Counter(rules)
        return max(counts, key=lambda r: (counts[r], -rules.index(r)))

    def other_scale(self, drives: Sequence) -> list:
        """The drives whose rules of the points are not the season's (a long
        whist game is to 10, a short whist one to 5)."""
        if not drives:
            return []
        usual = self.usual_rules(drives)
        return [d for d in drives if settings_of(d) != usual]

    def scale(self, drives: Sequence) -> str:
        scale = gettext("Scores: rubber points (games, honours and rubber bonuses).")
        other = self.other_scale(drives)
        if not other:
            return scale
        usual = self.usual_rules(drives)
        first = next(d for d in drives if settings_of(d) == usual)
        # Each named with its preset and the rules it changed where they
        # differ: "Drive 3 (English short whist; Game: ... 10 points ...)".
        named = "; ".join(
            f"{short_date(d.date)}, {d.name} ({rules_said(d, beside=[first])})"
            for d in other
        )
        usual_said = rules_said(first, beside=other)
        return " ".join(
            (
                scale,
                ngettext(
                    "Rubber points of different sizes: %(drives)s was played by "
                    "other rules than the other drives (%(usual)s), and the "
                    "league adds their points as they are. If that drive was set "
                    "to the wrong rules, change its rubber rules to those of the "
                    "other drives to count every drive alike.",
                    "Rubber points of different sizes: %(drives)s were played by "
                    "other rules than the other drives (%(usual)s), and the "
                    "league adds their points as they are. If those drives were "
                    "set to the wrong rules, change their rubber rules to those "
                    "of the other drives to count every drive alike.",
                    list_label_count(other),
                )
                % {"drives": named, "usual": usual_said},
            )
        )


class PredictionLeague(HandsLeague):
    """A season of prediction whist: each player's points, below nothing too."""

    counts = gettext_lazy("The league counts the prediction whist drives.")
    total_heading = gettext_lazy("Prediction whist points")
    per_hand = gettext_lazy("Per deal")
    _drive_words = TIE_WORDS[Game.PREDICTIONS]
    # A deal won is a prediction made exactly, as the drives say it
    # (drive.format_words).
    rule_notes = MappingProxyType(
        {**LEAGUE_RULE_NOTES, Rule.HANDS_WON: GameWords.hands_won_note}
    )
    _rule_words = MappingProxyType(
        {**LEAGUE_RULE_WORDS, Rule.HANDS_WON: GameWords.hands_won_words}
    )

    def other_scale(self, drives: Sequence) -> list:
        return []

    def scale(self, drives: Sequence) -> str:
        return gettext(
            "Scores: prediction whist points (a player's total can be below nothing)."
        )


LEAGUE_GAMES = per_game(
    "league.games",
    {
        Game.HANDS: HandsLeague(),
        Game.RUBBERS: RubberLeague(),
        Game.PREDICTIONS: PredictionLeague(),
    },
)

"""What a season's league says of its game's scores, one class per game.

A season adds up one game's scores (league.models): odd tricks (or every
trick won) in a season of drives scored by tricks, rubber points in one of
rubber whist, prediction whist's points in one of prediction whist. The
league page, the printed table and the workbook say which, in the game's own
words (``LEAGUE_GAMES[season game]``), never by a branch on the game:

- *scale*: the sentence under the table saying what its totals count;
- *total heading*: the workbook's heading over the totals (a spreadsheet
  has no sentence over its columns);
- *per hand*: the heading over the average per hand (per deal in prediction
  whist);
- *rule words*, *rule note*: the club's tie-break rules as the league applies
  them, over its drives ("count-back from the last drive"), and in the game's
  words ("most deals won" in prediction whist).

A season of drives scored by tricks may hold drives scored by odd tricks and
drives scored by every trick won: the league adds their totals as they are
(the raw tricks are kept, so changing a drive's rule recomputes it), and the
sentence names the drives on the other scale and says how to put them right,
rather than adding them without a word. A season of rubber whist may hold
drives of several rubber presets (a long whist game is to 10, a short one to
5): it names the drives of the other presets in the same sentence.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from types import MappingProxyType

from django.utils.translation import gettext, gettext_lazy, ngettext, pgettext_lazy

from drive.games import per_game
from drive.models.choices import ScoringRule
from drive.movement.types import Game
from drive.rubber_rules import preset_name
from players.dates import short_date
from players.language import list_label_count
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

    total_heading = gettext_lazy("Total")
    per_hand = gettext_lazy("Per hand")
    rule_notes: Mapping[Rule, str] = LEAGUE_RULE_NOTES
    _rule_words: Mapping[Rule, str] = LEAGUE_RULE_WORDS

    def rule_words(self, rule: Rule) -> str:
        """A tie-break rule inside the league's sentence of ties."""
        return str(self._rule_words.get(rule, rule.words))

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
    """A season of rubber whist: each pair's rubber points."""

    total_heading = gettext_lazy("Rubber points")

    def usual_preset(self, drives: Sequence) -> str:
        """The season's rubber preset: most of its drives', the earlier
        drive's when as many play each."""
        presets = Counter(d.rubber_preset for d in drives)
        return max(presets, key=lambda p: (presets[p], -_first(drives, p)))

    def other_scale(self, drives: Sequence) -> list:
        """The drives of another rubber preset than the season's (a long
        whist game is to 10, a short whist one to 5)."""
        if not drives:
            return []
        usual = self.usual_preset(drives)
        return [d for d in drives if d.rubber_preset != usual]

    def scale(self, drives: Sequence) -> str:
        scale = gettext("Scores: rubber points (games, honours and rubber bonuses).")
        other = self.other_scale(drives)
        if not other:
            return scale
        usual = self.usual_preset(drives)
        named = "; ".join(
            f"{short_date(d.date)}, {d.name} ({preset_name(d.rubber_preset)})"
            for d in other
        )
        return " ".join(
            (
                scale,
                ngettext(
                    "Rubber points of different sizes: %(drives)s was played by "
                    "other rules than the other drives (%(usual)s), and the "
                    "league adds their points as they are. If that drive was set "
                    "to the wrong rules, change its rubber rules to %(usual)s to "
                    "count every drive alike.",
                    "Rubber points of different sizes: %(drives)s were played by "
                    "other rules than the other drives (%(usual)s), and the "
                    "league adds their points as they are. If those drives were "
                    "set to the wrong rules, change their rubber rules to "
                    "%(usual)s to count every drive alike.",
                    list_label_count(other),
                )
                % {"drives": named, "usual": preset_name(usual)},
            )
        )


def _first(drives: Sequence, preset: str) -> int:
    """The place in the season of the first drive of `preset`."""
    return next(i for i, d in enumerate(drives) if d.rubber_preset == preset)


class PredictionLeague(HandsLeague):
    """A season of prediction whist: each player's points, below nothing too."""

    total_heading = gettext_lazy("Prediction whist points")
    per_hand = gettext_lazy("Per deal")
    rule_notes = MappingProxyType(
        {**LEAGUE_RULE_NOTES, Rule.HANDS_WON: gettext_lazy("decided by most deals won")}
    )
    _rule_words = MappingProxyType(
        {
            **LEAGUE_RULE_WORDS,
            Rule.HANDS_WON: pgettext_lazy(
                "league tie-break, in running text", "most deals won"
            ),
        }
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

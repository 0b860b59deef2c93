"""The tie-break rules in each game's words, chosen by the drive's game
(drive.games.per_game), never by a branch on the format.

scoring.tiebreaks applies the rules the same way to every game; what a rule
is called is the game's. A drive of hands and a rubber drive count hands
(a rubber is played in hands of 13 tricks, and a hand is won by the side
that takes seven); prediction whist counts deals, and a deal is won by a
player who made their prediction exactly: "most predictions made exactly",
"best single deal", "count-back from the last deal" (the glossary's words: pl rozdanie,
ru сдача, ro mână, it smazzata).

- *words*: the rule inside a sentence ("Ties: count-back from the last hand,
  then most hands won.");
- *note*: how a tie was decided, on a prize list or a board's row.

The league says its rules over drives, in league.games.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from types import MappingProxyType

from django.utils.translation import gettext, gettext_lazy, pgettext_lazy

from drive.format_words import GameWords
from drive.games import per_game
from drive.movement.types import Game
from scoring.tiebreaks import RULE_NOTES, RULE_WORDS, Rule


class HandsTieWords:
    """A drive of hands: its rules count hands."""

    _words: Mapping[Rule, str] = MappingProxyType(RULE_WORDS)
    _notes: Mapping[Rule, str] = MappingProxyType(RULE_NOTES)

    def words(self, rule: Rule) -> str:
        """`rule` inside a sentence, lower-case where the language writes it so."""
        return str(self._words[rule])

    def note(self, rule: Rule) -> str:
        """How a tie was decided by `rule` ("decided by most hands won")."""
        return str(self._notes[rule])

    @property
    def notes(self) -> dict[Rule, str]:
        """Every rule's note, in the language now active."""
        return {rule: self.note(rule) for rule in Rule}

    def _joined(self, rules: Iterable[Rule]) -> str:
        # Translators: "Ties:" is followed by the tie-break rules in order, joined by ", then "
        return gettext(", then ").join(self.words(rule) for rule in rules)

    def order_words(self, rules: Iterable[Rule]) -> str:
        """The tie-breaks in a sentence, as the prize list and the boards say
        them: "Ties: count-back from the last hand, then most hands won."."""
        ties = gettext("Ties:")
        return f"{ties} {self._joined(rules)}."

    def placed_words(self, rules: Iterable[Rule]) -> str:
        """The key to a board's mark on the rows the tie-breaks placed apart
        from others level on points, saying the `rules` that did ("Level on
        points: placed by count-back from the last hand.")."""
        # Translators: the key under a final board to the mark (*) on the rows
        # placed apart from others with the same total; read from the back of a
        # hall: keep it short. %(rules)s is one or more tie-break rules as in
        # "Ties: ..." (nominative, joined by ", then "): put them after a colon
        # where the language would decline them.
        key = gettext("Level on points: placed by %(rules)s.")
        return key % {"rules": self._joined(rules)}


class RubberTieWords(HandsTieWords):
    """Rubber whist: its rubbers are played in hands, and a hand is won by
    the side that takes seven tricks (scoring.game_scores): its rules count
    hands, as a drive of hands does."""


class PredictionTieWords(HandsTieWords):
    """Prediction whist: its rules count deals, and a deal won is a
    prediction made exactly, which is what the rule says (drive.format_words)."""

    _words = MappingProxyType(
        {
            **RULE_WORDS,
            Rule.COUNT_BACK: pgettext_lazy(
                "tie-break, in running text", "count-back from the last deal"
            ),
            Rule.HANDS_WON: GameWords.hands_won_words,
            Rule.BEST_HAND: pgettext_lazy(
                "tie-break, in running text", "best single deal"
            ),
        }
    )
    _notes = MappingProxyType(
        {
            **RULE_NOTES,
            Rule.HANDS_WON: GameWords.hands_won_note,
            Rule.BEST_HAND: gettext_lazy("decided by best single deal"),
        }
    )


TIE_WORDS = per_game(
    "scoring.tie_words",
    {
        Game.HANDS: HandsTieWords(),
        Game.RUBBERS: RubberTieWords(),
        Game.PREDICTIONS: PredictionTieWords(),
    },
)


def tie_words(game: Game | str | None) -> HandsTieWords:
    """The words of `game`'s tie-breaks (a drive's game; none: a drive of hands)."""
    return TIE_WORDS[Game(game)] if game else TIE_WORDS[Game.HANDS]

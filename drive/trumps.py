"""Trumps: the suit that beats all others for one hand.

Every table plays the same trumps at the same time. A drive has a *trump
sequence*, cycled by hand number: hand h plays sequence[(h - 1) % len(sequence)].
The default is Hearts, Diamonds, Spades, Clubs, No trumps.
"""

from __future__ import annotations

from collections.abc import Sequence
from enum import Enum

from django.utils.translation import gettext, pgettext_lazy
from django.utils.translation import gettext_lazy as _

from players.language import Words


class Trump(str, Enum):
    HEARTS = "H"
    DIAMONDS = "D"
    SPADES = "S"
    CLUBS = "C"
    NO_TRUMPS = "NT"

    @property
    def label(self) -> str:
        """The suit's name in the language of the page ("Hearts", "kier")."""
        return TRUMP_NAMES[self]

    @property
    def running_name(self) -> str:
        """The suit's name inside a sentence: lower-case where the language
        writes it so ("kier", "червы"); English keeps its capital."""
        return TRUMP_RUNNING_NAMES[self]

    @property
    def symbol(self) -> str:
        """The suit's sign (♥), or No trumps' abbreviation in the page's language."""
        return TRUMP_SIGNS[self]

    @property
    def is_red(self) -> bool:
        return self in (Trump.HEARTS, Trump.DIAMONDS)


# The words a drive stores and reads back (parse_sequence): data, always English.
TRUMP_WORDS: dict[Trump, str] = {
    Trump.HEARTS: "Hearts",
    Trump.DIAMONDS: "Diamonds",
    Trump.SPADES: "Spades",
    Trump.CLUBS: "Clubs",
    Trump.NO_TRUMPS: "No trumps",
}
# The names a person reads, as card players say them.
TRUMP_LABELS: dict[Trump, str] = {
    # Translators: the suit as trumps, as card players name it. Polish kier,
    # Russian червы, Romanian inimă roșie, Italian cuori.
    Trump.HEARTS: _("Hearts"),
    # Translators: the suit as trumps. Polish karo, Russian бубны, Romanian
    # romb, Italian quadri.
    Trump.DIAMONDS: _("Diamonds"),
    # Translators: the suit as trumps. Polish pik, Russian пики, Romanian
    # pică, Italian picche.
    Trump.SPADES: _("Spades"),
    # Translators: the suit as trumps. Polish trefl, Russian трефы, Romanian
    # treflă, Italian fiori.
    Trump.CLUBS: _("Clubs"),
    # Translators: a hand played without trumps. Polish bez atu, Russian без
    # козыря, Romanian fără atu, Italian senza atout.
    Trump.NO_TRUMPS: _("No trumps"),
}
# Translated once per language: a page of cards or a workbook names a suit
# for every hand of every entry.
TRUMP_NAMES = Words(TRUMP_LABELS)
# The same names inside a sentence ("1 atout cuori"), not as a heading or an
# announcement: locale/GLOSSARY.md writes them lower-case there.
TRUMP_RUNNING_LABELS: dict[Trump, str] = {
    Trump.HEARTS: pgettext_lazy("suit, in running text", "Hearts"),
    Trump.DIAMONDS: pgettext_lazy("suit, in running text", "Diamonds"),
    Trump.SPADES: pgettext_lazy("suit, in running text", "Spades"),
    Trump.CLUBS: pgettext_lazy("suit, in running text", "Clubs"),
    Trump.NO_TRUMPS: pgettext_lazy("suit, in running text", "No trumps"),
}
TRUMP_RUNNING_NAMES = Words(TRUMP_RUNNING_LABELS)
TRUMP_SYMBOLS: dict[Trump, str] = {
    Trump.HEARTS: "\u2665",
    Trump.DIAMONDS: "\u2666",
    Trump.SPADES: "\u2660",
    Trump.CLUBS: "\u2663",
    # Translators: No trumps shortened, where the suits show their signs (♥ ♦):
    # before the word in lists and very large on the captain's phone. Polish BA,
    # Russian БК, Romanian FA, Italian SA.
    Trump.NO_TRUMPS: pgettext_lazy("No trumps abbreviation", "NT"),
}
TRUMP_SIGNS = Words(TRUMP_SYMBOLS)

DEFAULT_SEQUENCE: tuple[Trump, ...] = (
    Trump.HEARTS,
    Trump.DIAMONDS,
    Trump.SPADES,
    Trump.CLUBS,
    Trump.NO_TRUMPS,
)

# A prediction whist game's 8 deals: four with trumps, then Free, Blind, Tickets
# and Wist without (scoring.prediction_rules.DEAL_KINDS). A prediction drive plays it as its
# trump sequence, a game to a round, so every page's trumps of a hand are right.
PREDICTION_SEQUENCE: tuple[Trump, ...] = (
    Trump.HEARTS,
    Trump.DIAMONDS,
    Trump.CLUBS,
    Trump.SPADES,
    Trump.NO_TRUMPS,
    Trump.NO_TRUMPS,
    Trump.NO_TRUMPS,
    Trump.NO_TRUMPS,
)
DEALS_PER_GAME = len(PREDICTION_SEQUENCE)


def trumps_for_hand(sequence: Sequence[Trump], hand: int) -> Trump:
    """The trumps of hand `hand` (numbered from 1) under `sequence`."""
    if not sequence:
        raise ValueError(gettext("A trump sequence needs at least one suit."))
    if hand < 1:
        raise ValueError("Hands are numbered from 1.")
    return sequence[(hand - 1) % len(sequence)]


def parse_sequence(text: str) -> tuple[Trump, ...]:
    """Read a sequence stored or typed as codes or words: "H,D,S,C,NT" or "Hearts, Clubs".

    The English words are always read; so are the suits' names in the
    language of the page, as the form shows them ("kier, karo").
    Raises ValueError with a message a person can act on.
    """
    by_word = {str(label).casefold(): trump for trump, label in TRUMP_LABELS.items()}
    by_word.update({word.casefold(): trump for trump, word in TRUMP_WORDS.items()})
    by_word.update({"no trump": Trump.NO_TRUMPS, "notrumps": Trump.NO_TRUMPS})
    by_word.update(
        {str(symbol).casefold(): trump for trump, symbol in TRUMP_SYMBOLS.items()}
    )
    result: list[Trump] = []
    for raw in text.replace(";", ",").split(","):
        word = " ".join(raw.split())
        if not word:
            continue
        key = word.casefold()
        if key.upper() in Trump._value2member_map_:
            result.append(Trump(key.upper()))
        elif key in by_word:
            result.append(by_word[key])
        else:
            raise ValueError(
                gettext(
                    "“%(word)s” is not a suit. Use Hearts, Diamonds, Spades, Clubs "
                    "or No trumps."
                )
                % {"word": word}
            )
    if not result:
        raise ValueError(gettext("A trump sequence needs at least one suit."))
    return tuple(result)


def format_sequence(sequence: Sequence[Trump]) -> str:
    """The stored form: codes separated by commas."""
    return ",".join(trump.value for trump in sequence)

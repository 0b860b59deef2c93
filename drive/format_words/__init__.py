"""The words a format speaks: what it calls a round and a hand, and the
sentences built on them.

Every page, sheet and board says "round 2 of 6" in a format whose rounds are
rounds and "game 2 of 6" in prediction whist, whose round is a game of eight
deals. The choice is made here once, by the format's words object
(``FormatInfo.words``), never by a branch on the format where the words are
used: a page asks ``drive.words`` (or the ``say`` template tag for a sentence
with numbers in it).

The formats of rounds of hands speak as ``rounds`` says (RoundWords, and its
pairs' PartnerWords and RubberWords); prediction whist as ``prediction`` says
(GameWords, which overrides RoundWords where a game of deals says otherwise).
Import them from here.

Plain Python: translation only. Each sentence keeps the message id its page
had, so the catalogues' translations carry over.
"""

from __future__ import annotations

from drive.format_words.prediction import GameWords
from drive.format_words.rounds import (
    ClockSetting,
    PartnerWords,
    RoundWords,
    RubberWords,
)

__all__ = ["ClockSetting", "GameWords", "PartnerWords", "RoundWords", "RubberWords"]

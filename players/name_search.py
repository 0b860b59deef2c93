"""Finding the roster's players from a name typed at the door, in plain Python.

A name typed at the door is *found* when the roster holds it exactly, as the
roster compares names (players.models.normalise_name: case and accents
aside). Otherwise the door *suggests* the players it may mean, rather than
adding a second card for someone already on the roster:

- **part of a name**: every word typed begins a word of the name, in any
  order ("Wisniewska" and "anna w" find Anna Wiśniewska);
- **the other alphabet**: names are compared spelled in Latin letters, so
  "Fedorova" finds Ольга Федорова and Наталья Фёдорова, and "Петров" finds
  Ivan Petrov;
- **a slip**: each word typed is spelled nearly as a word of the name
  ("Kowalsky" finds Jan Kowalski, "Fiodorowa" finds Федорова);
- **an elision typed without its apostrophe**: a name's words joined at an
  apostrophe are a word too, and so are a typed name's, so "dellacqua" finds
  Maria Dell'Acqua, "Santelia" Rosaria Sant'Elia and "D'Angelo" a roster's
  Dangelo.

The closest come first: a word typed whole, then the start of a word, then a
near spelling.
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Callable, Iterable
from typing import TypeVar

from players.collation import fold

T = TypeVar("T")

# Russian (and Ukrainian) letters as English spells them; ё and й are first
# folded by players.collation.fold (ё as е; й kept, here i).
CYRILLIC_TO_LATIN = {
    "а": "a",
    "б": "b",
    "в": "v",
    "г": "g",
    "ґ": "g",
    "д": "d",
    "е": "e",
    "є": "e",
    "ж": "zh",
    "з": "z",
    "и": "i",
    "і": "i",
    "ї": "i",
    "й": "i",
    "к": "k",
    "л": "l",
    "м": "m",
    "н": "n",
    "о": "o",
    "п": "p",
    "р": "r",
    "с": "s",
    "т": "t",
    "у": "u",
    "ф": "f",
    "х": "kh",
    "ц": "ts",
    "ч": "ch",
    "ш": "sh",
    "щ": "shch",
    "ъ": "",
    "ы": "y",
    "ь": "",
    "э": "e",
    "ю": "yu",
    "я": "ya",
}
# Spellings one language writes for another's sound (Polish w for v, j and y
# for i; Federova, Fiodorowa), made the same before a near spelling is sought.
_SOUNDS = (("ck", "k"), ("ph", "f"), ("kh", "h"), ("w", "v"), ("j", "i"), ("y", "i"))
_WORD = re.compile(r"[^\W_]+")
# A near spelling: at least this alike (difflib's ratio), in words of at least
# NEAR_LETTERS letters (a short word must be typed as it begins).
NEAR = 0.8
NEAR_LETTERS = 4
# Fewer letters than this typed suggest nobody.
LEAST_LETTERS = 2


def latin_words(text: str) -> list[str]:
    """The words of `text` as names are searched: folded (no case, no
    accents), Cyrillic spelled in Latin letters."""
    spelled = "".join(CYRILLIC_TO_LATIN.get(c, c) for c in fold(text))
    return _WORD.findall(spelled)


def _with_elisions(text: str) -> list[str]:
    """The words of `text`, then those its apostrophes join ("dell'acqua":
    dell, acqua, dellacqua), as one may type them either way."""
    words = latin_words(text)
    joined = latin_words(fold(text).replace("'", ""))
    return words + [word for word in joined if word not in words]


def _sound(word: str) -> str:
    for spelling, sound in _SOUNDS:
        word = word.replace(spelling, sound)
    return re.sub(r"(.)\1+", r"\1", word)


def _word_closeness(typed: str, words: list[str]) -> int:
    """How well one word typed matches a name's words: 3 a whole word, 2 the
    start of one, 1 a near spelling, 0 none."""
    if typed in words:
        return 3
    if any(word.startswith(typed) for word in words):
        return 2
    if len(typed) >= NEAR_LETTERS:
        sound = _sound(typed)
        for word in words:
            if len(word) < NEAR_LETTERS:
                continue
            alike = difflib.SequenceMatcher(None, sound, _sound(word)).ratio()
            if alike >= NEAR or _sound(word).startswith(sound):
                return 1
    return 0


def closeness(typed: str, name: str) -> int:
    """How well `typed` matches `name`: 0 when some word typed matches no word
    of the name, else the worst match among the words typed (3 whole words,
    2 starts of words, 1 near spellings)."""
    typed_words = latin_words(typed)
    if sum(len(w) for w in typed_words) < LEAST_LETTERS:
        return 0
    words = _with_elisions(name)
    ways = [typed_words]
    if "'" in fold(typed):
        ways.append(latin_words(fold(typed).replace("'", "")))
    return max(min((_word_closeness(w, words) for w in way), default=0) for way in ways)


def suggestions(
    typed: str, candidates: Iterable[T], *, name: Callable[[T], str], limit: int
) -> list[T]:
    """The candidates whose name `typed` may mean, closest first (then in the
    order given), at most `limit`."""
    scored = [(closeness(typed, name(c)), i, c) for i, c in enumerate(candidates)]
    found = sorted((s for s in scored if s[0]), key=lambda s: (-s[0], s[1]))
    return [c for _score, _i, c in found[:limit]]

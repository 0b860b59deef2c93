"""Names in the language's alphabetical order, in plain Python.

`sort_key(name, language)` orders names as a reader of `language` expects:

- Polish: a ą b c ć d e ę f g h i j k l ł m n ń o ó p r s ś t u w y z ź ż
  (so Łukasz comes after Lucyna and Żaneta last);
- Romanian: a ă â b c d e f g h i î j k l m n o p q r s ș t ț u v w x y z
  (Ștefan after Sorin; the old cedilla letters ş and ţ count as ș and ț);
- Russian: а б в г д е ё ж з и й к л м н о п р с т у ф х ц ч ш щ ъ ы ь э ю я,
  then Latin names;
- Italian, English and any other language: a to z, accents folded (à with a).

Letters a language's alphabet lacks (q, v, x in Polish) keep their place in
a to z; other accented letters fold to their base letter (é with e, ł with l
outside Polish); other languages' Latin names come before Cyrillic ones.
Case never counts first. Spaces, hyphens and digits sort before letters, as
in English. After the letters, the accents, then the case, then the name
itself break a tie, so the order is total and the same on every machine.
"""

from __future__ import annotations

import unicodedata

from django.utils import translation

LATIN = list("abcdefghijklmnopqrstuvwxyz")
CYRILLIC = list("абвгдеёжзийклмнопрстуфхцчшщъыьэюя")
# Each language's own letters, inserted after the Latin letter they follow.
EXTRA_LETTERS = {
    "pl": {"a": "ą", "c": "ć", "e": "ę", "l": "ł", "n": "ń", "o": "ó", "s": "ś"},
    "ro": {"a": "ăâ", "i": "î", "s": "ș", "t": "ț"},
}
EXTRA_AFTER_Z = {"pl": "źż"}
# Letters with no Unicode decomposition that fold to a base letter (or two).
FOLDS = {
    "ł": "l",
    "ø": "o",
    "đ": "d",
    "ð": "d",
    "ħ": "h",
    "ı": "i",
    "æ": "ae",
    "œ": "oe",
    "þ": "th",
}
# The apostrophes a name is typed with: a phone's or a word processor's
# curly one (D’Angelo, O’Brien), the modifier letter, a grave or acute accent
# typed for it. All are the straight one when names are matched.
APOSTROPHES = {"\u2019": "'", "\u2018": "'", "\u02bc": "'", "`": "'", "\u00b4": "'"}
# The cedilla forms Romanian typed for years: the same letters as the comma forms.
ROMANIAN_CEDILLA = {"ş": "ș", "ţ": "ț"}
_ROMANIAN_COMMAS = str.maketrans({"ş": "ș", "ţ": "ț", "Ş": "Ș", "Ţ": "Ț"})


def with_romanian_commas(text: str) -> str:
    """`text` with the cedilla ş ţ Ş Ţ (cp1250, old keyboards) written as
    Romanian writes them, with a comma below: ș ț Ș Ț."""
    return text.translate(_ROMANIAN_COMMAS)


def spelled_for(language: str, name: str) -> str:
    """A new or edited player's name as the club's language writes it: a
    Romanian club's ş ţ become ș ț; other clubs keep the letters typed."""
    return with_romanian_commas(name) if language == "ro" else name


# Letters Unicode writes as a letter and a mark that are letters of their own,
# never typed without the mark by their readers: й is not и (Сергей, Андрей).
# (ё is typed as е every day, so it folds.)
NOT_FOLDED = frozenset("й")


def fold(text: str) -> str:
    """`text` as names are matched (players.models.normalise_name): no case,
    no accents, and the letters with no decomposition folded too (ł as l, ø as
    o, æ as ae, ß as ss), so "lucja zolkiewska" finds Łucja Żółkiewska; a
    curly apostrophe as the straight one ("D’Angelo" finds D'Angelo). Never
    across alphabets, and never a letter its readers tell apart (NOT_FOLDED)."""
    folded: list[str] = []
    for char in unicodedata.normalize("NFC", text).casefold():
        if char in NOT_FOLDED:
            folded.append(char)
            continue
        char = APOSTROPHES.get(char) or FOLDS.get(char, char)
        folded.append(
            "".join(
                c
                for c in unicodedata.normalize("NFKD", char)
                if not unicodedata.combining(c)
            )
        )
    return "".join(folded)


def _latin(language: str) -> list[str]:
    extra = EXTRA_LETTERS.get(language, {})
    letters: list[str] = []
    for letter in LATIN:
        letters.append(letter)
        letters.extend(extra.get(letter, ""))
    letters.extend(EXTRA_AFTER_Z.get(language, ""))
    return letters


def _order(language: str) -> dict[str, int]:
    letters = CYRILLIC + LATIN if language == "ru" else _latin(language) + CYRILLIC
    return {letter: index for index, letter in enumerate(letters)}


ORDERS = {language: _order(language) for language in ("en", "pl", "ro", "ru")}


def base_language(language: str | None) -> str:
    """ "pl" of "pl", "pl-PL" or "pl_PL"; English when none is active."""
    code = (language or "en").replace("_", "-").split("-")[0].casefold()
    return code if code in ORDERS else "en"


def _strip(text: str) -> str:
    decomposed = unicodedata.normalize("NFD", text)
    return "".join(c for c in decomposed if not unicodedata.combining(c))


def _letters(name: str, language: str) -> tuple[tuple[int, int], ...]:
    order = ORDERS[language]
    primary: list[tuple[int, int]] = []
    for char in unicodedata.normalize("NFC", name).casefold():
        if language == "ro":
            char = ROMANIAN_CEDILLA.get(char, char)
        if char in order:
            primary.append((1, order[char]))
            continue
        folded = FOLDS.get(char) or _strip(char)
        if folded and all(c in order for c in folded):
            primary.extend((1, order[c]) for c in folded)
        elif char.isalpha():
            primary.append((2, ord(char)))  # a letter of no alphabet here
        elif not unicodedata.combining(char):
            primary.append((0, ord(char)))  # spaces, hyphens, digits first
    return tuple(primary)


def sort_key(name: str, language: str | None = None) -> tuple:
    """The key that sorts `name` in `language`'s alphabetical order (the
    active language when None): letters first, then accents, then case, then
    the name itself, so two different names never compare equal."""
    code = base_language(language or translation.get_language())
    folded = unicodedata.normalize("NFD", name).casefold()
    return (_letters(name, code), folded, unicodedata.normalize("NFD", name), name)


def sorted_by_name(items, name=lambda item: item.name, language: str | None = None):
    """`items` in alphabetical order of `name(item)`, in the given or active language."""
    code = base_language(language or translation.get_language())
    return sorted(items, key=lambda item: sort_key(name(item), code))

"""The words of a typed prize list, one table a language.

An organiser types the prize list in the page's language or in English
(English is always read, so old lists and lists pasted from the club's notes
keep working); the reader's errors name the examples in the page's
language (prizes.prize_list). Each table says both:

- *written*: how a prize is written, the first words the help and the
  errors show.
  ``{n}`` is a number (a place, or the N of "N or more tricks"), ``{nth}``
  the English ordinal ("1st"), ``{group}`` a group's name;
- *said*: every way of typing each part of a line, lower case. Diacritics
  may be left out when typing (``fold``: "ogolem" is "ogółem", "sorti" is
  "sorți"), a space stands for any run of spaces or a hyphen ("second half",
  "second-half"), a hyphen may be typed or left out ("half-time",
  "halftime", "half time"; "1-е", "1е"), and ``{n}`` is the number;
- *places*: ordinal words and the place they mean ("pierwsze miejsce": 1);
- *everyone*: the words for the whole room ("overall", "ogółem");
- *before_group*: the words that may stand before a group's name ("w grupie
  Panie", "in grupa Doamne");
- *small_in_sentence*: whether the language writes the site's own name of a
  prize with a small first letter inside a running sentence, after a colon
  or in a list (`in_sentence`: "Twoje nagrody: najlepszy wynik w grupie
  Panie, nagroda pocieszenia."). Polish, Russian, Romanian and Italian write
  these common nouns so; English keeps the capital, naming the prize as the
  prize list and the prize table do ("Your prizes: 1st overall, Booby."). A
  name the organiser typed ("The Smith Cup") is never changed.

Quotation marks around a group's name and a dash before it (Italian "2°
posto – Dame") are read as spaces. A written dash is held to the word
before it by a no-break space, as the catalogues hold it
(players.no_break.held_dashes). The written forms follow the words the
results page shows (the catalogues' "%(place)s overall" ...), and a test reads
every written form back in every language (tests/prizes/test_prize_words.py);
locale/GLOSSARY.md points translators here. A new language is a new table.

Plain Python: no Django.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache

# Every part of a line a table says, those that take a group after them in
# the order they are tried ("Second half" before the place "second").
WHO_PARTS = ("most_tricks", "half_time", "second_half", "lowest", "best", "place")
WHOLE_PARTS = ("booby", "most_hands_won", "mystery", "consolation", "custom")


@dataclass(frozen=True)
class PrizeWords:
    written: Mapping[str, str]
    said: Mapping[str, tuple[str, ...]]
    places: Mapping[str, int]
    everyone: tuple[str, ...]
    before_group: tuple[str, ...]
    small_in_sentence: bool


ENGLISH = PrizeWords(
    written={
        "overall": "{nth} overall",
        "group_place": "{nth} {group}",
        "best": "Highest {group}",
        "half_time": "Half-time leader",
        "half_time_group": "Half-time leader {group}",
        "booby": "Booby",
        "most_hands_won": "Most hands won",
        "mystery": "Mystery score",
        "lowest": "Lowest overall",
        "lowest_alone": "Lowest",
        "lowest_group": "Lowest {group}",
        "second_half": "Second half",
        "second_half_group": "Second half {group}",
        "most_tricks": "Most hands of {n} or more tricks",
        "most_tricks_group": "Most hands of {n} or more tricks {group}",
        "consolation": "Consolation draw",
        "custom": "Custom",
    },
    said={
        "place": (
            "{n}st",
            "{n}nd",
            "{n}rd",
            "{n}th",
            "{n}",
            "{n}st place",
            "{n}nd place",
            "{n}rd place",
            "{n}th place",
        ),
        "best": ("highest", "best", "top"),
        "half_time": (
            "half-time",
            "half-time leader",
            "half-time leaders",
            "half-time winner",
            "half-time prize",
        ),
        "booby": ("booby", "booby prize", "lowest total", "wooden spoon"),
        "most_hands_won": (
            "most hands won",
            "most hands",
            "most predictions made exactly",
            "predictions made exactly",
        ),
        "mystery": ("mystery", "mystery score", "mystery number"),
        "lowest": ("lowest",),
        "second_half": (
            "second half",
            "second half leader",
            "second half leaders",
            "second half winner",
            "second half prize",
        ),
        "most_tricks": (
            "most hands of {n} or more tricks",
            "most hands with {n} or more tricks",
            "most hands of {n}+ tricks",
            "most hands with {n}+ tricks",
        ),
        # Not "consolation prize": the other languages' word for the booby
        # ("nagroda pocieszenia", "утешительный приз"), read on every page.
        "consolation": ("consolation", "consolation draw"),
        "custom": ("custom",),
    },
    places={"first": 1, "second": 2, "third": 3, "fourth": 4, "fifth": 5},
    everyone=("overall", "everyone", "all"),
    before_group=("in the", "in", "of the", "of", "for the", "for"),
    small_in_sentence=False,
)

POLISH = PrizeWords(
    written={
        "overall": "{n}. miejsce ogółem",
        "group_place": "{n}. miejsce w grupie {group}",
        "best": "Najlepszy wynik w grupie {group}",
        "half_time": "Prowadzenie na półmetku",
        "half_time_group": "Prowadzenie na półmetku w grupie {group}",
        "booby": "Nagroda pocieszenia",
        "most_hands_won": "Najwięcej wygranych rozdań",
        "mystery": "Tajemniczy wynik",
        "lowest": "Najniższy wynik ogółem",
        "lowest_alone": "Najniższy wynik",
        "lowest_group": "Najniższy wynik w grupie {group}",
        # Not "Druga połowa": a spouse ("moja druga połowa"), as ru «вторая
        # половина»; the half-time is the półmetek ("Prowadzenie na półmetku").
        "second_half": "Najlepszy wynik po półmetku",
        "second_half_group": "Najlepszy wynik po półmetku w grupie {group}",
        "most_tricks": "Najwięcej rozdań z {n} lub więcej lewami",
        "most_tricks_group": "Najwięcej rozdań z {n} lub więcej lewami w grupie {group}",
        "consolation": "Losowanie dla osób bez nagrody",
        "custom": "Własna",
    },
    said={
        "place": (
            "{n}. miejsce",
            "{n} miejsce",
            "{n}-e miejsce",
            "miejsce {n}",
            "{n}.",
            "{n}-e",
            "{n}",
        ),
        "best": (
            "najlepszy wynik",
            "najlepszy",
            "najlepsza",
            "najlepsi",
            "najwyższy wynik",
        ),
        "half_time": (
            "prowadzenie na półmetku",
            "prowadzący na półmetku",
            "lider na półmetku",
            "na półmetku",
            "półmetek",
        ),
        "booby": ("nagroda pocieszenia", "pocieszenie"),
        "most_hands_won": (
            "najwięcej wygranych rozdań",
            "najwięcej wygranych",
            "najwięcej dokładnie spełnionych deklaracji",
            "najwięcej spełnionych deklaracji",
            "dokładnie spełnione deklaracje",
        ),
        "mystery": ("tajemniczy wynik", "tajemnicza liczba", "wynik tajemniczy"),
        "lowest": ("najniższy wynik", "najniższy"),
        "second_half": (
            "najlepszy wynik po półmetku",
            "po półmetku",
            "druga połowa",
            "najlepsza druga połowa",
        ),
        "most_tricks": (
            "najwięcej rozdań z {n} lub więcej lewami",
            "najwięcej rozdań z co najmniej {n} lewami",
            "najwięcej rozdań z {n}+ lewami",
        ),
        "consolation": (
            "losowanie dla osób bez nagrody",
            "losowanie pocieszenia",
            "losowanie",
        ),
        "custom": ("własna", "własna nagroda", "nagroda własna"),
    },
    places={
        "pierwsze miejsce": 1,
        "pierwsze": 1,
        "drugie miejsce": 2,
        "drugie": 2,
        "trzecie miejsce": 3,
        "trzecie": 3,
        "czwarte miejsce": 4,
        "czwarte": 4,
        "piąte miejsce": 5,
        "piąte": 5,
    },
    everyone=("ogółem", "w klasyfikacji ogólnej", "ogólnie", "wszyscy"),
    before_group=("w grupie", "grupa", "grupy", "wśród", "w"),
    small_in_sentence=True,
)

RUSSIAN = PrizeWords(
    written={
        "overall": "{n}-е место в общем зачёте",
        "group_place": "{n}-е место в группе «{group}»",
        "best": "Лучший результат в группе «{group}»",
        "half_time": "Лидер на перерыве",
        "half_time_group": "Лидер на перерыве в группе «{group}»",
        "booby": "Утешительный приз",
        "most_hands_won": "Больше всего выигранных сдач",
        "mystery": "Загаданный счёт",
        "lowest": "Худший результат в общем зачёте",
        "lowest_alone": "Худший результат",
        "lowest_group": "Худший результат в группе «{group}»",
        "second_half": "Лучший результат после перерыва",
        "second_half_group": "Лучший результат после перерыва в группе «{group}»",
        "most_tricks": "Больше всего сдач с {n} и более взятками",
        "most_tricks_group": "Больше всего сдач с {n} и более взятками в группе «{group}»",
        "consolation": "Утешительный розыгрыш",
        "custom": "Особый приз",
    },
    said={
        "place": (
            "{n}-е место",
            "{n}-ое место",
            "{n} место",
            "место {n}",
            "{n}-е",
            "{n}-ое",
            "{n}-й",
            "{n}.",
            "{n}",
        ),
        "best": ("лучший результат", "лучший", "лучшая", "лучшие"),
        "half_time": ("лидер на перерыве", "лидер перерыва", "на перерыве", "перерыв"),
        "booby": ("утешительный приз", "утешительный"),
        "most_hands_won": (
            "больше всего выигранных сдач",
            "больше всего сдач",
            "больше всего точно выполненных заказов",
            "точно выполненные заказы",
        ),
        "mystery": ("загаданный счёт", "загаданный результат", "загаданное число"),
        "lowest": ("худший результат", "худший"),
        "second_half": (
            "лучший результат после перерыва",
            "после перерыва",
            "вторая половина",
            "лучшая вторая половина",
        ),
        "most_tricks": (
            "больше всего сдач с {n} и более взятками",
            "больше всего сдач с {n} взятками и более",
            "больше всего сдач с {n}+ взятками",
        ),
        "consolation": ("утешительный розыгрыш", "розыгрыш"),
        "custom": ("особый приз", "особый", "свой приз"),
    },
    places={
        "первое место": 1,
        "первое": 1,
        "второе место": 2,
        "второе": 2,
        "третье место": 3,
        "третье": 3,
        "четвёртое место": 4,
        "четвёртое": 4,
        "пятое место": 5,
        "пятое": 5,
    },
    everyone=("в общем зачёте", "общий зачёт", "общее", "все"),
    before_group=("в группе", "группа", "среди", "в"),
    small_in_sentence=True,
)

ROMANIAN = PrizeWords(
    written={
        "overall": "Locul {n} general",
        "group_place": "Locul {n} în grupa {group}",
        "best": "Cel mai bun scor din grupa {group}",
        "half_time": "Lider la pauză",
        "half_time_group": "Lider la pauză în grupa {group}",
        "booby": "Premiul de consolare",
        "most_hands_won": "Cele mai multe mâini câștigate",
        "mystery": "Scorul misterios",
        "lowest": "Cel mai mic scor general",
        "lowest_alone": "Cel mai mic scor",
        "lowest_group": "Cel mai mic scor din grupa {group}",
        "second_half": "A doua jumătate",
        "second_half_group": "A doua jumătate în grupa {group}",
        "most_tricks": "Cele mai multe mâini de {n} sau mai multe levate",
        "most_tricks_group": "Cele mai multe mâini de {n} sau mai multe levate în grupa {group}",
        "consolation": "Tragere la sorți de consolare",
        "custom": "Personalizat",
    },
    said={
        "place": ("locul {n}", "locul {n}.", "loc {n}", "{n}.", "{n}"),
        "best": (
            "cel mai bun scor",
            "cel mai bun",
            "cea mai bună",
            "cel mai mare scor",
        ),
        "half_time": (
            "lider la pauză",
            "liderul la pauză",
            "lider la jumătate",
            "la pauză",
        ),
        "booby": ("premiul de consolare", "premiu de consolare", "consolare"),
        "most_hands_won": (
            "cele mai multe mâini câștigate",
            "cele mai multe mâini",
            "cele mai multe licitații realizate exact",
            "licitații realizate exact",
        ),
        "mystery": ("scorul misterios", "scor misterios", "numărul misterios"),
        "lowest": ("cel mai mic scor", "cel mai slab scor"),
        "second_half": ("a doua jumătate", "cea mai bună a doua jumătate"),
        "most_tricks": (
            "cele mai multe mâini de {n} sau mai multe levate",
            "cele mai multe mâini cu {n} sau mai multe levate",
            "cele mai multe mâini de {n}+ levate",
            "cele mai multe mâini cu {n}+ levate",
        ),
        "consolation": (
            "tragere la sorți de consolare",
            "tragerea la sorți",
            "tragere la sorți",
        ),
        "custom": ("personalizat", "premiu personalizat", "premiu special"),
    },
    places={
        "primul loc": 1,
        "primul": 1,
        "locul întâi": 1,
        "locul al doilea": 2,
        "al doilea": 2,
        "locul al treilea": 3,
        "al treilea": 3,
        "locul al patrulea": 4,
        "al patrulea": 4,
        "locul al cincilea": 5,
        "al cincilea": 5,
    },
    everyone=("general", "la general", "în clasamentul general", "toți"),
    before_group=("din grupa", "în grupa", "grupa", "la", "din", "în"),
    small_in_sentence=True,
)

ITALIAN = PrizeWords(
    written={
        "overall": "{n}° assoluto",
        "group_place": "{n}° posto\u00a0– {group}",
        "best": "Miglior punteggio\u00a0– {group}",
        "half_time": "In testa all'intervallo",
        "half_time_group": "In testa all'intervallo\u00a0– {group}",
        "booby": "Premio di consolazione",
        "most_hands_won": "Più mani vinte",
        "mystery": "Punteggio misterioso",
        "lowest": "Ultimo posto assoluto",
        "lowest_alone": "Ultimo posto",
        "lowest_group": "Ultimo posto\u00a0– {group}",
        "second_half": "Secondo tempo",
        "second_half_group": "Secondo tempo\u00a0– {group}",
        "most_tricks": "Più mani con {n} o più prese",
        "most_tricks_group": "Più mani con {n} o più prese\u00a0– {group}",
        "consolation": "Premio a sorteggio",
        "custom": "Personalizzato",
    },
    said={
        "place": (
            "{n}° posto",
            "{n}° classificato",
            "{n}o posto",
            "{n} posto",
            "posto {n}",
            "{n}°",
            "{n}o",
            "{n}.",
            "{n}",
        ),
        "best": (
            "miglior punteggio",
            "punteggio più alto",
            "il migliore",
            "migliore",
            "miglior",
        ),
        "half_time": (
            "in testa all'intervallo",
            "primo all'intervallo",
            "leader all'intervallo",
            "all'intervallo",
            "intervallo",
        ),
        "booby": ("premio di consolazione", "consolazione", "maglia nera"),
        "most_hands_won": (
            "più mani vinte",
            "più previsioni esatte",
            "previsioni esatte",
        ),
        "mystery": ("punteggio misterioso", "punteggio segreto", "numero misterioso"),
        "lowest": ("ultimo posto", "punteggio più basso"),
        "second_half": ("secondo tempo", "seconda metà"),
        "most_tricks": (
            "più mani con {n} o più prese",
            "più mani con almeno {n} prese",
            "più mani con {n}+ prese",
        ),
        "consolation": ("premio a sorteggio", "sorteggio di consolazione", "sorteggio"),
        "custom": ("personalizzato", "premio personalizzato", "premio speciale"),
    },
    places={
        "primo posto": 1,
        "primo": 1,
        "secondo posto": 2,
        "secondo": 2,
        "terzo posto": 3,
        "terzo": 3,
        "quarto posto": 4,
        "quarto": 4,
        "quinto posto": 5,
        "quinto": 5,
    },
    everyone=("assoluto", "assoluta", "in classifica generale", "generale", "tutti"),
    before_group=("del gruppo", "nel gruppo", "gruppo", "tra le", "tra i", "tra"),
    small_in_sentence=True,
)

WORDS: dict[str, PrizeWords] = {
    "en": ENGLISH,
    "pl": POLISH,
    "ru": RUSSIAN,
    "ro": ROMANIAN,
    "it": ITALIAN,
}


def words_of(language: str | None) -> PrizeWords:
    """The table of `language` ("pl", "en-gb"; English where there is none)."""
    return WORDS.get((language or "en").split("-")[0].lower(), ENGLISH)


def in_sentence(name: str, language: str | None) -> str:
    """`name`, the site's own name of a prize, as `language` writes it inside
    a running sentence: with a small first letter where the table says so
    ("Nagroda pocieszenia" -> "nagroda pocieszenia"); a first word in
    capitals (an abbreviation) and a name beginning with a figure ("1. miejsce
    ogółem") as they are."""
    if not name or not words_of(language).small_in_sentence:
        return name
    first = name.split(maxsplit=1)[0]
    if len(first) > 1 and first.isupper():
        return name
    return name[0].lower() + name[1:]


# --- reading a line -----------------------------------------------------------------

_QUOTES = str.maketrans({c: " " for c in '«»„“”"‚‘'} | {"’": "'", "`": "'"})
_DASH = re.compile(r"(?:^|\s)[-–—]+(?=\s|$)")


def plain(text: str) -> str:
    """`text` with its quotation marks and a dash standing alone read as
    spaces, and its spaces as one: the words a person typed, as typed."""
    text = _DASH.sub(" ", text.translate(_QUOTES).replace("–", "-").replace("—", "-"))
    return " ".join(text.split())


def fold(text: str) -> str:
    """`text` in lower case without diacritics ("Ogółem" -> "ogolem",
    "sorți" -> "sorti", "всё" -> "все"); a word keeps its place among the
    words."""
    decomposed = unicodedata.normalize("NFKD", text.casefold())
    bare = "".join(c for c in decomposed if not unicodedata.combining(c))
    return bare.replace("ł", "l").replace("ø", "o").replace("đ", "d")


def _pattern(phrase: str) -> str:
    """A phrase of a table as a regular expression over folded text."""
    parts = [re.escape(part) for part in fold(phrase).split("{n}")]
    parts = [p.replace(r"\-", r"[\s-]?").replace(r"\ ", r"[\s-]+") for p in parts]
    # "8+" and "8 +" alike
    parts = [p.replace(r"\+", r"\s*\+") for p in parts]
    return r"(?P<n>\d{1,4})".join(parts)


@dataclass(frozen=True)
class Reader:
    """A table made ready to read folded lines."""

    words: PrizeWords
    with_who: Mapping[str, re.Pattern[str]]
    whole: Mapping[str, frozenset[str]]
    places: Mapping[str, int]
    everyone: frozenset[str]
    before_group: tuple[str, ...]

    def place_of(self, head: str) -> int | None:
        """The place an ordinal typed in words means ("pierwsze miejsce",
        "pierwsze-miejsce": 1), None when it is none: the patterns let a
        hyphen stand for a space, so the words are compared without them."""
        return self.places.get(_spaced(head))


def _spaced(text: str) -> str:
    return " ".join(text.replace("-", " ").split())


def _alternatives(phrases) -> str:
    # Longest first, so "1. miejsce" is tried before "1.".
    ordered = sorted({_pattern(p) for p in phrases}, key=len, reverse=True)
    # Each alternative names its number anew: only one can match.
    numbered = []
    for i, p in enumerate(ordered):
        numbered.append(p.replace("(?P<n>", f"(?P<n{i}>"))
    return "|".join(numbered)


@cache
def reader(language: str) -> Reader:
    words = words_of(language)
    with_who = {}
    for part in WHO_PARTS:
        phrases = words.said[part]
        if part == "place":
            phrases = (*phrases, *words.places)
        with_who[part] = re.compile(
            rf"^(?:{_alternatives(phrases)})(?:\s+(?P<who>.+))?$"
        )
    return Reader(
        words=words,
        with_who=with_who,
        whole={
            part: frozenset(fold(p) for p in words.said[part]) for part in WHOLE_PARTS
        },
        places={_spaced(fold(p)): n for p, n in words.places.items()},
        everyone=frozenset(fold(p) for p in words.everyone),
        before_group=tuple(
            sorted((fold(p) for p in words.before_group), key=len, reverse=True)
        ),
    )


def number_of(match: re.Match[str]) -> int | None:
    """The number a `with_who` match read (None: none, as in "Highest")."""
    for key, value in match.groupdict().items():
        if key.startswith("n") and value is not None:
            return int(value)
    return None

"""The prize list typed and written back in the organiser's language
(prizes.prize_words, prizes.prize_list): every language's lines read back as
the same prizes, with or without diacritics, with the ordinals people type
("1.", "1-е место", "Locul 1", "1°"); English is read on every page; a line
that means nothing is refused with examples in the reader's language. No
database."""

from __future__ import annotations

import unicodedata

import pytest
from django.utils import translation
from hypothesis import given, settings
from hypothesis import strategies as st

from prizes.prize_list import (
    MAX_TRICKS,
    MIN_TRICKS,
    PrizeKind,
    PrizeListError,
    PrizeSpec,
    parse_line,
    parse_prize_list,
)

LANGUAGES = ["en", "pl", "ru", "ro", "it"]
# A new drive's groups in each language (locale/GLOSSARY.md).
LABELS = {
    "en": {"A": "Ladies", "B": "Gents"},
    "pl": {"A": "Panie", "B": "Panowie"},
    "ru": {"A": "Дамы", "B": "Кавалеры"},
    "ro": {"A": "Doamne", "B": "Domni"},
    "it": {"A": "Dame", "B": "Cavalieri"},
}


def groups_of(labels):
    return {
        **{label.casefold(): group for group, label in labels.items()},
        "a": "A",
        "b": "B",
    }


def read(text, language, **offers):
    labels = LABELS[language]
    with translation.override(language):
        return parse_prize_list(text, groups=groups_of(labels), labels=labels, **offers)


def written(specs, language):
    """The list as an organiser may type it in `language`: each prize's line
    in its words (PrizeSpec.written), then ": " and the name shown."""
    labels = LABELS[language]
    with translation.override(language):
        lines = [spec.written(labels) for spec in specs]
    return "\n".join(
        f"{line}: {spec.name}" if spec.name else line
        for line, spec in zip(lines, specs, strict=True)
    )


def bare(text: str) -> str:
    """`text` as typed without diacritics ("ł" too)."""
    decomposed = unicodedata.normalize("NFKD", text)
    stripped = "".join(c for c in decomposed if not unicodedata.combining(c))
    return stripped.replace("ł", "l").replace("Ł", "L")


EVERY_KIND = [
    PrizeSpec(PrizeKind.OVERALL, 1),
    PrizeSpec(PrizeKind.OVERALL, 12, name="Kosz świąteczny"),
    PrizeSpec(PrizeKind.GROUP, 1, "A"),
    PrizeSpec(PrizeKind.GROUP, 2, "B"),
    PrizeSpec(PrizeKind.HALF_TIME),
    PrizeSpec(PrizeKind.HALF_TIME, group="B"),
    PrizeSpec(PrizeKind.BOOBY),
    PrizeSpec(PrizeKind.MOST_HANDS_WON),
    PrizeSpec(PrizeKind.MYSTERY),
    PrizeSpec(PrizeKind.LOWEST),
    PrizeSpec(PrizeKind.LOWEST, group="A"),
    PrizeSpec(PrizeKind.SECOND_HALF),
    PrizeSpec(PrizeKind.SECOND_HALF, group="A"),
    PrizeSpec(PrizeKind.MOST_TRICKS, 8),
    PrizeSpec(PrizeKind.MOST_TRICKS, 9, "B"),
    PrizeSpec(PrizeKind.CONSOLATION),
    PrizeSpec(PrizeKind.CUSTOM, name="Raffle: the big one"),
]


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_kind_is_written_in_the_language_and_reads_back(language):
    text = written(EVERY_KIND, language)
    assert read(text, language) == EVERY_KIND
    prizes = [(s.kind, s.place, s.group) for s in EVERY_KIND]
    # Without diacritics, as typed on a keyboard without them, it still reads.
    assert [(s.kind, s.place, s.group) for s in read(bare(text), language)] == prizes
    # In capitals or lower case alike.
    assert [(s.kind, s.place, s.group) for s in read(text.upper(), language)] == prizes


def test_the_list_is_written_in_the_pages_language():
    specs = [
        PrizeSpec(PrizeKind.OVERALL, 2),
        PrizeSpec(PrizeKind.GROUP, 1, "A"),
        PrizeSpec(PrizeKind.CUSTOM, name="Loteria"),
    ]
    assert written(specs, "pl") == (
        "2. miejsce ogółem\nNajlepszy wynik w grupie Panie\nWłasna: Loteria"
    )
    assert written(specs[:2], "ru") == (
        "2-е место в общем зачёте\nЛучший результат в группе «Дамы»"
    )
    assert written(specs[:2], "ro") == (
        "Locul 2 general\nCel mai bun scor din grupa Doamne"
    )
    assert written(specs[:2], "it") == "2° assoluto\nMiglior punteggio\u00a0– Dame"
    assert written(specs[:2], "en") == "2nd overall\nHighest Ladies"


SPECS = st.one_of(
    st.builds(
        PrizeSpec,
        st.sampled_from([PrizeKind.OVERALL]),
        st.integers(1, 500),
    ),
    st.builds(
        PrizeSpec,
        st.just(PrizeKind.GROUP),
        st.integers(1, 500),
        st.sampled_from(["A", "B"]),
    ),
    st.builds(
        PrizeSpec,
        st.sampled_from([PrizeKind.HALF_TIME, PrizeKind.LOWEST, PrizeKind.SECOND_HALF]),
        st.just(1),
        st.sampled_from(["", "A", "B"]),
    ),
    st.builds(
        PrizeSpec,
        st.just(PrizeKind.MOST_TRICKS),
        st.integers(MIN_TRICKS, MAX_TRICKS),
        st.sampled_from(["", "A", "B"]),
    ),
    st.builds(
        PrizeSpec,
        st.sampled_from(
            [
                PrizeKind.BOOBY,
                PrizeKind.MOST_HANDS_WON,
                PrizeKind.MYSTERY,
                PrizeKind.CONSOLATION,
            ]
        ),
    ),
)
NAMES = st.text(
    st.characters(codec="utf-8", exclude_categories=("Cc", "Cs", "Zl", "Zp")),
    max_size=20,
).map(lambda s: " ".join(s.split()))


@settings(max_examples=60, deadline=None)
@given(
    language=st.sampled_from(LANGUAGES),
    specs=st.lists(st.tuples(SPECS, NAMES), min_size=1, max_size=8),
)
def test_any_list_written_in_any_language_reads_back_the_same(language, specs):
    named = [
        PrizeSpec(spec.kind, spec.place, spec.group, name=name) for spec, name in specs
    ]
    assert read(written(named, language), language) == named


@pytest.mark.parametrize(
    ("language", "line", "spec"),
    [
        # Polish: "1.", "2. miejsce", with and without the diacritics.
        ("pl", "1. ogółem", PrizeSpec(PrizeKind.OVERALL, 1)),
        ("pl", "2. miejsce ogolem", PrizeSpec(PrizeKind.OVERALL, 2)),
        ("pl", "3 miejsce", PrizeSpec(PrizeKind.OVERALL, 3)),
        ("pl", "drugie miejsce Panowie", PrizeSpec(PrizeKind.GROUP, 2, "B")),
        ("pl", "2. Panie", PrizeSpec(PrizeKind.GROUP, 2, "A")),
        ("pl", "NAJLEPSZY WYNIK W GRUPIE PANIE", PrizeSpec(PrizeKind.GROUP, 1, "A")),
        ("pl", "Prowadzenie na polmetku", PrizeSpec(PrizeKind.HALF_TIME)),
        ("pl", "najnizszy wynik ogolem", PrizeSpec(PrizeKind.LOWEST)),
        ("pl", "wlasna: Loteria", PrizeSpec(PrizeKind.CUSTOM, name="Loteria")),
        # Russian: "1-е", "2-е место", "ё" or "е".
        ("ru", "1-е", PrizeSpec(PrizeKind.OVERALL, 1)),
        ("ru", "2-е место", PrizeSpec(PrizeKind.OVERALL, 2)),
        ("ru", "3-е место в общем зачете", PrizeSpec(PrizeKind.OVERALL, 3)),
        ("ru", "первое место", PrizeSpec(PrizeKind.OVERALL, 1)),
        ("ru", "2-е место Кавалеры", PrizeSpec(PrizeKind.GROUP, 2, "B")),
        ("ru", "Загаданный счет", PrizeSpec(PrizeKind.MYSTERY)),
        # Romanian: "Locul 1", "locul 2"; ș/ş and ț/ţ, or neither.
        ("ro", "Locul 1", PrizeSpec(PrizeKind.OVERALL, 1)),
        ("ro", "locul 2 general", PrizeSpec(PrizeKind.OVERALL, 2)),
        ("ro", "locul 2 in grupa Domni", PrizeSpec(PrizeKind.GROUP, 2, "B")),
        ("ro", "Tragere la sorți de consolare", PrizeSpec(PrizeKind.CONSOLATION)),
        ("ro", "Tragere la sorţi de consolare", PrizeSpec(PrizeKind.CONSOLATION)),
        ("ro", "tragere la sorti", PrizeSpec(PrizeKind.CONSOLATION)),
        ("ro", "Cele mai multe mâini câştigate", PrizeSpec(PrizeKind.MOST_HANDS_WON)),
        (
            "ro",
            "Lider la pauza in grupa Doamne",
            PrizeSpec(PrizeKind.HALF_TIME, 1, "A"),
        ),
        # "Consolation prize" is the booby in Polish, Russian, Romanian and
        # Italian; English, read on every page, does not make it the draw.
        ("pl", "Nagroda pocieszenia", PrizeSpec(PrizeKind.BOOBY)),
        ("ru", "Утешительный приз", PrizeSpec(PrizeKind.BOOBY)),
        # An ordinal in words with a hyphen for its space (was a server error).
        ("pl", "pierwsze-miejsce", PrizeSpec(PrizeKind.OVERALL, 1)),
        ("ru", "первое-место", PrizeSpec(PrizeKind.OVERALL, 1)),
        ("it", "primo-posto", PrizeSpec(PrizeKind.OVERALL, 1)),
        ("ro", "locul-al doilea", PrizeSpec(PrizeKind.OVERALL, 2)),
        # Russian: the best after the break, not «Вторая половина» (a spouse);
        # a list written with the old words still reads.
        ("ru", "После перерыва", PrizeSpec(PrizeKind.SECOND_HALF)),
        (
            "ru",
            "Лучший результат после перерыва в группе «Кавалеры»",
            PrizeSpec(PrizeKind.SECOND_HALF, 1, "B"),
        ),
        ("ru", "Вторая половина", PrizeSpec(PrizeKind.SECOND_HALF)),
        # Italian: "1°", "2°", "2º", "primo".
        ("it", "1°", PrizeSpec(PrizeKind.OVERALL, 1)),
        ("it", "2° assoluto", PrizeSpec(PrizeKind.OVERALL, 2)),
        ("it", "2º posto - Cavalieri", PrizeSpec(PrizeKind.GROUP, 2, "B")),
        ("it", "primo assoluto", PrizeSpec(PrizeKind.OVERALL, 1)),
        ("it", "Secondo tempo", PrizeSpec(PrizeKind.SECOND_HALF)),
        ("it", "piu mani vinte", PrizeSpec(PrizeKind.MOST_HANDS_WON)),
        # English on every page: old lists and the club's notes keep working.
        ("pl", "1st overall", PrizeSpec(PrizeKind.OVERALL, 1)),
        ("ru", "Highest Ladies", PrizeSpec(PrizeKind.GROUP, 1, "A")),
        ("ro", "Second-half leader Gents", PrizeSpec(PrizeKind.SECOND_HALF, 1, "B")),
        ("it", "Custom: Lotteria", PrizeSpec(PrizeKind.CUSTOM, name="Lotteria")),
    ],
)
def test_a_line_as_people_type_it(language, line, spec):
    labels = {
        "A": LABELS[language]["A"],
        "B": LABELS[language]["B"],
    }
    groups = {**groups_of(labels), **groups_of(LABELS["en"])}
    with translation.override(language):
        assert parse_line(line, groups=groups, labels=labels) == spec


@pytest.mark.parametrize(
    ("language", "text", "problems"),
    [
        (
            "pl",
            "Coś innego\nWłasna\nNajniższy wynik\n1. Juniorzy\n"
            "Najwięcej rozdań z 5 lub więcej lewami",
            [
                "Wiersz 1: „Coś innego” to nie jest nagroda znana tej stronie. "
                "Własną nagrodę wpisz jako „Własna: Coś innego”.",
                "Wiersz 2: własna nagroda wymaga nazwy: „Własna: Loteria”.",
                "Wiersz 3: podaj czyja: „Najniższy wynik ogółem” albo "
                "„Najniższy wynik” i nazwa grupy.",
                "Wiersz 4: „juniorzy” to nie jest grupa. Grupy to Panie i Panowie.",
                "Wiersz 5: „Najwięcej rozdań z N lub więcej lewami” przyjmuje N "
                "od 7 do 13.",
            ],
        ),
        (
            "ru",
            "Лотерея\nОсобый приз",
            [
                "Строка 1: «Лотерея»\u00a0— не известный этой странице приз. Для "
                "своего приза напишите «Особый приз: Лотерея».",
                "Строка 2: у особого приза должно быть название: «Особый приз: "
                "Лотерея».",
            ],
        ),
        (
            "ro",
            "Tombolă",
            [
                "Rândul 1: „Tombolă” nu este un premiu cunoscut de această "
                "pagină. Pentru un premiu propriu, scrieți „Personalizat: Tombolă”."
            ],
        ),
        (
            "it",
            "Ultimo posto",
            [
                "Riga 1: indica di chi: «Ultimo posto assoluto», o «Ultimo posto» "
                "e il nome di un gruppo."
            ],
        ),
    ],
)
def test_a_line_that_means_nothing_is_refused_in_the_language(language, text, problems):
    with pytest.raises(PrizeListError) as caught:
        read(text, language)
    assert caught.value.problems == problems


def test_prediction_whist_refuses_tricks_in_the_language():
    with pytest.raises(PrizeListError) as caught:
        read("Najwięcej rozdań z 8 lub więcej lewami", "pl", has_tricks=False)
    assert caught.value.problems == [
        "Wiersz 1: wist z deklaracjami nie ma stron ani lew N-S, więc "
        "„Najwięcej rozdań z 8 lub więcej lewami” nie może być przyznane w tym "
        "turnieju; „Najwięcej wygranych rozdań” liczy dokładnie spełnione "
        "deklaracje."
    ]


@pytest.mark.parametrize("language", ["en", "pl", "ru", "ro", "it"])
def test_a_consolation_prize_typed_in_english_is_not_the_draw(language):
    labels = LABELS[language]
    with translation.override(language), pytest.raises(ValueError):
        parse_line("Consolation prize", groups=groups_of(labels), labels=labels)


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_written_list_names_each_prize_as_the_results_do(language):
    """The words a prize is written back in (prizes.prize_words) are the
    catalogue's words the results page shows (PrizeSpec.shown): a translator
    who changes one must change the other, or this fails."""
    labels = LABELS[language]
    with translation.override(language):
        for spec in EVERY_KIND:
            if spec.kind in (PrizeKind.CUSTOM, PrizeKind.MOST_HANDS_WON):
                continue  # a custom prize is its name; hands won the format's
            assert spec.written(labels) == spec.shown(labels), spec

"""A prediction whist travel slip shows every player's whole name, whatever
its length, in every language, on A4 and on Letter, in large print and in
the usual edition: a long Russian, Polish or three-part name
("Мария-Антонина Константинопольская", "Ana Maria Popescu-Constantinescu")
was cut to "Мария-Антони…" in the name column beside eight deals at 16 pt,
and a name as long as the roster allows to "…" at 8 pt. Where a name does
not fit that column whole, each name goes over its player's row, across
the whole table, on as many lines as it takes; the notes go on a page of
their own and the rows on over another page where the page has not room
for them (names as long as the roster allows). In the usual edition a
sheet whose names would be whole in their column with a page to itself,
or whose bands would go on over another slot, asks for fewer sheets a
page (printing.documents draws it so). The score sheet (the Wist grid)
alike. Read back with pdftotext: every name whole, nothing cut ("…"), no
words drawn over each other or off the page."""

from __future__ import annotations

import html
import re
import subprocess

import pytest
from django.utils import translation

from players.imports import NAME_MAX
from printing import prediction, prediction_pdf
from printing.editions import LARGE, STANDARD
from printing.prediction import DealHeading, GameSheet, SheetPlayer
from scoring.prediction_card import dealer_seat
from tests.printing.printed import PDFTOTEXT, needs_pdftotext

LANGUAGES = ("en-gb", "pl", "ru", "ro", "it")
NAMES = {
    "en-gb": (
        "Elizabeth Montgomery-Featherstonehaugh",
        "Bartholomew Cholmondeley-Wolstenholme",
        "Marjorie Postlethwaite",
        "Christopher Fotheringham",
        "Jo Ng",
    ),
    "pl": (
        "Małgorzata Brzęczyszczykiewicz-Wójtowicz",
        "Krzysztof Grzegorz Kowalczyk-Wiśniewski",
        "Agnieszka Przybylska-Szczepańska",
        "Stanisław Zieliński",
        "Bożena Wróblewska",
    ),
    "ru": (
        "Мария-Антонина Константинопольская",
        "Александра Владиславовна Преображенская-Воскресенская",
        "Константин Константинович Рождественский",
        "Евфросиния Вольдемаровна Безбородько-Лихославльская",
        "Ян Ли",
    ),
    "ro": (
        "Ana Maria Popescu-Constantinescu",
        "Alexandru-Constantin Bălănescu-Țărănescu",
        "Maria Magdalena Dumitrescu-Ionescu",
        "Gheorghe Constantinescu",
        "Ion Pop",
    ),
    "it": (
        "Giuseppina Maria Bartolomeo-Santangelo",
        "Pierluigi Francesco Caracciolo di Forino",
        "Maria Antonietta Buonarroti",
        "Giovanni Battista Montecuccoli",
        "Eva Re",
    ),
}
WORD = re.compile(
    r'<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">'
    r"([^<]*)</word>"
)
PAGE = re.compile(r'<page width="([\d.]+)" height="([\d.]+)">(.*?)</page>', re.S)


def longest(name: str) -> str:
    """`name` said again and again, as long as the roster allows a name."""
    said = name
    while len(said) < NAME_MAX:
        said = f"{said} {name}"
    return said[:NAME_MAX].rstrip(" -")


def sheet(names: tuple[str, ...], players: int, slip: bool) -> GameSheet:
    deals = tuple(
        DealHeading(hand=hand, number=hand, dealer=dealer_seat(hand, players))
        for hand in range(1, 9)
    )
    return GameSheet(
        club="Club",
        drive="Friday",
        date="27.11.2026",
        table=3,
        game=1,
        games=3,
        deals=deals,
        players=tuple(
            SheetPlayer(seat=seat, number=9 + seat, name=name)
            for seat, name in enumerate(names[:players], 1)
        ),
        slip=slip,
        notes=prediction.slip_notes() if slip else prediction.grid_notes(),
    )


def read_back(data: bytes, tmp_path) -> list[tuple[float, float, list]]:
    """Each page's width, height and words (word, x0, y0, x1, y1)."""
    path = tmp_path / "slips.pdf"
    path.write_bytes(data)
    done = subprocess.run(
        [PDFTOTEXT, "-bbox", "-enc", "UTF-8", str(path), "-"],
        capture_output=True,
        check=True,
        timeout=30,
    )
    return [
        (
            float(width),
            float(height),
            [
                (html.unescape(w), *(float(v) for v in box))
                for *box, w in WORD.findall(body)
            ],
        )
        for width, height, body in PAGE.findall(done.stdout.decode("utf-8"))
    ]


def overlapping(words: list) -> list:
    """Pairs of words whose boxes cross (by more than a hair: a line's box
    is a little taller than the lines are apart)."""
    hair = 1.0
    found = []
    for i, (a, ax0, ay0, ax1, ay1) in enumerate(words):
        for b, bx0, by0, bx1, by1 in words[i + 1 :]:
            if (
                min(ax1, bx1) - max(ax0, bx0) > hair
                and min(ay1, by1) - max(ay0, by0) > hair
            ):
                found.append((a, b))
    return found


def squeezed(text: str) -> str:
    return "".join(text.split())


def as_printed(names: tuple[str, ...], players: int, slip: bool, paper: str, edition):
    """The sheet as printing.documents prints it: in the usual edition two
    a page, or one where two would cut a name (`cramped`)."""
    sheets = [sheet(names, players, slip)]
    if edition is LARGE:
        return prediction_pdf.draw_game_sheets(
            sheets, paper=paper, per_page=1, edition=LARGE
        )
    printed = prediction_pdf.draw_game_sheets(sheets, paper=paper, per_page=2)
    if printed.cramped:
        printed = prediction_pdf.draw_game_sheets(sheets, paper=paper, per_page=1)
    assert not printed.cramped
    return printed


@needs_pdftotext
@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("players", [4, 5])
@pytest.mark.parametrize("length", ["long", "longest"])
@pytest.mark.parametrize("slip", [True, False], ids=["slip", "score-sheet"])
@pytest.mark.parametrize("edition", [LARGE, STANDARD], ids=["large", "standard"])
def test_every_name_is_whole_on_a_prediction_slip(
    language, paper, players, length, slip, edition, tmp_path
):
    names = NAMES[language]
    if length == "longest":
        names = tuple(longest(name) for name in names)
    with translation.override(language):
        printed = as_printed(names, players, slip, paper, edition)
        notes = prediction.slip_notes() if slip else prediction.grid_notes()
    pages = read_back(printed.data, tmp_path)
    every = [word for _w, _h, words in pages for word, *_box in words]
    assert not [word for word in every if "…" in word], every
    drawn = set(every)
    for name in names[:players]:
        for word in name.split():
            pieces = re.split(r"(?<=-)", word)
            assert word in drawn or all(p in drawn for p in pieces), (name, every)
    text = squeezed(" ".join(every))
    for note in notes:
        assert squeezed(note) in text, note
    for width, height, words in pages:
        outside = [
            (word, x0, y0, x1, y1)
            for word, x0, y0, x1, y1 in words
            if x0 < 0 or y0 < 0 or x1 > width + 0.5 or y1 > height + 0.5
        ]
        assert not outside, outside
        assert not overlapping(words), overlapping(words)

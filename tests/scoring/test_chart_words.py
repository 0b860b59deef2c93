"""No two words of a chart touch (scoring.charts.drawing): the axes' numbers,
the axes' words and the legend, at every size a chart is drawn at (the
phone's board, a page, the projector), in the longer words of Polish and
Russian, over many hands and large totals.

Each word's box is read from the reportlab Drawing itself, before it becomes
SVG or PDF: where its string is anchored (reportlab's own placing, which the
SVG keeps, text-anchor and all), as wide as DejaVu Sans sets it (the page's
first font, wider than a phone's own, and the printed sheets'), from the
font's descent to its ascent."""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal
from itertools import combinations

import pytest
from django.utils import translation
from reportlab.graphics.shapes import Group, String, mmult
from reportlab.pdfbase.pdfmetrics import getAscentDescent, stringWidth

from drive.format_words import RoundWords
from printing.fonts import REGULAR, register_fonts
from scoring import charts, race

SIZES = {
    "phone": charts.PHONE,
    "page": charts.PAGE,
    "projector": charts.PROJECTOR,
    "projector-final": charts.PROJECTOR_FINAL,
    # Drawn again for a reader in large type (Size.for_large_type), 170 wide.
    "phone-large": charts.PHONE.for_large_type,
    "page-large": charts.PAGE.for_large_type,
}
# Between two words, at least this part of the font's size.
GAP = 0.2
ANCHORS = {"start": 0.0, "middle": 0.5, "end": 1.0, "numeric": 1.0}
IDENTITY = (1, 0, 0, 1, 0, 0)


@dataclass(frozen=True)
class Box:
    text: str
    left: float
    bottom: float
    right: float
    top: float

    def apart(self, other: Box, gap: float) -> bool:
        return (
            self.right + gap <= other.left
            or other.right + gap <= self.left
            or self.top + gap <= other.bottom
            or other.top + gap <= self.bottom
        )


def _strings(node, transform=IDENTITY):
    """Every String in a drawing, with the transform it is drawn under
    (widgets, the plot and its axes' labels, give the shapes they draw)."""
    if isinstance(node, String):
        yield node, transform
    elif hasattr(node, "provideNode"):
        yield from _strings(node.provideNode(), transform)
    elif isinstance(node, Group):
        inner = mmult(transform, node.transform)
        for child in node.getContents():
            yield from _strings(child, inner)


def word_boxes(drawing) -> list[Box]:
    register_fonts()
    boxes = []
    for string, (a, b, c, d, e, f) in _strings(drawing):
        assert (a, b, c, d) == (1, 0, 0, 1), "words are only ever moved, not turned"
        x, y = string.x + e, string.y + f
        width = stringWidth(string.text, REGULAR, string.fontSize)
        ascent, descent = getAscentDescent(REGULAR, string.fontSize)
        left = x - ANCHORS[string.textAnchor] * width
        boxes.append(Box(string.text, left, y + descent, left + width, y + ascent))
    return boxes


def collisions(chart: charts.Chart, size: charts.Size) -> list[tuple[Box, Box]]:
    boxes = word_boxes(charts.drawing(chart, size=size))
    assert boxes
    return [
        (one, other)
        for one, other in combinations(boxes, 2)
        if not one.apart(other, GAP * size.font)
    ]


def race_chart(hands: int, top: int, *, lines: int = 5, names=None) -> charts.Chart:
    """The race as the board draws it, in the language in force: `lines`
    leaders over `hands` hands, the first reaching `top`."""
    names = names or [f"Player {n}" for n in range(1, lines + 1)]
    found = race.Race(
        hands=tuple(range(1, hands + 1)),
        lines=tuple(
            race.RaceLine(
                entry=n,
                number=n,
                name=name,
                rank=n,
                totals=tuple(h * top // hands // n for h in range(1, hands + 1)),
            )
            for n, name in enumerate(names, start=1)
        ),
    )
    return race.race_chart(found, hand_word=str(RoundWords.hand_word))


LONG_NAMES = {
    "pl": ["Łucja Wiśniewska-Grzybowska", "Przemysław Żółtowski"],
    "ru": ["Александра Константинова", "Ольга Соколова"],
}


@pytest.mark.parametrize("size", SIZES.values(), ids=SIZES.keys())
@pytest.mark.parametrize("language", ["en", "pl", "ru"])
@pytest.mark.parametrize(
    "hands, top", [(1, 0), (2, 12), (3, 9), (4, 40), (12, 30), (24, 150), (36, 400)]
)
def test_no_two_words_of_the_race_touch(size, language, hands, top):
    with translation.override(language):
        chart = race_chart(hands, top, names=LONG_NAMES.get(language))
        assert collisions(chart, size) == []


def test_the_lowest_number_of_the_y_axis_keeps_clear_of_the_first_hands():
    """The fault seen on the phone: the y axis's 0, at the corner, sat on
    the x axis's 1."""
    with translation.override("pl"):
        boxes = word_boxes(charts.drawing(race_chart(2, 12), size=charts.PHONE))
    by_text = {box.text: box for box in boxes if box.text in ("0", "1")}
    nought, first = by_text["0"], by_text["1"]
    assert nought.bottom - first.top >= GAP * charts.PHONE.font, (nought, first)


@pytest.mark.parametrize("size", SIZES.values(), ids=SIZES.keys())
@pytest.mark.parametrize("language", ["pl", "ru"])
def test_no_two_words_of_a_chart_of_places_with_a_level_touch(size, language):
    with translation.override(language):
        chart = charts.Chart(
            title="t",
            x_label=translation.gettext("Drive"),
            y_label=translation.gettext("Place"),
            lines=(
                charts.Line(
                    translation.gettext("Place"),
                    tuple((drive, 1 + drive % 11) for drive in range(1, 19)),
                ),
            ),
            downward=True,
            level=charts.Level(
                f"{translation.gettext('Average')}: 6.5", Decimal("6.5")
            ),
        )
        assert collisions(chart, size) == []


@pytest.mark.parametrize("size", SIZES.values(), ids=SIZES.keys())
@pytest.mark.parametrize("language", ["pl", "ru"])
def test_every_word_of_the_race_is_inside_its_picture(size, language):
    """A long name in the legend is set on two lines rather than cut at the
    picture's edge (a phone's is 340 wide)."""
    names = {
        "pl": ["Łucja Wiśniewska-Grzybowska", "Przemysław Żółtowski-Brzeziński"],
        "ru": [
            "Александра Константиновна Рождественская",
            "Ольга Соколова",
            "Григорий Рождественский",
        ],
    }[language]
    with translation.override(language):
        picture = charts.drawing(race_chart(4, 12, names=names), size=size)
    outside = [
        box
        for box in word_boxes(picture)
        if box.left < 0
        or box.bottom < 0
        or box.right > picture.width
        or box.top > picture.height
    ]
    assert outside == []


@pytest.mark.parametrize("size", ["phone-large", "page-large"])
def test_a_long_name_in_large_type_keeps_its_words_whole_in_the_legend(size):
    """The race drawn for large type (170 wide) set "Рождественский" beside
    its line's sample and the picture's edge cut it at "Рождественс". A word
    of a name now breaks only where it is wider than the picture itself,
    hyphenated, and every letter of every name is in the legend."""
    names = [
        "Григорий Рождественский",
        "Мария Александровна",
        "Jan Konstantynopolitańczykiewicz",
    ]
    with translation.override("ru"):
        picture = charts.drawing(race_chart(4, 12, names=names), size=SIZES[size])
    boxes = word_boxes(picture)
    texts = [box.text for box in boxes]
    assert "Рождественский" in " ".join(texts).split()
    assert "Александровна" in " ".join(texts).split()
    assert [t for t in texts if t.endswith("-")], texts
    assert [b for b in boxes if b.left < 0 or b.right > picture.width] == []
    joined = "".join(t[:-1] if t.endswith("-") else t + " " for t in texts)
    for name in names:
        assert name in joined, (name, texts)
    # Broken only where the word is wider than the picture.
    wide = stringWidth("Konstantynopolitańczykiewicz", REGULAR, SIZES[size].font)
    assert wide > picture.width

"""Charts (scoring.charts): the numbers' table, the SVG a page shows, the PDF's drawing."""

from __future__ import annotations

import re
from decimal import Decimal
from xml.etree import ElementTree

from reportlab.graphics import renderPDF

from scoring import charts

SVG = "{http://www.w3.org/2000/svg}"


def race_chart(**options) -> charts.Chart:
    return charts.Chart(
        title="Гонка лидеров",
        x_label="Сдача",
        y_label="Сумма",
        lines=(
            charts.Line("1 Иван Петров", ((1, 1), (2, 3), (3, 3))),
            charts.Line("2 Łucja Ștefănescu", ((1, 0), (2, 2), (3, 5)), own=True),
        ),
        **options,
    )


def parsed(chart: charts.Chart, **options) -> ElementTree.Element:
    return ElementTree.fromstring(str(charts.svg(chart, id="race", **options)))


def words(root: ElementTree.Element) -> list[str]:
    return [t.text for t in root.iter(f"{SVG}text")]


def test_the_table_has_a_row_for_each_hand_and_a_column_for_each_line():
    chart = race_chart()
    assert chart.xs == [1, 2, 3]
    assert chart.table() == [("1", ["1", "0"]), ("2", ["3", "2"]), ("3", ["3", "5"])]


def test_a_line_missing_a_point_leaves_its_cell_empty_and_names_stand_for_numbers():
    chart = charts.Chart(
        title="t",
        x_label="Drive",
        y_label="Score",
        lines=(charts.Line("A", ((1, 10), (3, 30))), charts.Line("B", ((2, 20),))),
        x_names=((1, "1: 3 Dec 2026, Friday"),),
    )
    assert chart.table() == [
        ("1: 3 Dec 2026, Friday", ["10", ""]),
        ("2", ["", "20"]),
        ("3", ["30", ""]),
    ]


def test_the_svg_is_an_image_named_by_its_title_with_every_word_of_the_chart():
    root = parsed(race_chart())
    assert root.get("role") == "img"
    assert root.get("aria-labelledby") == "race-title"
    title = root.find(f"{SVG}title")
    assert title.get("id") == "race-title" and title.text == "Гонка лидеров"
    shown = words(root)
    # The axes' words, each line's name in the legend, the hands and the totals.
    for word in ("Сдача", "Сумма", "1 Иван Петров", "2 Łucja Ștefănescu"):
        assert word in shown
    assert {"1", "2", "3"} <= set(shown)
    assert "5" in shown  # the y axis reaches the highest total
    # No width or height of its own: it takes its box's width on a phone.
    assert root.get("width") is None and root.get("viewBox")
    # No id but its title's: two charts on a page must not clash.
    assert [e.get("id") for e in root.iter() if e.get("id")] == ["race-title"]


def test_the_svg_colours_are_print_colours_the_pages_css_can_change():
    root = parsed(race_chart())
    svg = str(charts.svg(race_chart(), id="race"))
    # The site's Content-Security-Policy allows no inline style.
    assert "style=" not in svg and "rgb(" not in svg
    painted = {
        (e.get("class"), e.get("stroke"), e.get("fill"))
        for e in root.iter()
        if e.get("class") and e is not root
    }
    assert ("cs-1", "#0b5d3b", "none") in painted  # the first line
    assert ("cs-own", "#000000", "none") in painted  # the player's own line
    assert any(c == "cf-ink" and f == "#1a1a1a" for c, _s, f in painted)  # words
    # Lines differ by dash as well as colour.
    assert {e.get("stroke-dasharray") for e in root.iter() if e.get("class") == "cs-1"}
    # Said once, on the picture; its words inherit it.
    fonts = {root.get("font-family")}
    assert fonts == {charts.PAGE_FONTS}


def test_words_are_anchored_by_the_svg_not_by_reportlabs_measure():
    root = parsed(race_chart())
    anchors = {t.text: t.get("text-anchor") for t in root.iter(f"{SVG}text")}
    assert anchors["Сдача"] == "middle"  # the x axis's words, centred under it
    assert anchors["5"] == "end"  # a y axis number, ending at its tick


def test_a_chart_of_places_puts_first_at_the_top():
    chart = charts.Chart(
        title="Place",
        x_label="Drive",
        y_label="Place",
        lines=(charts.Line("Place", ((1, 3), (2, 1), (3, 7))),),
        downward=True,
    )
    root = parsed(chart)
    parents = {child: parent for parent in root.iter() for child in parent}
    numbers = {}
    for text in root.iter(f"{SVG}text"):
        if text.text.isdigit() and text.get("text-anchor") == "end":
            # Each tick's number sits in a group moved to its tick.
            moved = parents[text].get("transform", "")
            shift = float(moved.rstrip(")").split(",")[-1]) if "matrix" in moved else 0
            numbers[int(text.text)] = float(text.get("y")) + shift
    # Every place from 1 to 7 on the axis, none below 1.
    assert sorted(numbers) == [1, 2, 3, 4, 5, 6, 7]
    # Drawn upside down in SVG's own terms: a higher y is nearer the top here,
    # inside reportlab's flipped group, so place 1 has the greatest y.
    assert max(numbers, key=numbers.get) == 1


def test_a_level_line_is_in_the_legend_with_its_words():
    chart = race_chart(level=charts.Level("Average: 3.50", Decimal("3.5")))
    assert "Average: 3.50" in words(parsed(chart))


def test_nothing_to_draw_gives_no_figure():
    empty = charts.Chart(title="t", x_label="x", y_label="y", lines=())
    assert empty.empty
    assert charts.figure(empty, id="race") is None
    figure = charts.figure(race_chart(), id="race")
    assert figure.columns == ["1 Иван Петров", "2 Łucja Ștefănescu"]
    assert figure.rows[2] == ("3", ["3", "5"])


def test_one_hand_alone_still_draws():
    chart = charts.Chart(
        title="t", x_label="x", y_label="y", lines=(charts.Line("A", ((1, 4),)),)
    )
    assert "A" in words(parsed(chart))


def test_the_same_drawing_makes_a_pdf():
    data = renderPDF.drawToString(charts.drawing(race_chart()))
    assert data.startswith(b"%PDF")


def test_the_y_scale_starts_at_nought_and_steps_roundly():
    assert charts._y_scale(3, 47, downward=False) == (0, 50, [0, 10, 20, 30, 40, 50])
    low, high, steps = charts._y_scale(-7, -1, downward=True)
    assert (low, high) == (-7, -1) and steps == [-7, -6, -5, -4, -3, -2, -1]
    assert charts._x_steps(list(range(1, 25))) == [1, *range(2, 25, 2)]


def test_the_projectors_key_stands_beside_the_plot_in_a_picture_as_wide_as_its_room():
    """The projector's race was 1000 x 490 with its key under the plot: a
    wide screen showed it a third of its width, its words 14 px. Its key is
    now beside the plot, and the picture keeps the shape it was given."""
    size = charts.PROJECTOR
    picture = charts.drawing(race_chart(), size=size)
    assert (picture.width, picture.height) == (size.width, size.height)
    assert size.width / size.height >= 2.2
    root = parsed(race_chart(), size=size)
    assert root.get("viewBox") == f"0 0 {size.width} {size.height}"
    # The key's names start right of the x axis's numbers and words (the plot).
    at = [(t.text, float(t.get("x"))) for t in root.iter(f"{SVG}text")]
    names = [x for text, x in at if text in ("1 Иван Петров", "2 Łucja Ștefănescu")]
    axis = [x for text, x in at if text in ("1", "2", "3", "Сдача")]
    assert len(names) == 2 and min(names) > 0.5 * size.width > max(axis), at


def test_a_key_too_long_for_the_side_goes_below_the_plot():
    lines = tuple(
        charts.Line(f"{n} Александра Римская-Корсакова", ((1, n), (2, 2 * n)))
        for n in range(1, 13)
    )
    chart = charts.Chart(title="t", x_label="x", y_label="y", lines=lines)
    picture = charts.drawing(chart, size=charts.PROJECTOR)
    assert picture.height > charts.PROJECTOR.height


def test_a_page_figure_is_drawn_again_for_large_type_and_marked_as_such():
    """The page shows one of the two pictures (static/css/site.css: .chart-large
    in a column narrow for its text): the usual one has the class chart-svg
    alone, the large-type one chart-svg and chart-large, drawn 170 wide with
    its own title id; the projector's chart has no second picture."""
    figure = charts.figure(race_chart(), id="race", size=charts.PHONE)
    usual = ElementTree.fromstring(str(figure.svg))
    large = ElementTree.fromstring(str(figure.svg_large))
    assert usual.get("class") == "chart-svg"
    assert large.get("class") == "chart-svg chart-large"
    assert [e for e in large.iter() if "chart-large" in e.get("class", "")] == [large]
    assert large.get("aria-labelledby") == "race-large-title"
    assert large.get("viewBox").split()[2] == str(charts.LARGE_TYPE_WIDTH)
    assert charts.PHONE.for_large_type.font == charts.PHONE.font
    projector = charts.figure(race_chart(), id="race", size=charts.PROJECTOR)
    assert projector.svg_large is None
    assert ElementTree.fromstring(str(projector.svg)).get("class") == "chart-svg"


def test_the_public_board_s_race_is_drawn_once():
    """The board's race goes again to every phone in the hall after each
    result: one picture, no large-type copy."""
    assert (
        charts.figure(race_chart(), id="race", size=charts.BOARD_PHONE).svg_large
        is None
    )


def test_the_svg_says_its_coordinates_to_two_places_and_its_font_once():
    """reportlab writes coordinates to six places and the font's family on
    every word: a board's race of five players over 24 hands was 40 KB."""
    text = str(charts.svg(race_chart(), id="race", size=charts.PHONE))
    root = ElementTree.fromstring(text)
    assert re.findall(r"\d+\.\d{3,}", text) == []
    assert 'stroke-linecap="butt"' not in text
    assert "DejaVu Sans" in root.get("font-family")
    assert [t.get("font-family") for t in root.iter(f"{SVG}text")] == [None] * len(
        words(root)
    )

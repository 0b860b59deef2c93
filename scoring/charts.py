"""Charts: lines drawn once, with reportlab's graphics, for pages and PDFs.

- *Chart*: its title (what a screen reader says of it), the words of its two
  axes and its lines.
- *Line*: one series: a name and its points (x, value), x a whole number (a
  hand, a drive). `own` marks the player's own line, drawn thicker.
- *Downward*: a chart of places: 1 is best, so it is drawn at the top.
- *Level*: a line straight across at one value (a player's average).

The same reportlab Drawing becomes the page's inline SVG (`figure`) and a
PDF's picture (`drawing`, drawn by printing with its own font). Each line
differs from the others by its colour, its dash pattern and its marker, so a
chart reads in black and white, in high contrast and to the colour-blind. In
the SVG each colour is the print colour plus a class by which the page's CSS
sets it from a variable (static/css/site.css; the contrast theme and the
projector change the variables); its words take the page's letters, in the
reader's language, Cyrillic, Polish and Romanian letters included. The
numbers are given beside the chart as a table as well
(templates/scoring/_chart.html).
"""

from __future__ import annotations

import math
import re
from collections.abc import Sequence
from dataclasses import dataclass, replace
from decimal import Decimal
from functools import lru_cache
from io import StringIO
from xml.etree import ElementTree

from django.utils.safestring import SafeString, mark_safe
from reportlab.graphics import renderSVG
from reportlab.graphics.charts.lineplots import LinePlot
from reportlab.graphics.shapes import Drawing, Group, String
from reportlab.graphics.shapes import Line as Stroke
from reportlab.graphics.widgets.markers import makeMarker
from reportlab.lib import colors

from players.score_text import score_text

# The print colours (and the SVG's fallbacks), each at least 3:1 against the
# page's paper; the CSS variable that replaces each on a page.
INK = ("--chart-ink", "#1a1a1a")
GRID = ("--chart-grid", "#c9c3b6")
OWN = ("--chart-own", "#000000")
PALETTE = tuple(
    (f"--chart-{n}", colour)
    for n, colour in enumerate(
        ("#0b5d3b", "#b3131b", "#1f4e9c", "#8a5300", "#6b2d8f", "#00676b"), start=1
    )
)
DASHES = ((), (9, 4), (3, 3), (10, 3, 2, 3), (6, 2, 2, 2, 2, 2), (2, 5))
MARKERS = ("Circle", "Square", "Triangle", "Diamond", "Cross", "StarSix")
LEVEL_DASH = (2, 4)
SVG_NS = "http://www.w3.org/2000/svg"
# The page's letters for the words of a chart (the PDF uses printing's font).
PAGE_FONTS = "'DejaVu Sans', system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif"
# A word's box, in parts of its size, from its baseline: up to its font's
# ascent and down to its descent (DejaVu Sans's, the page's first font and the
# printed sheets'; Helvetica's are smaller). No two words come nearer than
# WORD_GAP, so the y axis's lowest number and the x axis's first, which meet
# at the corner, stand apart whatever the letters' widths.
ASCENT, DESCENT = 0.76, 0.24
WORD_GAP = 0.3
DIGIT = 0.64  # a figure's width in DejaVu Sans (0.56 in Helvetica and Roboto)
# From one line of a legend's name to the next: a gap between them too.
LEGEND_LINE = ASCENT + DESCENT + WORD_GAP
# Where reportlab puts a number's baseline: a y axis's centred on its tick,
# 0.4 below it; an x axis's 1.0 below the point it hangs from (a Label's
# leading of 1.2, anchored at its middle or its top).
Y_NUMBER_BASELINE = -0.4
X_NUMBER_BASELINE = -1.0


@dataclass(frozen=True)
class Line:
    name: str
    points: tuple[tuple[int, int], ...]
    own: bool = False


@dataclass(frozen=True)
class Level:
    name: str  # its words, with the value: "Average: 23.5"
    value: Decimal


@dataclass(frozen=True)
class Chart:
    title: str
    x_label: str
    y_label: str
    lines: tuple[Line, ...]
    downward: bool = False
    level: Level | None = None
    # What the table calls each x, where a number alone would not say (a
    # drive's date and name); the axis keeps the numbers.
    x_names: tuple[tuple[int, str], ...] = ()

    @property
    def xs(self) -> list[int]:
        return sorted({x for line in self.lines for x, _ in line.points})

    @property
    def empty(self) -> bool:
        return not any(line.points for line in self.lines)

    def table(self) -> list[tuple[str, list[str]]]:
        """The numbers: one row for each x, one value for each line ("" where
        a line has no point)."""
        values = [dict(line.points) for line in self.lines]
        names = dict(self.x_names)
        return [
            (names.get(x, str(x)), [score_text(v.get(x, "")) for v in values])
            for x in self.xs
        ]


@dataclass(frozen=True)
class Size:
    width: int
    height: int  # of the plot and its axes, the legend below it adds more
    font: int
    # The legend at the right of the plot rather than below it: the picture
    # is then `height` tall, key and all (a wide screen's chart).
    key_beside: bool = False
    # Drawn a second time for a reader in large type (LARGE_TYPE), its words
    # twice as large for the width; not the projector's, whose type follows
    # the screen.
    large_type: bool = True

    @property
    def for_large_type(self) -> Size:
        """The same chart for a page whose text is 125 % to 200 % of its
        usual size, shown in a phone's column (about 340 px): drawn half as
        wide as PHONE for its words, so they are about 31 px there (200 %
        text is 36 px), and not as tall for its width."""
        return replace(
            self,
            width=LARGE_TYPE_WIDTH,
            height=round(self.height * 0.85),
            large_type=False,
        )


PAGE = Size(width=420, height=280, font=16)
# A chart for large type (Size.for_large_type): its words a tenth of its width.
LARGE_TYPE_WIDTH = 170
# A 360 px phone's column (about 340 px inside the page's margins), drawn at
# about its own size: its words as large as PAGE's on a wider screen.
PHONE = Size(width=340, height=280, font=16)
# The public board's race on a phone: sent again to every phone in the hall
# after each result, so drawn once (a large-type copy would double what each
# phone fetches); its numbers' table, under the chart, follows the reader's
# text size.
BOARD_PHONE = replace(PHONE, large_type=False)
# The projector's slide: about as wide for its height as the room a
# projector's screen leaves under the slide's title (2.3:1 at 1024 x 768, 3:1
# at 1280 x 720, 2.7:1 at 1920 x 1080), the key beside the plot, and words a
# fortieth of its width, so the page that scales it to that room shows them
# at 24 px at 1024 x 768 and 1280 x 720 and 41 px at 1920 x 1080 (the chart
# on the projector, static/css/captain.css).
PROJECTOR = Size(width=1500, height=625, font=38, key_beside=True, large_type=False)
# The same once the drive is over: no clock and bell over the slide, the room
# under its title is taller (1.7:1 at 1024 x 768, 2.3:1 at 1280 x 720).
PROJECTOR_FINAL = Size(
    width=1500, height=750, font=38, key_beside=True, large_type=False
)
# At most this part of a key beside the plot goes to its names (longer ones
# go on more lines).
KEY_SHARE = 0.34


def _colour(hex_colour: str) -> colors.Color:
    return colors.HexColor(hex_colour)


def _nice_step(span: float, ticks: int) -> int:
    """A round step (1, 2, 5, 10, 20...) giving about `ticks` ticks over `span`."""
    raw = max(span / max(ticks, 1), 1)
    power = 10 ** math.floor(math.log10(raw))
    for factor in (1, 2, 5, 10):
        if factor * power >= raw:
            return int(factor * power)
    return int(10 * power)


def _y_scale(
    low: float, high: float, *, downward: bool, most: int = 12
) -> tuple[int, int, list[int]]:
    """The y axis: its least and greatest value and its ticks, at most `most`
    steps apart (as many as its numbers have room for). Points start at 0;
    places (drawn as minus the place) end at 1, the top."""
    most = max(most, 1)
    if downward:
        y_max = -1
        span = max(-1 - math.floor(low), 1)
        step = 1 if span <= most else _nice_step(span, min(6, most))
        y_min = y_max - math.ceil(span / step) * step
        return y_min, y_max, list(range(y_max, y_min - 1, -step))[::-1]
    low = min(low, 0)
    step = _nice_step(high - low, min(5, most))
    y_min = math.floor(low / step) * step
    y_max = max(math.ceil(high / step) * step, y_min + step)
    return y_min, y_max, list(range(y_min, y_max + 1, step))


def _x_steps(xs: Sequence[int], most: int = 12, room: float = 1) -> list[int]:
    """The x ticks: every x while they fit, else the first and every n-th,
    no two nearer than `room` (in x's: what one number needs beside the next)
    and at most about `most` of them."""
    step = max(1, math.ceil(len(xs) / most), math.ceil(room))
    first = xs[0]
    return [x for x in xs if x == first or (x % step == 0 and x - first >= room)]


def _estimated_width(text: str, font: int) -> float:
    # The browser sets the words in the page's own letters: a fair average
    # is enough to lay out the legend.
    return len(text) * font * 0.62


def drawing(chart: Chart, *, size: Size = PAGE, font: str = "Helvetica") -> Drawing:
    """The chart as a reportlab Drawing (`font`: a font registered with
    reportlab, for the PDF; the SVG puts the page's letters instead)."""
    f = size.font
    ink, grid = _colour(INK[1]), _colour(GRID[1])
    sign = -1 if chart.downward else 1
    lines = [line for line in chart.lines if line.points]
    values = [sign * v for line in lines for _, v in line.points]
    if chart.level is not None:
        values.append(sign * float(chart.level.value))
    low, high = min(values, default=0), max(values, default=1)
    xs = chart.xs or [1]

    # The legend, below the plot: as many columns as fit.
    entries = [(line.name, index) for index, line in enumerate(lines)]
    under = False
    if chart.level is not None:
        entries.append((chart.level.name, None))
    sample = 3.2 * f
    widest = max((_estimated_width(n, f) for n, _ in entries), default=0)
    row_height, line_height = 1.6 * f, LEGEND_LINE * f
    key = _key_beside(entries, size, sample, widest) if size.key_beside else None
    if key is not None:
        # Beside the plot: one column, at the right, from the plot's top.
        key_width, names = key
        columns, column = 1, key_width
    else:
        key_width = 0
        column = sample + 0.6 * f + widest + f
        columns = max(1, min(len(entries), int(size.width // max(column, 1))))
        column = size.width / columns
        # A name too long for its column goes on as many lines as it needs.
        # Where a word of a name is wider than the room beside a line's
        # sample (a surname in the chart drawn for large type), every name
        # goes under its sample, the column's whole width to its words.
        beside = column - sample - 0.6 * f
        under = any(
            _estimated_width(word, f) > beside
            for name, _ in entries
            for word in re.split(r"\s+|(?<=-)", name)
        )
        room = column - 0.5 * f if under else beside
        names = [_wrapped(name, room, f) for name, _ in entries]
    rows = [names[start : start + columns] for start in range(0, len(names), columns)]
    row_heights = [
        row_height + (max(map(len, row)) - 1 + under) * line_height for row in rows
    ]
    legend_height = 0 if key is not None else sum(row_heights) + 0.5 * f

    total_height = size.height + legend_height
    picture = Drawing(size.width, total_height)
    # Down from the x axis: its numbers, hung a gap below the y axis's lowest
    # (which is centred on it); a gap; the x axis's words.
    y_number_bottom = (Y_NUMBER_BASELINE - DESCENT) * f
    x_numbers_from = y_number_bottom - WORD_GAP * f - (ASCENT + X_NUMBER_BASELINE) * f
    x_number_bottom = x_numbers_from + (X_NUMBER_BASELINE - DESCENT) * f
    x_words_baseline = x_number_bottom - (WORD_GAP + ASCENT) * f
    # Up from the plot's top: its highest number, a gap, the y axis's words.
    y_words_baseline = -1.2 * f  # from the top of the picture
    top_room = (Y_NUMBER_BASELINE + ASCENT + WORD_GAP + DESCENT) * f - y_words_baseline
    # The x axis's words on a baseline 0.4 above the legend's room.
    bottom_room = 0.4 * f - x_words_baseline
    plot_height = size.height - top_room - bottom_room
    # The y axis's numbers, one above the other, a gap between each two.
    y_min, y_max, steps = _y_scale(
        low,
        high,
        downward=chart.downward,
        most=int(plot_height // ((ASCENT + DESCENT + WORD_GAP) * f)),
    )
    y_widest = max((_number_words(sign)(v) for v in (y_min, y_max)), key=len)
    left = _estimated_width(y_widest, f) + 1.6 * f
    plot = LinePlot()
    plot.x, plot.y = left, legend_height + bottom_room
    plot.width = size.width - left - 1.2 * f - key_width
    plot.height = plot_height
    plot.strokeColor = None
    plot.fillColor = None
    data = [list(line.points) for line in lines]
    data = [[(x, sign * v) for x, v in points] for points in data]
    if chart.level is not None:
        level = sign * float(chart.level.value)
        data.append([(xs[0], level), (xs[-1], level)])
    plot.data = data or [[(xs[0], 0)]]
    for index, line in enumerate(lines):
        style = plot.lines[index]
        name, hex_colour = OWN if line.own else PALETTE[index % len(PALETTE)]
        colour = _colour(hex_colour)
        style.strokeColor = colour
        style.strokeWidth = f * (0.3 if line.own else 0.17)
        dash = () if line.own else DASHES[index % len(DASHES)]
        style.strokeDashArray = [d * f / 8 for d in dash] or None
        style.symbol = _marker(index, line.own, colour, f)
    if chart.level is not None:
        style = plot.lines[len(lines)]
        style.strokeColor = ink
        style.strokeWidth = f * 0.1
        style.strokeDashArray = [d * f / 8 for d in LEVEL_DASH]
        style.symbol = None

    x_axis = plot.xValueAxis
    x_axis.valueMin = xs[0] if len(xs) > 1 else xs[0] - 1
    x_axis.valueMax = xs[-1] if len(xs) > 1 else xs[0] + 1
    # The x axis's numbers side by side, a gap between each two.
    x_span = max(x_axis.valueMax - x_axis.valueMin, 1)
    number_room = len(str(xs[-1])) * DIGIT * f + WORD_GAP * f
    x_axis.valueSteps = _x_steps(xs, room=number_room / (plot.width / x_span))
    y_axis = plot.yValueAxis
    y_axis.valueMin, y_axis.valueMax = y_min, y_max
    y_axis.valueSteps = steps
    for axis in (x_axis, y_axis):
        axis.strokeColor = ink
        axis.strokeWidth = 1
        axis.labels.fontName = font
        axis.labels.fontSize = f
        axis.labels.fillColor = ink
        # Anchored by the SVG itself (see _Canvas), whatever the letters' widths.
        axis.labels.textAnchor = "boxauto"
        axis.labelTextFormat = _number_words(sign if axis is y_axis else 1)
    x_axis.tickDown = 0.3 * f
    x_axis.labels.dy = x_numbers_from
    y_axis.tickLeft = 0.3 * f
    # Its numbers end clear of the tick, and to the left of the x axis's
    # first, centred under the corner (a figure is 0.64 wide at most).
    y_axis.labels.dx = -0.5 * f
    y_axis.visibleGrid = 1
    y_axis.gridStrokeColor = grid
    y_axis.gridStrokeWidth = 1
    picture.add(plot)

    picture.add(
        String(
            plot.x + plot.width / 2,
            plot.y + x_words_baseline,
            chart.x_label,
            fontName=font,
            fontSize=f,
            fillColor=ink,
            textAnchor="middle",
        )
    )
    picture.add(
        String(
            0,
            total_height + y_words_baseline,
            chart.y_label,
            fontName=font,
            fontSize=f,
            fillColor=ink,
        )
    )
    # Below the plot, its rows down from the legend's top; beside it, from
    # the plot's top, a gap right of the plot.
    key_x = size.width - key_width + f if key is not None else 0
    key_top = plot.y + plot.height if key is not None else legend_height
    for position, ((_, index), name) in enumerate(zip(entries, names, strict=True)):
        row, col = divmod(position, columns)
        x = key_x + col * column
        y = key_top - sum(row_heights[:row]) - row_height + 0.35 * f
        item = _legend_item(lines, index, x, y, f, font, sample, ink, name, under)
        picture.add(item)
    return picture


def _key_beside(
    entries: list[tuple[str, int | None]], size: Size, sample: float, widest: float
) -> tuple[float, list[list[str]]] | None:
    """A key beside the plot: its width (its gap from the plot included) and
    its names, each in lines of at most KEY_SHARE of the picture's width; None
    when its rows would not fit the picture's height (it goes below then)."""
    f = size.font
    room = min(widest, KEY_SHARE * size.width)
    names = [_wrapped(name, room, f) for name, _ in entries]
    lines = sum(len(name) for name in names)
    height = len(names) * 1.6 * f + (lines - len(names)) * LEGEND_LINE * f
    if height > size.height - 3 * f:
        return None
    written = max((_estimated_width(t, f) for n in names for t in n), default=0)
    return f + sample + 0.6 * f + written + 0.5 * f, names


def _marker(index: int, own: bool, colour: colors.Color, f: int):
    kind = "FilledCircle" if own else MARKERS[index % len(MARKERS)]
    return makeMarker(
        kind,
        size=f * (0.7 if own else 0.55),
        strokeColor=colour,
        fillColor=colour,
        strokeWidth=f * 0.1,
    )


def _wrapped(name: str, room: float, font: int) -> list[str]:
    """A legend's name in lines of about `room` wide, broken at its spaces and
    after its hyphens (a double surname); a single word longer than `room` is
    broken too, hyphenated, rather than cut at the picture's edge."""
    lines: list[str] = []
    for number, word in enumerate(name.split()):
        for part, piece in enumerate(re.split(r"(?<=-)", word)):
            glue = " " if number and not part else ""
            if lines and _estimated_width(lines[-1] + glue + piece, font) <= room:
                lines[-1] += glue + piece
            else:
                lines.extend(_hyphenated(piece, room, font))
    return lines or [name]


def _hyphenated(word: str, room: float, font: int) -> list[str]:
    """`word` whole when it fits `room`, else in pieces that do, each but the
    last ending in a hyphen (at least two letters a piece)."""
    pieces = []
    while _estimated_width(word, font) > room and len(word) > 3:
        fits = int(room // _estimated_width("a", font)) - 1  # letters, a hyphen
        cut = min(max(fits, 2), len(word) - 2)
        pieces.append(word[:cut] + "-")
        word = word[cut:]
    return [*pieces, word]


def _legend_item(lines, index, x, y, f, font, sample, ink, words, under) -> Group:
    """A line's sample (its colour, dash and marker) and its name (`words`,
    its lines): beside the sample, or from the line `under` it."""
    item = Group()
    middle = y + 0.35 * f
    if index is None:  # the level line
        colour, width, dash = ink, f * 0.1, LEVEL_DASH
    else:
        line = lines[index]
        colour = _colour((OWN if line.own else PALETTE[index % len(PALETTE)])[1])
        width = f * (0.3 if line.own else 0.17)
        dash = () if line.own else DASHES[index % len(DASHES)]
    stroke = Stroke(x, middle, x + sample, middle)
    stroke.strokeColor = colour
    stroke.strokeWidth = width
    stroke.strokeDashArray = [d * f / 8 for d in dash] or None
    item.add(stroke)
    if index is not None:
        marker = _marker(index, lines[index].own, colour, f)
        marker.x, marker.y = x + sample / 2, middle
        item.add(marker)
    left = x if under else x + sample + 0.6 * f
    for number, text in enumerate(words, start=under):  # one under the other
        item.add(
            String(
                left,
                y - number * LEGEND_LINE * f,
                text,
                fontName=font,
                fontSize=f,
                fillColor=ink,
            )
        )
    return item


def _number_words(sign: int):
    # An axis's number with the true minus ("−13", players.score_text).
    def words(value: float) -> str:
        return score_text(int(round(sign * value)))

    return words


# --- the page's SVG ------------------------------------------------------------------


class _Canvas(renderSVG.SVGCanvas):
    """reportlab's SVG canvas, setting words by the SVG's own text-anchor
    rather than by a width it measured in its font: the browser draws them in
    another (the page's), and they still end and centre where they should."""

    def drawString(
        self,
        s,
        x,
        y,
        angle=0,
        link_info=None,
        text_anchor="left",
        textRenderMode=0,
        **attributes,
    ):
        anchor = {"end": "end", "numeric": "end", "middle": "middle"}.get(
            text_anchor, "start"
        )
        super().drawString(
            s,
            x,
            y,
            angle=angle,
            link_info=link_info,
            text_anchor="start",
            textRenderMode=textRenderMode,
            **{"text-anchor": anchor},
            **attributes,
        )


def _svg_colour(hex_colour: str) -> str:
    """How reportlab's SVG writes a colour (renderSVG.SVGCanvas.setStrokeColor)."""
    c = _colour(hex_colour)
    red, green, blue = (int(part * 100) for part in (c.red, c.green, c.blue))
    return f"rgb({red}%,{green}%,{blue}%)"


# Each colour's short name, for the classes that let the page's CSS recolour
# it (static/css/site.css: .chart-svg .cs-1 { stroke: var(--chart-1) }...).
_NAMES = {
    _svg_colour(hex_colour): (name.removeprefix("--chart-"), hex_colour)
    for name, hex_colour in (INK, GRID, OWN, *PALETTE)
}


def _as_attributes(element: ElementTree.Element) -> None:
    """reportlab's style="..." as presentation attributes, and each known
    colour as a class too. The site's Content-Security-Policy allows no inline
    style, and the page's stylesheet outranks these attributes, so the CSS
    recolours the chart while the attributes keep the print colours for
    anything without it."""
    style = element.attrib.pop("style", "")
    classes = []
    for part in style.split(";"):
        key, _, value = part.partition(":")
        key, value = key.strip(), value.strip()
        if not key or not value:
            continue
        if value == "None":  # reportlab's open lines: not filled
            value = "none"
        if key == "font-family":
            value = PAGE_FONTS
        elif key in ("stroke", "fill") and value in _NAMES:
            name, value = _NAMES[value]
            classes.append(f"c{key[0]}-{name}")
        element.set(key, value)
    if classes:
        element.set("class", " ".join(classes))


# reportlab's coordinates to six places, where a hundredth of a unit is far
# below a screen's pixel: a board's race was 40 KB, sent to every phone in the
# hall after each change.
_LONG_NUMBER = re.compile(r"-?\d+\.\d{3,}")
_PLACED = ("d", "points", "transform", "x", "y", "cx", "cy", "r", "width", "height")


def _short(match: re.Match) -> str:
    return f"{float(match.group()):.2f}".rstrip("0").rstrip(".")


def _shortened(element) -> None:
    """`element` with its coordinates to two places and without attributes
    that say SVG's own default."""
    for key in _PLACED:
        if (value := element.get(key)) is not None:
            element.set(key, _LONG_NUMBER.sub(_short, value))
    if element.get("stroke-linecap") == "butt":
        del element.attrib["stroke-linecap"]


def svg(
    chart: Chart, *, size: Size = PAGE, id: str, classes: str = "chart-svg"
) -> SafeString:
    """The chart as inline SVG for a page: role="img", named by its title
    (`id` names its title element), colours from the page's CSS, `classes`
    its element's classes.

    Drawing one takes reportlab tens of milliseconds, and a live board's
    race is asked for by every phone in the hall after each change: the
    last few drawn are kept (the chart holds its words, so a language is a
    chart of its own)."""
    try:
        return _kept_svg(chart, size, id, classes)
    except TypeError:  # a chart given lists rather than tuples: drawn afresh
        return _svg(chart, size, id, classes)


@lru_cache(maxsize=64)
def _kept_svg(chart: Chart, size: Size, id: str, classes: str) -> SafeString:
    return _svg(chart, size, id, classes)


def _svg(chart: Chart, size: Size, id: str, classes: str) -> SafeString:
    picture = drawing(chart, size=size)
    canvas = _Canvas((picture.width, picture.height), useClip=True)
    renderSVG.draw(picture, canvas, 0, 0)
    buffer = StringIO()
    canvas.save(buffer)
    text = re.sub(r"<\?xml[^>]*\?>|<!DOCTYPE[^>]*>", "", buffer.getvalue())
    root = ElementTree.fromstring(text)
    for key in ("width", "height", "fill-rule", "version"):
        root.attrib.pop(key, None)
    root.set("class", classes)
    root.set("role", "img")
    root.set("aria-labelledby", f"{id}-title")
    root.set("focusable", "false")
    for element in root.iter():
        element.attrib.pop("id", None)
        if element.get("transform") == "":
            del element.attrib["transform"]
        # reportlab's indentation: a tenth of the page's bytes, shown nowhere.
        element.tail = None
        if element.text is not None and not element.text.strip():
            element.text = None
        _as_attributes(element)
        _shortened(element)
    # Every word in one family: said once, on the picture (inherited).
    texts = list(root.iter(f"{{{SVG_NS}}}text"))
    families = {t.get("font-family") for t in texts}
    if len(families) == 1 and None not in families:
        root.set("font-family", families.pop())
        for t in texts:
            del t.attrib["font-family"]
    title = root.find(f"{{{SVG_NS}}}title")
    title.text = chart.title
    title.set("id", f"{id}-title")
    description = root.find(f"{{{SVG_NS}}}desc")
    root.remove(description)
    ElementTree.register_namespace("", SVG_NS)
    ElementTree.register_namespace("xlink", "http://www.w3.org/1999/xlink")
    return mark_safe(ElementTree.tostring(root, encoding="unicode"))


@dataclass(frozen=True)
class Figure:
    """What a page shows of a chart: the picture, its words and its numbers."""

    id: str
    chart: Chart
    svg: SafeString
    note: str = ""
    # The same drawn for large type (Size.for_large_type): the page shows it
    # instead where its column is narrow for its text (static/css/site.css: a
    # column under 16 of its text's em), so the chart's words follow the
    # reader's text size (at 200 % on a phone they stayed 10 to 12 px).
    svg_large: SafeString | None = None

    @property
    def columns(self) -> list[str]:
        return [line.name for line in self.chart.lines]

    @property
    def rows(self) -> list[tuple[str, list[str]]]:
        return self.chart.table()


def figure(
    chart: Chart, *, id: str, size: Size = PAGE, note: str = ""
) -> Figure | None:
    """The chart for a page (None when it has nothing to draw)."""
    if chart.empty:
        return None
    large = None
    if size.large_type:
        large = svg(
            chart,
            size=size.for_large_type,
            id=f"{id}-large",
            classes="chart-svg chart-large",
        )
    return Figure(
        id=id, chart=chart, svg=svg(chart, size=size, id=id), note=note, svg_large=large
    )

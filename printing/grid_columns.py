"""The widths of a grid's columns and how each column's heading is set, so
that no heading ever breaks inside a word, in any language or edition.

Every printed grid (score cards and travel slips, printing.grid_pdf; the results
sheet, printing.results_pdf; prediction whist's score sheets and slips,
printing.prediction_pdf) asks ``fit_headings`` with the widths its columns
would have and what each column's values need. A typesetter's steps, each
only where the one before is not enough:

1. a heading whose longest word (or piece after a dash) does not fit its
   column widens the column, taking width from columns with room to spare
   (every column keeps what its values need);
2. the widest headings are set smaller, a step at a time, never below
   ``smallest`` (8 pt; 14 pt in large print);
3. the fewest headings are turned sideways (set reading upwards, 90°) in a
   taller heading row, the widest first, a heading of one part before one
   of several.

An upright heading may wrap between its words or after a dash inside one
(printing.fitting.heading_pieces); never inside a word.

Where a heading row has room to spare (its tallest heading's, or what the
rows under it leave), ``grown`` sets a heading that was set smaller to keep
to fewer lines larger on more, up to 9 pt (printing.readable.ROOMY), the
columns' widths as they were.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from functools import lru_cache

from printing.fitting import (
    GLUED,
    HEADING_LEADING,
    STEP,
    _wrapped,
    heading_height,
    heading_lines,
    heading_pieces,
    text_width,
)
from printing.fonts import BOLD

# One part of a heading: (text, font). A heading is one part or more, each
# starting a line of its own (a prediction deal's kind, trumps and dealer).
Part = tuple[str, str]

# Points of width below which two sums of floats count as equal.
SLACK = 1e-06


@dataclass(frozen=True)
class Heading:
    """A column's heading as set: each part's lines at `size`; `sideways`:
    each part on one line, turned to read upwards."""

    lines: tuple[tuple[tuple[str, ...], str], ...]  # (lines, font) a part
    size: float
    sideways: bool = False

    @property
    def count(self) -> int:
        return sum(len(lines) for lines, _font in self.lines)

    def length(self) -> float:
        """A sideways heading's longest line (what the row's height must hold)."""
        return max(
            (
                text_width(line, font, self.size)
                for lines, font in self.lines
                for line in lines
            ),
            default=0.0,
        )

    def height(self) -> float:
        """The height of the heading row this heading needs."""
        if self.sideways:
            return self.length() + self.size * 1.2
        return heading_height(self.count, self.size)


@dataclass(frozen=True)
class ColumnPlan:
    widths: tuple[float, ...]
    headings: tuple[Heading, ...]
    # Not even every heading sideways leaves the values their room: the
    # grid wants a wider page (fewer sheets to a page).
    crowded: bool = False

    @property
    def height(self) -> float:
        return max((h.height() for h in self.headings if h.count), default=0.0)

    @property
    def sideways(self) -> int:
        """How many headings are turned sideways."""
        return sum(1 for h in self.headings if h.sideways)


def parts_of(title: object) -> tuple[Part, ...]:
    """A column's title as parts: a string is one bold part."""
    if isinstance(title, tuple):
        return tuple((str(text), font) for text, font in title if str(text).strip())
    text = str(title)
    return ((text, BOLD),) if text.strip() else ()


def fit_headings(
    titles: Sequence[object],
    widths: Sequence[float],
    needs: Sequence[float],
    *,
    size: float,
    smallest: float,
    most: int = 2,
    pad: float = 2.0,
    fewer_lines: bool = True,
) -> ColumnPlan:
    """The columns' widths (their sum that of `widths`) and headings: each
    column at least what it `needs`, each heading whole (module doc).
    `fewer_lines`: an upright heading may be set smaller (to `smallest`) to
    take fewer lines, as the usual edition's are; large print's stay as
    large as their column allows, on more lines."""
    return _plan(
        tuple(parts_of(t) for t in titles),
        tuple(float(w) for w in widths),
        tuple(float(n) for n in needs),
        size,
        smallest,
        most,
        pad,
        fewer_lines,
    )


def trial(
    titles: Sequence[object],
    widths: Sequence[float],
    needs: Sequence[float],
    **options: float | bool,
) -> ColumnPlan:
    """What `fit_headings` would make of a grid that may not be drawn so:
    for a sheet choosing its page's way round, or how many to a page."""
    return _plan(
        tuple(parts_of(t) for t in titles),
        tuple(float(w) for w in widths),
        tuple(float(n) for n in needs),
        float(options["size"]),
        float(options["smallest"]),
        int(options.get("most", 2)),
        float(options.get("pad", 2.0)),
        bool(options.get("fewer_lines", True)),
    )


def _pieces(parts: tuple[Part, ...]) -> list[tuple[str, str]]:
    return [
        (piece.removeprefix(GLUED), font)
        for text, font in parts
        for piece in heading_pieces(text)
    ]


def longest(parts: tuple[Part, ...], size: float) -> float:
    """The width of a heading's longest word (or piece after a dash) at `size`."""
    return max((text_width(p, font, size) for p, font in _pieces(parts)), default=0.0)


def _across(parts: tuple[Part, ...], size: float) -> float:
    """The width a sideways heading takes: a line a part."""
    return len(parts) * size * HEADING_LEADING


def _one_line(text: str) -> str:
    """A heading's words on one line, pieces after a dash glued back."""
    line = ""
    for piece in heading_pieces(text):
        glued = piece.startswith(GLUED)
        piece = piece.removeprefix(GLUED)
        line = f"{line}{'' if glued or not line else ' '}{piece}"
    return line


@lru_cache(maxsize=2048)
def _plan(
    titles: tuple[tuple[Part, ...], ...],
    widths: tuple[float, ...],
    needs_asked: tuple[float, ...],
    size: float,
    smallest: float,
    most: int,
    pad: float,
    fewer_lines: bool,
) -> ColumnPlan:
    count = len(titles)
    total = sum(widths)
    needs = list(needs_asked)
    if sum(needs) > total and sum(needs) > 0:
        # Not even the values fit: each column in proportion to its need.
        needs = [need / sum(needs_asked) * total for need in needs_asked]
    sideways = [False] * count
    sizes = [size] * count

    def demand(i: int) -> float:
        if not titles[i]:
            return needs[i]
        if sideways[i]:
            return max(needs[i], _across(titles[i], sizes[i]) + pad)
        return max(needs[i], longest(titles[i], sizes[i]) + pad)

    while True:
        # 1. Widen, 2. shrink the widest heading a step at a time.
        sizes = [size] * count
        while sum(map(demand, range(count))) > total + SLACK:
            shrinking = [
                i
                for i in range(count)
                if titles[i]
                and not sideways[i]
                and sizes[i] - STEP >= smallest - SLACK
                and longest(titles[i], sizes[i]) + pad > needs[i]
            ]
            if not shrinking:
                break
            widest = max(shrinking, key=lambda i: longest(titles[i], sizes[i]))
            sizes[widest] -= STEP
        if sum(map(demand, range(count))) <= total + SLACK:
            break
        # 3. The heading whose turning frees the most goes sideways: one of
        # a single part first (a seat's, a total's), before one of several
        # (a prediction deal's kind, trumps and dealer, each part a line
        # turned, a heading row half as high again).
        upright = [i for i in range(count) if titles[i] and not sideways[i]]
        if not upright:
            break

        def freed(i: int) -> tuple[bool, float]:
            room = max(needs[i], longest(titles[i], size) + pad) - max(
                needs[i], _across(titles[i], size) + pad
            )
            return len(titles[i]) == 1 and room > SLACK, room

        sideways[max(upright, key=freed)] = True

    demands = [demand(i) for i in range(count)]
    if sum(demands) > total + SLACK:
        # Every heading sideways as small as it may be.
        for i in range(count):
            if sideways[i]:
                while sizes[i] - STEP >= smallest - SLACK and sum(demands) > total:
                    sizes[i] -= STEP
                    demands[i] = demand(i)
    crowded = sum(demands) > total + SLACK
    if crowded:
        # Even every heading sideways is too wide: in proportion (words may
        # then not fit; no sheet of the catalogue comes to this).
        final = [d / sum(demands) * total for d in demands]
    else:
        # What is left goes back to the columns that gave it, as they had it.
        extra = [max(0.0, w - d) for w, d in zip(widths, demands, strict=True)]
        left = total - sum(demands)
        share = left / sum(extra) if sum(extra) else 0.0
        final = [d + e * share for d, e in zip(demands, extra, strict=True)]
        if not sum(extra):
            final = [d + left / count for d in demands]
    headings = []
    for i, parts in enumerate(titles):
        if sideways[i]:
            headings.append(
                Heading(
                    tuple(((_one_line(text),), font) for text, font in parts),
                    sizes[i],
                    True,
                )
            )
            continue
        room = final[i] - pad
        # Every word fits whole at sizes[i], and so at any smaller size: it
        # may be set smaller to take fewer lines (not in large print).
        lowest = smallest if fewer_lines else sizes[i]
        lines = []
        set_at = sizes[i]
        for text, font in parts:
            wrapped, fitted = heading_lines(
                text, font, sizes[i], room, most=most, smallest=lowest
            )
            set_at = min(set_at, fitted)
            lines.append((wrapped, font))
        if len(parts) > 1 and any(
            heading_lines(t, f, set_at, room, most=most, smallest=set_at)[0] != w
            for (t, f), (w, _f) in zip(parts, lines, strict=True)
        ):
            lines = [
                (heading_lines(t, f, set_at, room, most=most, smallest=set_at)[0], f)
                for t, f in parts
            ]
        headings.append(Heading(tuple(lines), set_at))
    if fewer_lines:
        headings = _evened(titles, final, headings, sizes, pad, most)
    return ColumnPlan(tuple(final), tuple(headings), crowded)


def _evened(
    titles: tuple[tuple[Part, ...], ...],
    widths: list[float],
    headings: list[Heading],
    sizes: list[float],
    pad: float,
    most: int,
) -> list[Heading]:
    """A heading set smaller to keep to one line, in a row that is two lines
    high for its neighbours, set as large as the row holds: "Взятки С-Ю" at
    8.5 pt on two lines and "Взятки В-З" beside it at 7 pt on one read as
    two kinds of column. The row's height does not change."""
    row = max((h.height() for h in headings if h.count), default=0.0)
    evened = []
    for i, (parts, heading) in enumerate(zip(titles, headings, strict=True)):
        if heading.sideways or len(parts) != 1 or heading.size >= sizes[i]:
            evened.append(heading)
            continue
        ((text, font),) = parts
        room = widths[i] - pad
        pieces = heading_pieces(text)
        at = sizes[i]
        while at > heading.size + SLACK:
            lines = _wrapped(pieces, font, at, room)
            taller = Heading(((tuple(lines), font),), at)
            if (
                len(lines) <= most
                and all(text_width(line, font, at) <= room for line in lines)
                and taller.height() <= row + SLACK
            ):
                heading = taller
                break
            at -= STEP
        evened.append(heading)
    return evened


def _lines_at(
    parts: tuple[Part, ...], size: float, room: float, most: int
) -> tuple[tuple[tuple[str, ...], str], ...] | None:
    """A heading's parts wrapped between words at `size` in `room`, each on
    at most `most` lines, no word broken (None where they do not fit so)."""
    lines = []
    for text, font in parts:
        wrapped = _wrapped(heading_pieces(text), font, size, room)
        if len(wrapped) > most or any(
            text_width(line, font, size) > room + SLACK for line in wrapped
        ):
            return None
        lines.append((tuple(wrapped), font))
    return tuple(lines)


def grown(
    titles: Sequence[object],
    plan: ColumnPlan,
    *,
    size: float,
    height: float,
    most: int = 2,
    pad: float = 2.0,
    measure: Callable[[Heading], float] = Heading.height,
    together: Sequence[Sequence[int]] = (),
) -> ColumnPlan:
    """`plan` with each upright heading that was set smaller than `size` to
    take fewer lines set larger, up to `size`, on more lines (up to `most`
    a part, wrapped between words, never inside one), where its height
    (`measure`) stays within `height`: the room a heading row has to spare
    (rows that keep their height under it). The columns keep their widths.

    The columns of each group in `together` (a slip's N-S and E-W columns)
    head alike: where growing set one on more lines than another ("Levate
    N-S" on two at 9 pt, "Levate E-V" on one), each of the group takes as
    many lines, its words shared out between them; where a heading cannot,
    the group stays as it was in `plan`."""
    headings = _grown(titles, plan, size, height, most, pad, measure)
    for group in together:
        count = max(headings[i].count for i in group)
        alike = [
            _on_lines(titles[i], headings[i], count, plan.widths[i] - pad)
            for i in group
        ]
        for i, heading in zip(group, alike, strict=True):
            headings[i] = heading if None not in alike else plan.headings[i]
    return replace(plan, headings=tuple(headings))


def _on_lines(
    title: object, heading: Heading, count: int, room: float
) -> Heading | None:
    """`heading` on `count` lines, its words shared out between them, each
    line within `room`; None where it cannot be set so."""
    if heading.count == count:
        return heading
    parts = parts_of(title)
    if heading.sideways or len(parts) != 1:
        return None
    text, font = parts[0]
    pieces = heading_pieces(text)
    per = -(-len(pieces) // count)
    lines = []
    for start in range(0, len(pieces), per):
        line = ""
        for piece in pieces[start : start + per]:
            glued = piece.startswith(GLUED)
            piece = piece.removeprefix(GLUED)
            line = f"{line}{'' if glued or not line else ' '}{piece}"
        lines.append(line)
    if len(lines) != count or any(
        text_width(line, font, heading.size) > room + SLACK for line in lines
    ):
        return None
    return Heading(((tuple(lines), font),), heading.size)


def _grown(
    titles: Sequence[object],
    plan: ColumnPlan,
    size: float,
    height: float,
    most: int,
    pad: float,
    measure: Callable[[Heading], float],
) -> list[Heading]:
    headings = []
    for title, heading, width in zip(titles, plan.headings, plan.widths, strict=True):
        parts = parts_of(title)
        at = size
        while not heading.sideways and parts and at > heading.size + SLACK:
            lines = _lines_at(parts, at, width - pad, most)
            taller = Heading(lines, at) if lines is not None else None
            if taller is not None and measure(taller) <= height + SLACK:
                heading = taller
                break
            at -= STEP
        headings.append(heading)
    return headings

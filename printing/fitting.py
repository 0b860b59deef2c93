"""Fitting words into the cells of a printed sheet, whatever their language.

A *cell* is the room a string is given: a width in points. Three ways to fit:

- ``fit``: shrink a string (to 60%, never below a smallest size), then cut it
  with an ellipsis: for values such as a club's name in a header, where one
  line is all there is.
- ``heading_lines``: a column's heading, never below 8 pt (16 pt in large
  print) and never cut: it shrinks to that size at most, then wraps onto two
  lines, and only a word wider than the cell at that size is broken (with a
  hyphen) over more lines.
- ``one_size``: the size at which every one of a sheet's names fits its
  cell, so the names of one slip are set alike.
- ``parted_lines``: a line of facts (club · drive · date · page 2) on as
  many lines as it may have, broken between the facts, never inside one.
- ``cut_within``: a line that must be cut, cut inside the part that may
  lose some letters (a drive's name), so the rest (which part of a slip
  this is) stays whole.
- ``head_part``: a line of a sheet's head (a club's or drive's name) on
  as many lines as it takes, with the height it adds to the head (score
  cards, travel slips and prediction sheets alike); printing.pdf's
  ``draw_head_part`` draws it.
- ``sheet_head``: the whole head of a travel slip or a prediction whist
  sheet (its kind, club, drive and date beside the table's number), as
  printing.pdf's ``draw_sheet_head`` draws it.
- ``roomy_size``: a label, a club's name or a date at 9 pt where it fits
  its line whole, else at the size it had (printing.readable.ROOMY).
- ``held_numbers``: a printed sentence with each number held to the word
  before it by a no-break space ("la masa 128."), which no line breaks at
  (``line_words``); ``sentence_lines`` sets a slip's and a prediction
  sheet's notes so, ``heading_pieces`` a grid's headings ("dealer: seat 1"),
  and printing.card_codes' ``_sentence`` hands a Paragraph (a table card's
  moves, the results sheet's and the league table's rules) the same.

A grid never gives a heading a cell too narrow for its longest word:
printing.grid_columns widens the column, sets the heading smaller or turns it
sideways first, so ``heading_lines`` never has to break a word there.

Large print's grids start from ``column_widths`` (every value whole at
16 pt, then every heading's longest word, the cells' room narrowed and the
widest headings set smaller where the page is too narrow); grid_columns then
sets each heading.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import lru_cache

from reportlab.lib.units import mm
from reportlab.pdfbase.pdfmetrics import stringWidth

from players.no_break import held_numbers
from players.typed_text import printable_text
from printing.editions import current
from printing.fonts import BOLD, REGULAR, register_fonts
from printing.readable import READABLE, ROOMY

# No heading of a printed sheet is set smaller than this (points): read at
# arm's length in a hall by older players (it was 7; a heading that does not
# fit at 8 takes more lines, or turns to read upwards).
SMALLEST_HEADING = 8.0
# A heading's lines apart, as a share of its size.
HEADING_LEADING = 1.15
STEP = 0.25
# A string measured to fit its room exactly fits it: the room, worked out
# from that measure through a column's shares, may come back a hair narrower
# in floating point (a slip's "13" under a deal was cut to "…" so).
FIT_SLACK = 0.01


# A run of cards writes the same few strings (hand numbers, scores, trumps, the
# column titles) tens of thousands of times at a handful of sizes: their widths
# and fitted forms are worked out once.
@lru_cache(maxsize=16384)
def text_width(text: str, font: str, size: float) -> float:
    # Measuring needs the fonts: a sheet may be measured (to choose its page's
    # way round, say) before anything is drawn in a fresh process.
    register_fonts()
    return stringWidth(text, font, size)


@lru_cache(maxsize=16384)
def fit(
    text: str, font: str, size: float, width: float, smallest: float = 0.0
) -> tuple[str, float]:
    """Shrink the font (to 60%, never below `smallest`), then cut the text,
    until it fits `width`."""
    if width <= 0:
        return "", size
    fitted = size
    room = width + FIT_SLACK
    while text_width(text, font, fitted) > room and fitted > max(size * 0.6, smallest):
        fitted -= STEP
    if text_width(text, font, fitted) <= room:
        return text, fitted
    while text and text_width(text + "…", font, fitted) > width:
        text = text[:-1]
    return text + "…", fitted


def _runs(
    words: Iterable[str], font: str, size: float, width: float
) -> list[tuple[str, list[str]]]:
    """`words` set line by line, as many on each line as fit `width`: each
    line, and its words and pieces as given (a piece of a word that follows
    the one before without a space starts with GLUED)."""
    runs: list[tuple[str, list[str]]] = []
    line, run = "", []
    for word in words:
        glued = word.startswith(GLUED)
        bare = word.removeprefix(GLUED)
        trial = f"{line}{'' if glued else ' '}{bare}" if run else bare
        if not run or text_width(trial, font, size) <= width:
            line, run = trial, [*run, word]
        else:
            runs.append((line, run))
            line, run = bare, [word]
    if run:
        runs.append((line, run))
    return runs


def _joined(pieces: Sequence[str]) -> str:
    """Words and pieces on one line: words apart by a space, pieces of one
    word by nothing."""
    line = ""
    for index, piece in enumerate(pieces):
        space = "" if not index or piece.startswith(GLUED) else " "
        line = f"{line}{space}{piece.removeprefix(GLUED)}"
    return line


def _wrapped(words: Iterable[str], font: str, size: float, width: float) -> list[str]:
    """`words` set line by line, as many on each line as fit `width`: words
    apart by a space; pieces of one word (`heading_pieces`) by nothing."""
    return [line for line, _run in _runs(words, font, size, width)]


# Marks a piece of a heading's word that follows the one before without a space.
GLUED = "\x00"
# A heading's word may end a line after a dash or a slash between two words
# ("won–lost", "wygrane–przegrane"), as a typesetter would break it.
BREAK_AFTER = re.compile(r"(?<=[–—/])(?=\w)")


def heading_pieces(text: str) -> list[str]:
    """A heading's words, each split after a dash or slash inside it; a
    piece that follows its word's last piece without a space starts with
    GLUED. A number stays with the word before it ("rozdaje:" over
    "miejsce 1", never "rozdaje: miejsce" over a lone "1"); where that
    widens a column, printing.grid_columns finds the room (a prediction
    sheet's headings stay at 9 pt: printing.prediction_layout)."""
    return list(_heading_pieces(str(text)))


# A grid's columns are fitted by trying their headings many times over.
@lru_cache(maxsize=4096)
def _heading_pieces(text: str) -> tuple[str, ...]:
    pieces: list[str] = []
    for word in line_words(held_numbers(printable_text(text))):
        parts = BREAK_AFTER.split(word)
        pieces.append(parts[0])
        pieces += [GLUED + part for part in parts[1:]]
    return tuple(pieces)


def _broken(word: str, font: str, size: float, width: float) -> list[str]:
    """A word wider than `width` in pieces that fit, each but the last ending in a hyphen."""
    pieces = []
    rest = word
    while len(rest) > 1 and text_width(rest, font, size) > width:
        cut = len(rest) - 1
        while cut > 1 and text_width(rest[:cut] + "-", font, size) > width:
            cut -= 1
        pieces.append(rest[:cut] + "-")
        rest = rest[cut:]
    pieces.append(rest)
    return pieces


@lru_cache(maxsize=4096)
def heading_lines(
    text: str,
    font: str,
    size: float,
    width: float,
    most: int = 2,
    smallest: float = SMALLEST_HEADING,
) -> tuple[tuple[str, ...], float]:
    """(lines, size) of a heading in a cell `width` wide: on one line at
    `size` or smaller down to `smallest` (8 pt); else on two (up to `most`)
    lines; where even `smallest` on `most` lines is too wide, at `smallest`
    on as many lines as it takes (a long word broken)."""
    words = heading_pieces(text)
    if not words:
        return (), size
    # A word measured to fit its column exactly fits it ("Место" in a
    # column its width and 2 × 4.8 pt of padding wide came back a hair
    # narrower, and was broken "Мест-" over "о").
    width += FIT_SLACK
    # One line if it fits at the smallest size or more, else two (or `most`), each at the
    # largest size that fits.
    for lines_wanted in range(1, most + 1):
        fitted = max(size, smallest)
        while fitted >= smallest:
            lines = _wrapped(words, font, fitted, width)
            if len(lines) <= lines_wanted and all(
                text_width(line, font, fitted) <= width for line in lines
            ):
                return tuple(lines), fitted
            fitted -= STEP
    pieces = [
        (piece, word.startswith(GLUED))
        for word in words
        for piece in _broken(word.removeprefix(GLUED), font, smallest, width)
    ]
    lines: list[str] = []
    for piece, glued in pieces:
        # A broken word's pieces go on lines of their own.
        if lines and not lines[-1].endswith("-"):
            trial = f"{lines[-1]}{'' if glued else ' '}{piece}"
            if text_width(trial, font, smallest) <= width:
                lines[-1] = trial
                continue
        lines.append(piece)
    return tuple(lines), smallest


def spread(
    needs: Sequence[float],
    shares: Sequence[float],
    width: float,
    wants: Sequence[float] | None = None,
) -> list[float]:
    """Columns' widths in `width`: each at least what it `needs` (its widest
    value), then as much as it `wants` (its heading's longest word): where
    there is not room for every heading whole, every heading but the one
    wanting most more, which takes what is left (or, where even that is too
    little, each in proportion); the rest shared as `shares` share it. Where
    the needs do not all fit, each in proportion to its need."""
    total = sum(needs)
    if total >= width or total <= 0:
        return [need / total * width if total else 0.0 for need in needs]
    widths = list(needs)
    if wants is not None:
        room = width - total
        more = [max(0.0, want - need) for want, need in zip(wants, needs, strict=True)]
        widest = max(range(len(more)), key=more.__getitem__, default=0)
        others = sum(more) - (more[widest] if more else 0.0)
        share = min(1.0, room / sum(more)) if sum(more) else 0.0
        if share < 1 and room - others >= more[widest] * share:
            # Not every heading whole: all but the longest are, and it takes
            # what is left (so one heading breaks, not every one a little).
            given = [0.0 if i == widest else extra for i, extra in enumerate(more)]
            given[widest] = room - others
        else:
            given = [extra * share for extra in more]
        widths = [w + extra for w, extra in zip(widths, given, strict=True)]
    spare = width - sum(widths)
    parts = sum(shares) or 1
    return [w + spare * share / parts for w, share in zip(widths, shares, strict=True)]


@lru_cache(maxsize=1024)
def column_widths(
    needs: tuple[float, ...],
    shares: tuple[float, ...],
    width: float,
    words: tuple[float, ...],
    *,
    size: float,
    smallest: float,
    room: float,
    tight_room: float,
) -> tuple[float, ...]:
    """Columns' widths in `width` so that, wherever the width allows, no
    heading breaks inside a word: each column gets what it `needs` (its
    widest value) and room for its heading's longest word, `words` wide at
    `size`. A typesetter's steps, each only where the one before is not
    enough: the words with `room` beside them (`spread`); with only
    `tight_room`; the widest heading set smaller a step at a time, never
    below `smallest`, then the next widest (grid_columns then sets each at
    the largest size its column allows). Where even that is too narrow,
    `spread` as before (and a heading breaks: no heading of the catalogue
    does on a card, a test proves it)."""

    def wanted(extra: float, scale: float = 1.0) -> list[float]:
        return [word * scale + extra if word else 0.0 for word in words]

    easy = wanted(room)
    if sum(map(max, needs, easy)) <= width or sum(needs) >= width:
        return tuple(spread(needs, shares, width, easy))
    base = [
        max(need, want) for need, want in zip(needs, wanted(tight_room), strict=True)
    ]
    # The widest heading set smaller a step at a time; where it reaches
    # `smallest` and the rest still do not fit, the next widest; and so on.
    for index in sorted(range(len(words)), key=words.__getitem__, reverse=True):
        fitted = size
        while sum(base) > width and fitted - STEP >= smallest - 1e-9:
            fitted -= STEP
            base[index] = max(needs[index], words[index] * fitted / size + tight_room)
        if sum(base) <= width:
            break
    else:
        return tuple(spread(needs, shares, width, easy))
    # What is left goes back towards the easy room, in proportion.
    more = [max(0.0, max(n, e) - b) for n, e, b in zip(needs, easy, base, strict=True)]
    spare = width - sum(base)
    share = min(1.0, spare / sum(more)) if sum(more) else 0.0
    widths = [b + m * share for b, m in zip(base, more, strict=True)]
    rest = width - sum(widths)
    parts = sum(shares) or 1
    return tuple(w + rest * s / parts for w, s in zip(widths, shares, strict=True))


def heading_height(lines: int, size: float) -> float:
    """The height `lines` lines of a heading at `size` take, with a little room."""
    return lines * size * HEADING_LEADING + size * 0.6


def _fits(text: str, font: str, size: float, width: float, most: int) -> bool:
    lines = _wrapped(text.split(), font, size, width)
    return len(lines) <= most and all(
        text_width(line, font, size) <= width for line in lines
    )


def one_size(
    texts: Iterable[str],
    font: str,
    size: float,
    width: float,
    *,
    smallest: float,
    most: int = 1,
) -> float:
    """The largest size, from `size` down to `smallest`, at which every one of
    `texts` fits `width` on at most `most` lines (`smallest` where some never
    do: they are cut)."""
    texts = [printable_text(t) for t in texts if t and t.strip()]
    fitted = size
    while fitted > smallest and not all(
        _fits(t, font, fitted, width, most) for t in texts
    ):
        fitted -= STEP
    return max(fitted, smallest)


# Where a line may break: any white space but a no-break one.
BREAKS = re.compile(r"[^\S\u00a0\u2007\u202f]+")


def line_words(text: str) -> list[str]:
    """`text`'s words as a line may break between them: never at a no-break space."""
    return [word for word in BREAKS.split(printable_text(text)) if word]


def lines_at(text: str, font: str, size: float, width: float, most: int) -> list[str]:
    """`text` on at most `most` lines at `size`, what does not fit cut."""
    lines = _wrapped(line_words(text), font, size, width)
    if len(lines) > most:
        lines = lines[: most - 1] + [" ".join(lines[most - 1 :])]
    return [cut(line, font, size, width) for line in lines]


# A person's name may end a line after a hyphen or dash inside it
# ("Brzęczyszczykiewicz-|Wójtowicz", "Bălănescu-|Țărănescu").
NAME_BREAK = re.compile(r"(?<=[-‐–—])(?=\w)")


def _name_pieces(text: str) -> list[str]:
    pieces = []
    for word in printable_text(str(text)).split():
        parts = NAME_BREAK.split(word)
        pieces.append(parts[0])
        pieces += [GLUED + part for part in parts[1:]]
    return pieces


def name_lines(text: str, font: str, size: float, width: float, most: int) -> list[str]:
    """A name on at most `most` lines at `size`, broken between its words or
    after a hyphen inside one; what does not fit is cut (the last line's
    words and pieces joined as the name has them: no space after a hyphen)."""
    runs = _runs(_name_pieces(text), font, size, width)
    lines = [line for line, _run in runs]
    if len(runs) > most:
        rest = [piece for _line, run in runs[most - 1 :] for piece in run]
        lines = lines[: most - 1] + [_joined(rest)]
    return [cut(line, font, size, width) for line in lines]


def names_size(
    names: Iterable[str],
    font: str,
    size: float,
    width: float,
    height: float,
    *,
    smallest: float,
    leading: float = HEADING_LEADING,
) -> tuple[float, int]:
    """The one size, from `size` down to `smallest`, at which every one of
    `names` fits a cell `width` wide and `height` high, on as many lines as
    the cell holds at that size; and that many lines. A cell that holds two
    or three lines gets them before its names are set smaller."""

    def most(at: float) -> int:
        return max(1, int((height - 2) // (at * leading)))

    names = [printable_text(n) for n in names if n and n.strip()]
    fitted = size
    while fitted > smallest and not all(
        name_fits(n, font, fitted, width, most(fitted)) for n in names
    ):
        fitted -= STEP
    fitted = max(fitted, smallest)
    return fitted, most(fitted)


def name_fits(text: str, font: str, size: float, width: float, most: int) -> bool:
    """Whether a name fits `width` whole at `size` on at most `most` lines,
    broken between its words or after a hyphen inside one (`name_lines`
    would not cut it)."""
    lines = _wrapped(_name_pieces(text), font, size, width)
    return len(lines) <= most and all(
        text_width(line, font, size) <= width + FIT_SLACK for line in lines
    )


def whole_lines(text: str, font: str, size: float, width: float) -> list[str]:
    """A name (or a few words) on as many lines of `width` as it takes at
    `size`, never cut: broken between its words or after a hyphen inside
    one, and only a word wider than a whole line inside it, with a hyphen."""
    lines = []
    for line in _wrapped(_name_pieces(text), font, size, width):
        if text_width(line, font, size) <= width + FIT_SLACK:
            lines.append(line)
        else:  # one word alone, wider than the line
            lines += _broken(line, font, size, width)
    return lines


# The mark between the parts of a sheet's line of facts (club · drive · date).
PART_MARK = " · "


def parted_lines(
    text: str, font: str, size: float, width: float, most: int
) -> list[str]:
    """A line of facts joined by " · " (club · drive · date · page 2) on at
    most `most` lines at `size`: each line as many whole parts as fit, so a
    line breaks between the facts, never inside one (nor after a "·"); a
    part wider than a line on its own wraps between its words; what still
    does not fit is cut, at the end of the last line."""
    text = printable_text(text)
    lines: list[str] = []
    for part in text.split(PART_MARK):
        trial = f"{lines[-1]}{PART_MARK}{part}" if lines else part
        if lines and text_width(trial, font, size) <= width + FIT_SLACK:
            lines[-1] = trial
        else:
            lines += _wrapped(part.split(), font, size, width) or [part]
    if len(lines) > most:
        lines = lines[: most - 1] + [PART_MARK.join(lines[most - 1 :])]
    return [cut(line, font, size, width) for line in lines]


def cut_within(
    whole: str, part: str, font: str, size: float, width: float, smallest: float
) -> str:
    """`whole`, where even at `smallest` it is wider than `width`, with only
    `part` of it (a drive's name) cut, so the rest stays whole: a slip's
    "(continued, part 2 of 13)" is what tells the sheets apart. As given
    where it fits at `smallest` (the drawing shrinks it) or `part` is not
    in it."""
    whole, part = printable_text(whole), printable_text(part)
    low = max(size * 0.6, smallest)
    if not part or part not in whole or text_width(whole, font, low) <= width:
        return whole
    rest = text_width(whole.replace(part, "", 1), font, low)
    return whole.replace(part, cut(part, font, low, max(0.0, width - rest)), 1)


def sentence_lines(
    text: str, font: str, size: float, width: float, most: int
) -> list[str]:
    """A sentence (a slip's note) on at most `most` lines at `size`, as
    ``lines_at`` sets it, each number held to the word before it."""
    return lines_at(held_numbers(printable_text(text)), font, size, width, most)


def cut(text: str, font: str, size: float, width: float) -> str:
    """`text` cut with an ellipsis to fit `width` at `size` (whole if it fits)."""
    text = printable_text(text)
    if text_width(text, font, size) <= width + FIT_SLACK:
        return text
    while text and text_width(text + "…", font, size) > width:
        text = text[:-1]
    return text + "…"


def left_share(
    left: str, left_font: str, right: str, right_font: str, size: float, width: float
) -> float:
    """How much of a line of `width` the text on the left gets, the one on the
    right having the rest: 60% as a rule, but where both fit side by side at
    `size` (a long date in a language's words, or in large print), each gets
    what it needs. Where they do not, the right (a card's date) is kept
    whole, as long as it leaves the left two fifths of the line, and the
    left (the club) is cut ("Пятница, 27 ноября 2…" lost its year)."""
    gap = 4 * mm
    needs_left = text_width(printable_text(left), left_font, size)
    needs_right = text_width(printable_text(right), right_font, size)
    if needs_left + gap + needs_right <= width:
        return max(needs_left + gap, min(width * 0.6, width - needs_right))
    return max(width * 0.4, width - needs_right - gap)


def facts_lines(
    parts: Sequence[str], font: str, size: float, width: float, most: int = 2
) -> list[str]:
    """A line of facts (club · drive · date) at `size`: on one line, else on
    up to `most` broken between the facts (a fact too long for a line wraps
    between its words); where they do not hold it, without the first fact,
    on one line (some of the second cut, never the last)."""
    facts = printable_text(PART_MARK.join(parts))
    if text_width(facts, font, size) <= width:
        return [facts]
    lines = parted_lines(facts, font, size, width, most=most)

    def bare(text: str) -> str:
        return "".join(text.split()).replace(PART_MARK.strip(), "")

    if bare("".join(lines)) == bare(facts):
        return lines
    rest = PART_MARK.join(parts[1:])
    return [cut_within(rest, parts[1], font, size, width, size)]


def room_beside(width: float, word: str, font: str, size: float) -> float:
    """The width a line of a sheet's head has left of `word` set at `size`
    at the right of `width` ("Table 1"), half its size between: at least
    three fifths of the width."""
    taken = text_width(printable_text(word), font, size) + size / 2
    return max(width * 0.6, width - taken)


def head_lines(
    text: str, font: str, size: float, width: float, smallest: float
) -> list[str]:
    """A line of a sheet's head (a club's or drive's name) as it is drawn:
    on one line where it fits `width` shrunk no lower than `smallest` (the
    drawing shrinks it); else on as many lines at `size` as it takes, broken
    between its words, never cut (a long club's name in large print was)."""
    text = printable_text(text)
    size = max(size, smallest)
    if fit(text, font, size, width, smallest)[0] == text:
        return [text]
    return _wrapped(text.split(), font, size, width) or [text]


def roomy_size(text: str, font: str, width: float, usual: float) -> float:
    """A label's or a sheet's club's or date's size on one line `width`
    wide: ROOMY (9 pt) where it fits there whole, else `usual` (the size
    it had: the line is then shrunk, cut or wrapped as before). Large
    print's sizes are its own."""
    edition = current()
    if edition.is_large or usual >= ROOMY:
        return usual
    text = printable_text(text)
    return ROOMY if text_width(text, font, ROOMY) <= width + FIT_SLACK else usual


def drawn_floor(size: float, smallest: float | None = None) -> float:
    """The smallest a string asked at `size` is shrunk to fit (printing.pdf's
    `placed`): the edition's smallest (or `smallest`, below it: a
    large-print heading); in the usual edition, never under 8 pt
    (printing.readable)."""
    edition = current()
    floor = edition.smallest if smallest is None else min(smallest, edition.smallest)
    if not edition.is_large:
        # Not shrunk under 8 pt to fit, read in a dim hall: cut (printing.readable).
        floor = max(floor, min(size, READABLE))
    return floor


def head_leading(size: float) -> float:
    """How far apart the lines of a sheet's head set at `size` are drawn."""
    return max(size, drawn_floor(size)) * HEADING_LEADING


@dataclass(frozen=True)
class HeadPart:
    """A line of a sheet's head (a club's or drive's name) as it is drawn:
    its lines (`head_lines`), their font and size, and how far apart."""

    lines: tuple[str, ...]
    font: str
    size: float
    leading: float

    @property
    def extra(self) -> float:
        """The height its lines take more than one line does: the head
        grows by as much."""
        return (len(self.lines) - 1) * self.leading

    @classmethod
    def one_line(cls, text: str, font: str, size: float) -> HeadPart:
        """`text` on one line as it is (the drawing shrinks or cuts it)."""
        return cls((text,), font, size, head_leading(size))


def head_part(text: str, font: str, size: float, width: float) -> HeadPart:
    """`text` as a line of a sheet's head `width` wide: on one line where it
    fits shrunk no lower than it is drawn (`drawn_floor`), else on as many
    lines as it takes, never cut."""
    lines = head_lines(text, font, size, width, drawn_floor(size))
    return HeadPart(tuple(lines), font, size, head_leading(size))


@dataclass(frozen=True)
class SheetHead:
    """The head of a travel slip or a prediction whist sheet: its kind
    ("Travel slip") over the club's and drive's lines, on as many lines as
    they take in the `room` beside the table's number (at the right, in
    `table_size` type, at most `table_width` wide where given), then the
    date's line, `date_width` wide; `height` is what it takes over the
    sheet's table."""

    kind: str
    table: str
    table_size: float
    table_width: float | None
    room: float
    club: HeadPart
    title: HeadPart
    date: str
    date_width: float
    height: float
    date_size: float = 8.0


def sheet_head(
    *,
    kind: str,
    table: str,
    club: str,
    title: str,
    date: str,
    width: float,
    table_size: float,
    height: float,
    table_share: float | None = None,
    date_across: bool = False,
) -> SheetHead:
    """The head of a sheet `width` wide: the club (9 pt where it fits a
    line, else 8 pt) and the drive's `title` (9 pt, bold) in the room beside
    `table` (`table_size` points, bold, at most `table_share` of the
    width), each on as many lines as it takes; the date's line (9 pt where
    it fits, else 8 pt) under them beside the table's number, or
    (`date_across`) across the whole width. Its `height` is `height` (the
    head's with one line each) and the lines they take more: a club's name
    too long for a line at 9 pt keeps the 8 pt it had, so it takes no more
    lines. Sizes are the usual edition's, scaled by the edition in use."""
    k = current().scale
    room = room_beside(width, table, BOLD, table_size * k)
    club_part = head_part(club, REGULAR, roomy_size(club, REGULAR, room, 8 * k), room)
    title_part = head_part(title, BOLD, 9 * k, room)
    date_width = width if date_across else room
    return SheetHead(
        kind=kind,
        table=table,
        table_size=table_size * k,
        table_width=None if table_share is None else width * table_share,
        room=room,
        club=club_part,
        title=title_part,
        date=date,
        date_width=date_width,
        height=height + club_part.extra + title_part.extra,
        date_size=roomy_size(date, REGULAR, date_width, 8 * k),
    )

"""The ruled lines a sheet's first page draws, read out of the PDF's own
drawing (its content stream, as reportlab writes it: ASCII85 over Flate),
for tests that measure where a printed word stands against its cell's lines
(the words' boxes come from `pdftotext -bbox`, tests/printing/printed.py).

Only the lines matter here: each stroked segment (`m` ... `l` ... `S`) and
each stroked rectangle's edges (`re` ... `S`), with the width they are drawn
at (`w`); text (BT ... ET) and filled shapes (a shaded row) are passed over.
"""

from __future__ import annotations

import base64
import re
import zlib
from dataclasses import dataclass, replace


@dataclass(frozen=True)
class Rule:
    """A straight line as drawn: its ends (PDF points, y upwards) and width."""

    x0: float
    y0: float
    x1: float
    y1: float
    width: float

    @property
    def upright(self) -> bool:
        return abs(self.x0 - self.x1) < 0.01

    def spans(self, y: float) -> bool:
        """Whether the line runs past height `y`."""
        return min(self.y0, self.y1) <= y <= max(self.y0, self.y1)


def _object(data: bytes, number: int) -> bytes:
    found = re.search(rb"(?m)^%d 0 obj\b(.*?)endobj" % number, data, re.S)
    assert found, f"object {number} not found"
    return found.group(1)


def _stream(body: bytes) -> bytes:
    head, _sep, rest = body.partition(b"stream")
    stream = rest.lstrip(b"\r\n").rsplit(b"endstream", 1)[0].strip()
    if b"ASCII85Decode" in head:
        stream = base64.a85decode(stream.removesuffix(b"~>"))
    if b"FlateDecode" in head:
        stream = zlib.decompress(stream)
    return stream


def first_page_drawing(data: bytes) -> str:
    """The drawing operators of a PDF's first page."""
    pages = re.search(rb"/Kids \[\s*(\d+) 0 R", data)
    assert pages, "no page tree"
    page = _object(data, int(pages.group(1)))
    contents = re.search(rb"/Contents (\d+) 0 R", page)
    assert contents, "the first page has no contents"
    return _stream(_object(data, int(contents.group(1)))).decode("latin-1")


NUMBER = re.compile(r"-?\d*\.?\d+$")


def first_page_rules(data: bytes) -> list[Rule]:
    """Every straight line the first page strokes."""
    drawing = re.sub(r"\bBT\b.*?\bET\b", " ", first_page_drawing(data), flags=re.S)
    rules: list[Rule] = []
    operands: list[float] = []
    width = 1.0
    saved: list[float] = []
    start = (0.0, 0.0)
    path: list[Rule] = []
    for token in drawing.split():
        if NUMBER.match(token):
            operands.append(float(token))
            continue
        if token == "w":
            width = operands[-1]
        elif token == "q":
            saved.append(width)
        elif token == "Q" and saved:
            width = saved.pop()
        elif token == "m":
            start = (operands[-2], operands[-1])
        elif token == "l":
            end = (operands[-2], operands[-1])
            path.append(Rule(*start, *end, width))
            start = end
        elif token == "re":
            x, y, w, h = operands[-4:]
            path += [
                Rule(x, y, x, y + h, width),
                Rule(x + w, y, x + w, y + h, width),
                Rule(x, y, x + w, y, width),
                Rule(x, y + h, x + w, y + h, width),
            ]
        elif token in ("S", "s", "B", "B*", "b", "b*"):
            # A path is stroked at the width in force when it is stroked.
            rules += [replace(rule, width=width) for rule in path]
            path = []
        elif token in ("n", "f", "f*", "F"):
            path = []
        operands = []
    return rules

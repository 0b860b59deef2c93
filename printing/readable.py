"""Type a player can read in a dim hall: no string a sheet prints as usual is
set under 8 pt (READABLE), whatever number of cards a page the organiser
chose.

The sizes are read from the PDF itself, as a reader's eye meets them: each
page's drawing instructions are decoded and the font size in force at each
string shown is noted. printing.documents draws a sheet with fewer cards a
page where the number chosen would need smaller type, and says so
(`fewer_per_page`); the tests read sizes the same way.
"""

from __future__ import annotations

import base64
import re
import zlib

# The smallest type a player reads (points), headings larger.
READABLE = 8.0
# The size of the words a player reads once over a box or a column (a score
# card's No., Name and Group, a sheet's club and date, a grid's column
# headings) wherever the sheet has room for it without lower rows or another
# page: older players read them at the table. Where it has not, they keep
# the smaller size they had (never under READABLE).
ROOMY = 9.0
# Cards a page, and the next fewer to try where they would print too small.
FEWER = {4: 2, 2: 1}
# The token of a page's drawing instructions: a string, a name, a number, an
# operator, an array's brackets.
TOKEN = re.compile(
    rb"\((?:\\.|[^\\)])*\)|<[0-9a-fA-F\s]*>|/[^\s/\[\]()<>]+|[-+]?(?:\d+\.?\d*|\.\d+)"
    rb"|[A-Za-z'\"*]+|[\[\]]"
)
SHOWS = {b"Tj", b"TJ", b"'", b'"'}


def page_streams(data: bytes) -> list[bytes]:
    """The decoded drawing instructions of each stream of the PDF that is not
    a font's own file."""
    found = []
    for part in data.split(b"endobj"):
        start = part.find(b"stream")
        if start < 0 or b"/Length1" in part[:start] or b"/Subtype" in part[:start]:
            continue
        head = part[:start]
        begin = start + len(b"stream")
        begin += 2 if part[begin : begin + 2] == b"\r\n" else 1
        length = re.search(rb"/Length (\d+)", head)
        if length is None:
            continue
        body = part[begin : begin + int(length.group(1))]
        if b"/ASCII85Decode" in head:
            body = base64.a85decode(body.strip().removesuffix(b"~>"), adobe=False)
        if b"/FlateDecode" in head:
            body = zlib.decompress(body)
        found.append(body)
    return found


def shown(stream: bytes) -> list[float]:
    """The font size of each (non-empty) string `stream` shows: Tf sets it, q
    and Q save and restore it."""
    sizes: list[float] = []
    size, saved, operands = 0.0, [], []
    for token in TOKEN.findall(stream):
        if token == b"Tf" and operands:
            size = float(operands[-1])
        elif token == b"q":
            saved.append(size)
        elif token == b"Q" and saved:
            size = saved.pop()
        elif token in SHOWS and any(
            t.startswith((b"(", b"<")) and len(t) > 2 for t in operands
        ):
            sizes.append(size)
        if token[:1].isalpha() or token in (b"'", b'"'):
            operands = []
        else:
            operands.append(token)
    return sizes


def sizes_of(data: bytes) -> list[float]:
    """The size of every string the PDF `data` shows."""
    return [size for stream in page_streams(data) for size in shown(stream)]


def smallest_type(data: bytes) -> float:
    """The smallest size any string of the PDF `data` is set at (READABLE
    where it shows none)."""
    return min(sizes_of(data), default=READABLE)


def readable(data: bytes) -> bool:
    return smallest_type(data) >= READABLE - 0.01

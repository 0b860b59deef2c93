"""Text a person may type, and text every download can hold.

Everything the site keeps as text (names, adjustment reasons, labels, a prize
list) was typed by someone: in a form, in a roster file, or on another site and
moved here with `loaddrive`. A person types letters, marks, digits,
punctuation, symbols and spaces. They do not type *control characters* (ESC,
backspace, NUL: the C0 and C1 ranges and DEL), *format characters* (Unicode
category Cf: a byte order mark, zero-width spaces and joiners, direction
marks, which show as nothing), *noncharacters* (U+FFFE,
U+FFFF, U+FDD0..U+FDEF and the last two of every plane) or half of a
surrogate pair: those arrive by accident, in a paste from a terminal or a
damaged file, and they break what the site writes. openpyxl refuses C0
controls in a workbook, XML cannot hold U+FFFE or a surrogate, and a UTF-8
database cannot store a lone surrogate.

- `typed_text` is applied at every input (every text field of every form,
  the roster import, `loaddrive`): it drops those characters, turns a tab or
  line break into a space (names and reasons are one line; a multi-line field
  keeps its line breaks as "\\n"), composes accents (NFC, so "é" typed two
  ways is stored one way) and strips the ends.
- `printable_text` is applied at every output (the workbooks, the CSV, the
  PDFs), so text stored before inputs were cleaned can never break a
  download: it drops the same characters but leaves a tab or line break
  ("\\t", "\\n", "\\r": every file format holds them) where it is, and changes
  nothing else.
"""

from __future__ import annotations

import re
import unicodedata

# Lines as str.splitlines sees them: each becomes "\n" in multi-line text.
LINE_BREAKS = frozenset("\n\r\x0b\x0c\x1c\x1d\x1e\x85\u2028\u2029")
_NONCHARACTERS = "\ufdd0-\ufdef" + "".join(
    f"{chr(plane + 0xFFFE)}{chr(plane + 0xFFFF)}"
    for plane in range(0, 0x110000, 0x10000)
)


# Every character a person does not type: C0, DEL and C1 controls, the line and
# paragraph separators, surrogates, noncharacters (and the format characters,
# _without_format).
_UNTYPED = re.compile(
    "[\x00-\x1f\x7f-\x9f\u2028\u2029\ud800-\udfff" + _NONCHARACTERS + "]"
)
# The category of the format characters: the byte order mark U+FEFF, zero-width
# spaces and joiners, direction marks, the soft hyphen... They show as nothing:
# a name of zero-width spaces looks blank, and "=" behind a byte order mark
# slips past a spreadsheet's formula guard.
FORMAT = "Cf"


def _without_format(text: str) -> str:
    """`text` without format characters, as the running Python's Unicode
    knows them (text a person can see is returned at once: str.isprintable)."""
    if text.isprintable():
        return text
    return "".join(c for c in text if unicodedata.category(c) != FORMAT)


def _in_one_line(match: re.Match[str]) -> str:
    return " " if match.group().isspace() else ""


def _printable(match: re.Match[str]) -> str:
    char = match.group()
    if char in "\t\n\r":
        return char
    return " " if char.isspace() else ""


def _in_lines(match: re.Match[str]) -> str:
    char = match.group()
    if char in LINE_BREAKS:
        return "\n"
    return " " if char.isspace() else ""


def _without_untyped(text: str, *, lines: bool) -> str:
    if lines:
        text = text.replace("\r\n", "\n")
    return _UNTYPED.sub(_in_lines if lines else _in_one_line, text)


def typed_text(text: str, *, lines: bool = False) -> str:
    """`text` as a person may have typed it: one line unless `lines`, NFC, stripped."""
    text = _without_untyped(_without_format(text), lines=lines)
    return unicodedata.normalize("NFC", text).strip()


def printable_text(text: str) -> str:
    """Stored text as a download can hold it: typed text comes back unchanged."""
    text = _without_format(text)
    if _UNTYPED.search(text) is None:
        return text
    return _UNTYPED.sub(_printable, text)

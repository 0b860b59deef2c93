"""Where a printed sentence parts a number from the word before it: read
back from the PDF with `pdftotext -bbox-layout`, a line of a paragraph that
starts with a bare number ("128.", "5,") under a line that ends with a word
("... se ajunge la masa"), so a person reads the number alone; a score
("со счёта" over "0:0.") too. The lines of
one block of pdftotext's are one paragraph's, in one size: the big table
number under "TABLE" is a block of its own, and an address ("Phones open"
over "192.168.1.20:8000") is not a bare number."""

from __future__ import annotations

import re
from collections.abc import Sequence
from html import unescape

from tests.printing.printed import pdf_text

BARE_NUMBER = re.compile(r"\d+(?:[.,:\-–]\d+)?[.,;:!?)»”\"']*")
ENDS_IN_A_LETTER = re.compile(r"[^\W\d_]$")
BLOCK = re.compile(r"<block\b.*?</block>", re.S)
LINE = re.compile(r"<line\b.*?</line>", re.S)
WORD = re.compile(r"<word\b[^>]*>(.*?)</word>", re.S)


def _blocks(data: bytes, tmp_path) -> list[list[list[str]]]:
    """Each page's blocks, each a list of lines, each a list of words."""
    xml = pdf_text(data, tmp_path, mode="-bbox-layout")
    return [
        [
            [unescape(word) for word in WORD.findall(line)]
            for line in LINE.findall(block)
        ]
        for block in BLOCK.findall(xml)
    ]


def parted_numbers(
    data: bytes, tmp_path, within: Sequence[str] | None = None
) -> list[str]:
    """Every place in the PDF where a line starts with a bare number that
    belongs to the word ending the line above it: "masa | 128." each.
    `within`: only where the two lines follow each other in one of these
    sentences (a sheet's notes, a league's rules), for a page where
    pdftotext reads a grid's headings side by side as one block ("5 Free 6
    Blind" over "8 Wist", "dic" over "2026")."""
    said = [" ".join(str(s).split()) for s in within or ()]
    found = []
    for block in _blocks(data, tmp_path):
        lines = [line for line in block if line]
        for above, below in zip(lines, lines[1:], strict=False):
            # pdftotext may keep a no-break space inside a word.
            first = below[0].replace("\u00a0", " ").split()[0]
            last = above[-1].replace("\u00a0", " ").split()[-1]
            if not (BARE_NUMBER.fullmatch(first) and ENDS_IN_A_LETTER.search(last)):
                continue
            if within is None:
                found.append(f"{' '.join(above)} | {' '.join(below)}")
                continue
            # A line of a sentence, not a grid's heading cell's one word
            # ("июня" over "2026" under a drive's column).
            joined = " ".join(" ".join([*above, *below]).split())
            if len(" ".join(above).split()) > 1 and any(joined in s for s in said):
                found.append(f"{' '.join(above)} | {' '.join(below)}")
    return found

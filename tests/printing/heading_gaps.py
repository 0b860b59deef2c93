"""Two columns' headings that stand too close on a printed sheet, read back
with poppler's `pdftotext -bbox`, page by page: on each line of heading
words, two neighbouring words that are not two words of one heading ("Per
drive") must stand at least APART of their size apart (the usual edition's
stand 0.6 of it: 3 pt of padding each side at 10 pt)."""

from __future__ import annotations

import re
from html import unescape

from tests.printing.printed import pdf_text

WORD = re.compile(
    r'<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)<'
)
# Two headings' words stand at least this share of their size apart.
APART = 0.5

Box = tuple[float, float, float, float, str]


def _pages(data: bytes, tmp_path) -> list[list[Box]]:
    """Each page's words with their boxes (left, top, right, bottom, word)."""
    xml = pdf_text(data, tmp_path, mode="-bbox")
    return [
        [
            (float(left), float(top), float(right), float(bottom), unescape(text))
            for left, top, right, bottom, text in WORD.findall(page)
        ]
        for page in xml.split("<page ")[1:]
    ]


def crowded_headings(data: bytes, tmp_path, titles: list[str]) -> tuple[int, list[str]]:
    """How many pairs of two headings' words were measured, and each pair
    of neighbouring words on a line of heading words (words of `titles`
    alone) that are not one heading's and stand closer than APART of their
    size: "турнир|сдачу 6.0 pt at 16.0"."""
    words = {word for title in titles for word in title.split()}
    said = [" ".join(title.split()) for title in titles]
    found, measured = [], 0
    for page in _pages(data, tmp_path):
        lines: dict[float, list[Box]] = {}
        for box in page:
            lines.setdefault(round(box[1], 1), []).append(box)
        for line in lines.values():
            line.sort()
            if len(line) < 2 or not all(box[4] in words for box in line):
                continue
            for left, right in zip(line, line[1:], strict=False):
                if any(f"{left[4]} {right[4]}" in title for title in said):
                    continue
                measured += 1
                size = right[3] - right[1]
                gap = right[0] - left[2]
                if gap < APART * size:
                    found.append(f"{left[4]}|{right[4]} {gap:.1f} pt at {size:.1f}")
    return measured, found

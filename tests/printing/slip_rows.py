"""A travel slip's hand rows read off the PDF (pdftotext -bbox): where each
starts and how tall it is, in points (`MM` a millimetre)."""

from __future__ import annotations

import re

from tests.printing.printed import first_page_boxes

MM = 72 / 25.4


def hand_rows(data: bytes, tmp_path) -> list[tuple[float, float]]:
    """The first page's hand numbers in the slip's first column: (top, size)."""
    xml = first_page_boxes(data, tmp_path)
    words = [
        (float(x), float(top), float(bottom) - float(top), text)
        for x, top, bottom, text in re.findall(
            r'xMin="([\d.]+)" yMin="([\d.]+)" xMax="[\d.]+" yMax="([\d.]+)">([^<]*)<',
            xml,
        )
    ]
    # Under the "Hand" heading, in its column (not a number in the drive's name).
    hand_x, hand_top = next((x, top) for x, top, _size, text in words if text == "Hand")
    return [
        (top, size)
        for x, top, size, text in words
        if text.isdigit()
        and top > hand_top
        and abs(x - hand_x) < 20
        and 1 <= int(text) <= 24
    ]

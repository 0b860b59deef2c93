"""Where a sentence may not break: a number held to the word before it.

A number is held to the word before it ("table 5", "masa 128.", "стола
5,", "со счёта 0:0", "сдача 2,") by a no-break space, which pages and the
printed sheets' DejaVu faces draw as a space: a line never starts with a
bare number that belongs to the word before it, on a narrow phone or on
paper. A bare number: digits, or two runs of them ("1,5", "0-0", "5–8"), and
the marks after it; not an address ("192.168.1.20:8000").

Plain text or a template's escaped output in, the same out: only spaces
change. printing.fitting's ``held_numbers`` is this one rule, for the sheets.
"""

from __future__ import annotations

import re

NO_BREAK = "\u00a0"
HELD_NUMBER = re.compile(
    r"(?<=[^\W\d_]) +(?=\d+(?:[.,:\-–]\d+)?[.,;:!?)»”\"']*(?:\s|$))"
)


def held_numbers(text: str) -> str:
    """`text` with each number held to the word before it."""
    return HELD_NUMBER.sub(NO_BREAK, text)

"""Where a sentence may not break: a number held to the word before it.

A number is held to the word before it ("table 5", "masa 128.", "стола
5,", "со счёта 0:0", "сдача 2,") by a no-break space, which pages and the
printed sheets' DejaVu faces draw as a space: a line never starts with a
bare number that belongs to the word before it, on a narrow phone or on
paper. A bare number: digits, or two runs of them ("1,5", "0-0", "5–8"), and
the marks after it; not an address ("192.168.1.20:8000"). The word may be
a short cut with its full stop or the number sign ("nr. 5", "n. 5", "No. 5",
"№ 5": an entry's number), so "nr." never ends a line before its "5".

A spaced dash (" — ", " – ": Russian "Стол (иначе — тот, …)", Polish "0 –
bez cichych rund") is held to the word before it the same way: Russian
typography never starts a line with one, nor do the other languages' rules.
The site's own sentences carry that no-break space in the catalogues
themselves, so every page, message, printed sheet and workbook has it; a test
(tests/site/test_dashes_held.py) holds every msgstr to ``held_dashes``.

Plain text or a template's escaped output in, the same out: only spaces
change. printing.fitting's ``held_numbers`` is this one rule, for the sheets.
"""

from __future__ import annotations

import re

NO_BREAK = "\u00a0"
_BARE_NUMBER = r"\d+(?:[.,:\-–]\d+)?[.,;:!?)»”\"']*(?:\s|$)"
HELD_NUMBER = re.compile(rf"(?<=[^\W\d_]) +(?={_BARE_NUMBER})")
# A cut of one to three letters and its full stop, or the number sign: the
# whole word before its own space (a longer word and a stop ends a sentence).
HELD_AFTER_CUT = re.compile(rf"(?<![^\W\d_])([^\W\d_]{{1,3}}\.|№) +(?={_BARE_NUMBER})")


# The spaces before a dash between words (an en or em dash with a space or
# the end after it), not a dash that opens the text (a line of dialogue).
HELD_DASH = re.compile(r"(?<=\S)[ \t]+(?=[–—](?:\s|$))")


def held_dashes(text: str) -> str:
    """`text` with each spaced dash held to the word before it."""
    return HELD_DASH.sub(NO_BREAK, text)


def held_numbers(text: str) -> str:
    """`text` with each number held to the word before it."""
    held = HELD_NUMBER.sub(NO_BREAK, text)
    return HELD_AFTER_CUT.sub(rf"\1{NO_BREAK}", held)

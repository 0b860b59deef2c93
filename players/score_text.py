"""A score as a page or a printed sheet shows it: a negative number with the
true minus sign, U+2212 ("−5"), as Russian typography writes it, and Polish,
Romanian, Italian and English print it too; an adjustment with its sign
("+3", "−2"). The one place a score is written for reading: the boards'
rows, the cards, the results sheet and the prediction whist pages call it
(the template filters `score` and `signed`, players.templatetags.score_text).
The bundled PDF font (DejaVu Sans, printing.fonts) has the glyph.

The workbook's cells and the CSV keep plain numbers (a hyphen-minus where
text is needed): a spreadsheet must read them as numbers.
"""

from __future__ import annotations

MINUS = "\N{MINUS SIGN}"


def score_text(value: object) -> str:
    """A score for reading: "−5", "0", "12"; "" for None."""
    if value is None:
        return ""
    text = str(value)
    return MINUS + text[1:] if text.startswith("-") else text


def signed_text(value: object) -> str:
    """A score with its sign, as an adjustment is shown: "+3", "−2", "0"."""
    if value is None:
        return ""
    text = score_text(value)
    return f"+{text}" if value > 0 else text  # type: ignore[operator]

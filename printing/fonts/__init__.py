"""The typeface of every printed sheet: DejaVu Sans, bundled with the code.

Reportlab's built-in fonts cover Western European letters only. DejaVu Sans
(regular and bold, from Debian's fonts-dejavu-core, licence in
``printing/fonts/LICENSE``) covers Polish, Romanian, Czech, German, French,
Greek and Cyrillic names and the four suit symbols, and it is embedded in each
PDF, so a sheet prints the same on any machine.
"""

from __future__ import annotations

import threading
from pathlib import Path

from reportlab.lib.fonts import addMapping
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont

FONT_DIR = Path(__file__).resolve().parent
REGULAR = "DejaVuSans"
BOLD = "DejaVuSans-Bold"

_lock = threading.Lock()
_registered = False


def register_fonts() -> None:
    """Register the two faces with reportlab once per process."""
    global _registered
    if _registered:
        return
    with _lock:
        if _registered:
            return
        pdfmetrics.registerFont(TTFont(REGULAR, str(FONT_DIR / "DejaVuSans.ttf")))
        pdfmetrics.registerFont(TTFont(BOLD, str(FONT_DIR / "DejaVuSans-Bold.ttf")))
        # <b> in a Paragraph picks the bold face.
        addMapping(REGULAR, 0, 0, REGULAR)
        addMapping(REGULAR, 1, 0, BOLD)
        addMapping(REGULAR, 0, 1, REGULAR)
        addMapping(REGULAR, 1, 1, BOLD)
        _registered = True

"""The names of downloaded files: in the page's language, the letters kept.

A file is named by what it holds ("christmas-drive-2026-12-03-scorecards.pdf",
"wigilijny-turniej-2026-12-03-karty-wyników.pdf"): the drive's or season's
name as typed, in lower case with its letters (ł, ș, Cyrillic) kept and
anything else between words a hyphen, then the date and the kind of sheet in
the language of the page; a long name keeps its first SLUG_MAX characters,
so the whole fits on any disk. A browser is given the name as RFC 6266 asks
(`filename*=UTF-8''...`), with a plain ASCII `filename=` beside it for the
few that read no other: the letters transliterated (ł -> l, ж -> zh), not
dropped.
"""

from __future__ import annotations

import re
import unicodedata
from urllib.parse import quote

from django.utils.translation import pgettext_lazy

from players.language import Words

# Translators: the words in the names of downloaded files, lower case, words
# joined by hyphens, letters of the language welcome ("karty-wyników").
FILE_WORDS = Words(
    {
        "scorecards": pgettext_lazy("file name", "scorecards"),
        "blank-cards": pgettext_lazy("file name", "blank-cards"),
        "filled-cards": pgettext_lazy("file name", "filled-cards"),
        "slips": pgettext_lazy("file name", "slips"),
        "tablecards": pgettext_lazy("file name", "tablecards"),
        "results": pgettext_lazy("file name", "results"),
        "score-sheets": pgettext_lazy("file name", "score-sheets"),
        "filled-sheets": pgettext_lazy("file name", "filled-sheets"),
        # Translators: after the kind of sheet, for the large-print edition.
        "large-print": pgettext_lazy("file name", "large-print"),
        # Translators: one player's score card, in the name of the e-mail's PDF.
        "card": pgettext_lazy("file name", "card"),
        "league": pgettext_lazy("file name", "league"),
        # Translators: in a file name when the drive's name has no letters.
        "drive": pgettext_lazy("file name", "drive"),
        "season": pgettext_lazy("file name", "season"),
        "player": pgettext_lazy("file name", "player"),
    }
)

# Letters NFKD does not take apart into a plain letter and accents.
_LATIN = {
    "ł": "l",
    "Ł": "L",
    "đ": "d",
    "Đ": "D",
    "ø": "o",
    "Ø": "O",
    "ß": "ss",
    "æ": "ae",
    "Æ": "AE",
    "œ": "oe",
    "Œ": "OE",
    "þ": "th",
    "Þ": "Th",
    "ı": "i",
}
_CYRILLIC = dict(
    zip(
        "абвгдезийклмнопрстуфыэіґ",
        "abvgdeziyklmnoprstufyeig",
        strict=True,
    )
) | {
    "ё": "yo",
    "ж": "zh",
    "х": "kh",
    "ц": "ts",
    "ч": "ch",
    "ш": "sh",
    "щ": "shch",
    "ъ": "",
    "ь": "",
    "ю": "yu",
    "я": "ya",
    "ї": "yi",
    "є": "ye",
}
_TRANSLITERATION = str.maketrans(
    _LATIN
    | _CYRILLIC
    | {
        upper: value.capitalize()
        for letter, value in _CYRILLIC.items()
        for upper in [letter.upper()]
    }
)


# The most characters of a name (a drive's, a season's, a player's) a file
# name keeps: a drive's name may be 120 letters, and 120 Cyrillic letters are
# 240 bytes, with the date and the kind of sheet more than the 255 bytes a
# file name may have on most disks (and the ASCII fallback, "щ" -> "shch",
# longer still).
SLUG_MAX = 60


def slug(text: str) -> str:
    """ "Wigilijny turniej — Łódź!" -> "wigilijny-turniej-łódź" (letters kept),
    at most SLUG_MAX characters, cut between words where one ends near there."""
    text = unicodedata.normalize("NFC", text).lower()
    text = re.sub(r"[\W_]+", "-", text).strip("-")
    if len(text) <= SLUG_MAX:
        return text
    cut = text[: SLUG_MAX + 1]
    word_end = cut.rfind("-")
    return (cut[:word_end] if word_end > SLUG_MAX // 2 else cut[:SLUG_MAX]).strip("-")


def of_club(filename: str, club_name: str) -> str:
    """The file name led by the club's ("trefl-christmas-drive-...pdf"): for
    a person who runs several clubs, whose two clubs' Christmas drives of one
    evening, or two "league-2026" files, would otherwise share one name and
    one overwrite the other in their downloads."""
    club = slug(club_name)
    return f"{club}-{filename}" if club else filename


def file_word(kind: str) -> str:
    """A kind of file in the page's language ("scorecards", "karty-wyników")."""
    return FILE_WORDS.get(kind, kind)


def named(*parts: str, extension: str) -> str:
    """The parts (already slugs, or words of FILE_WORDS) joined into a file name."""
    return "-".join(part for part in parts if part) + f".{extension}"


def ascii_name(filename: str) -> str:
    """The name in plain ASCII, the letters transliterated: "łódź" -> "lodz",
    "турнир" -> "turnir"."""
    text = unicodedata.normalize("NFKD", filename.translate(_TRANSLITERATION))
    text = "".join(c for c in text if not unicodedata.combining(c))
    text = text.translate(_TRANSLITERATION)  # a letter NFKD uncovered
    text = text.encode("ascii", "ignore").decode("ascii")
    return re.sub(r"-{2,}", "-", re.sub(r"[^A-Za-z0-9.-]+", "-", text))


def content_disposition(filename: str) -> str:
    """The header that has a browser save the file under `filename` (RFC 6266)."""
    fallback = ascii_name(filename)
    if fallback == filename:
        return f'attachment; filename="{filename}"'
    return (
        f'attachment; filename="{fallback}"; '
        f"filename*=UTF-8''{quote(filename, safe='')}"
    )

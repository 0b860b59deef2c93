"""Every line of a table card that carries the hall Wi-Fi's code is printed,
in every format and language, with and without the wrong-address warning, in
large print and as usual one to a page; no two words overlap, no word lies on
a QR code or off the page, and the warning reads as a block across the card,
over its rules. Two and four a page too, the card says where phones go
("Phones open 192.168.1.20:8000"), inside the card.

A large-print prediction drive's card with the Wi-Fi code left its last lines
off (printed.cramped) in Russian and Italian even from the hall's address,
and with the warning in Polish, Romanian and English too: the captain's
caption, in a column little wider than its code, took six lines in Russian,
and the warning, with no room beside two codes in the middle, went under the
codes and the link, over the rules. The two captions stood 4 pt apart, so
poppler (and an eye) read them across as one line ("Kapitanie stolika:
Wi-Fi: Sala-Parafialna"). On a card a page the codes now go to the right
edge with the captain's caption and the address (or the warning) beside them
on the left, the Wi-Fi's caption under them.

Beside two codes the warning then took a column a few words wide and ran on
well under them (Italian, as usual: ten lines of two words); it now goes
across the card, first of its words, where it is longer than the codes are
tall. Two or four a page, the card with the Wi-Fi code never said where
phones go: it says it under the Wi-Fi's caption, beside the captain's
longer one.
"""

from __future__ import annotations

import re
import subprocess
from collections import Counter
from html import unescape

import pytest
from django.utils import translation
from django.utils.translation import gettext
from reportlab.lib.units import mm

from printing import pdf, posters
from tests.printing.printed import PDFTOTEXT, needs_pdftotext
from tests.printing.table_card_fits import (
    FORMATS,
    HALL,
    LANGUAGES,
    OWN,
    drive_of,
    name_groups,
    one_line,
    render_cards,
)

pytestmark = [pytest.mark.django_db, needs_pdftotext]

WIFI_NAME = "Sala-Parafialna"
_WORD = re.compile(
    r'<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">(.*?)</word>'
)
_PAGE = re.compile(r'<page width="([\d.]+)" height="([\d.]+)">')


def _poppler(data: bytes, tmp_path, how: str) -> str:
    path = tmp_path / "cards.pdf"
    path.write_bytes(data)
    done = subprocess.run(
        [PDFTOTEXT, how, "-enc", "UTF-8", str(path), "-"],
        capture_output=True,
        check=True,
        timeout=60,
    )
    return done.stdout.decode("utf-8")


def _texts(data: bytes, tmp_path) -> list[str]:
    """Each page's words in the order they are drawn, on one line: a
    paragraph's lines one after the other, wherever they stand."""
    return [one_line(page) for page in _poppler(data, tmp_path, "-raw").split("\f")]


def _words(data: bytes, tmp_path) -> list[tuple[float, float, list]]:
    """Each page's width, height and words, (x0, top, x1, bottom, word),
    measured from the page's top left, as poppler reads them."""
    html = _poppler(data, tmp_path, "-bbox")
    out = []
    for chunk in html.split("<page ")[1:]:
        width, height = map(float, _PAGE.match("<page " + chunk).groups())
        words = [
            (float(a), float(b), float(c), float(d), unescape(w))
            for a, b, c, d, w in _WORD.findall(chunk)
        ]
        out.append((width, height, words))
    return out


def _apart(a, b, slack: float = 0.5) -> bool:
    """Two boxes (x0, top, x1, bottom) that do not overlap (by more than
    `slack` points: poppler's boxes of two lines' words touch)."""
    return (
        a[2] <= b[0] + slack
        or b[2] <= a[0] + slack
        or a[3] <= b[1] + slack
        or b[3] <= a[1] + slack
    )


def _ink(word):
    """A word's box where its letters are: poppler's box runs from the
    font's ascent to its descent (DejaVu: 0.93 and 0.24 of the size), so a
    big table number's box reaches into the code under it, whose digits
    stop at the line."""
    x0, top, x1, bottom, text = word
    size = (bottom - top) / 1.164
    line = top + 0.928 * size
    low = 0 if text.isdigit() or text.isupper() else 0.24 * size
    return (x0, line - 0.76 * size, x1, line + low, text)


def _overlaps(width, height, words, squares) -> list[str]:
    found = []
    words = [_ink(word) for word in words]
    for i, word in enumerate(words):
        if word[0] < 0 or word[1] < 0 or word[2] > width or word[3] > height:
            found.append(f"{word[4]!r} off the page")
        for other in words[i + 1 :]:
            if not _apart(word, other):
                found.append(f"{word[4]!r} over {other[4]!r}")
        for x, y, size in squares:
            square = (x, height - y - size, x + size, height - y)
            if not _apart(word, square):
                found.append(f"{word[4]!r} on a QR code")
    return found


def _wifi_drive(club, format: str):
    """The format's drive, with the hall's Wi-Fi."""
    drive = drive_of(club, format)
    drive.wifi_name, drive.wifi_password = WIFI_NAME, "brydz2026"
    drive.save(update_fields=["wifi_name", "wifi_password"])
    return drive


def _lines(card) -> list[str]:
    """What a person at the table must find on the card, each whole: where
    phones go (or that no phone can go there) too."""
    lines = [card.link_caption, card.wifi_caption, *card.instructions]
    lines.append(card.deals or card.trumps_text)
    lines.append(card.address_caption)
    return [one_line(line) for line in lines]


def _block(words, text: str):
    """The box (x0, top, x1, bottom) of `text`'s words, found in order
    (poppler may read a line beside them in between); None where they are
    not all there."""
    want = one_line(text).split()
    run = []
    for word in words:
        if len(run) < len(want) and word[4] == want[len(run)]:
            run.append(word)
    if len(run) < len(want):
        return None
    return (
        min(w[0] for w in run),
        min(w[1] for w in run),
        max(w[2] for w in run),
        max(w[3] for w in run),
    )


@pytest.mark.parametrize("format", FORMATS)
def test_every_line_of_every_card_with_the_wifi_code_is_printed(
    club, tmp_path, drawn, format
):
    drive = _wifi_drive(club, format)
    missing, cramped, overlaps, narrow = [], [], [], []
    for language in LANGUAGES:
        name_groups(drive, language)
        for edition in ("large", "standard"):
            for base in (HALL, OWN):
                for kept in ("codes", "numbers", "squares"):
                    drawn[kept].clear()
                printed = render_cards(drive, language, base, edition=edition)
                where = f"{language} {edition} {'own' if base == OWN else 'hall'}"
                if printed.cramped:
                    cramped.append(where)
                cards = drawn["cards"]
                read = _words(printed.data, tmp_path)
                texts = _texts(printed.data, tmp_path)
                assert len(read) == len(cards) > 0, where
                assert all(card.wifi for card in cards)
                for page, (card, (width, height, words), text) in enumerate(
                    zip(cards, read, texts[: len(read)], strict=True), start=1
                ):
                    here = f"{where}, table {card.table}"
                    with translation.override(language):
                        lines = _lines(card)
                        # The rules' first words: the trumps' or the deals' heading.
                        rules = gettext(
                            "Deals of each game:"
                            if card.deals
                            else "Trumps, hand by hand:"
                        ).split()[0]
                        address = card.address_caption
                        warning = address.split()[0]
                    missing += [
                        f"{here}: {line[:60]!r}" for line in lines if line not in text
                    ]
                    if "".join(card.url.split()) not in "".join(text.split()):
                        missing.append(f"{here}: the link")
                    squares = [s[1:] for s in drawn["squares"] if s[0] == page]
                    assert len(squares) == 2, here
                    overlaps += [
                        f"{here}: {o}" for o in _overlaps(width, height, words, squares)
                    ]
                    if card.unreachable:
                        # The warning over the rules, read as lines across
                        # the card: not a column a word or two wide running
                        # on under the codes.
                        tops = {w[4]: w[1] for w in reversed(words)}
                        assert tops[warning] < tops[rules], here
                        box = _block(words, address)
                        assert box is not None, here
                        x0, top, x1, bottom = box
                        if x1 - x0 < 2 * (bottom - top):
                            narrow.append(
                                f"{here}: {x1 - x0:.0f} by {bottom - top:.0f}"
                            )
                assert min(drawn["numbers"]) >= posters.SMALLEST_NUMBER - 0.01, where
                assert min(drawn["codes"]) >= posters.SMALLEST_QR_MM * mm - 0.01, where
    assert cramped == []
    assert missing == []
    assert overlaps == []
    assert narrow == []


# The shortest rules and the longest: the codes and their captions are the
# same on every card, and what the rules leave them is what may be short.
SMALL_CARDS = ("progressive", "prediction")


@pytest.mark.parametrize("format", SMALL_CARDS)
def test_two_or_four_cards_a_page_say_where_phones_go(club, tmp_path, drawn, format):
    drive = _wifi_drive(club, format)
    cramped, missing, outside, overlaps = [], [], [], []
    for language in LANGUAGES:
        name_groups(drive, language)
        for per_page in (2, 4):
            drawn["squares"].clear()
            printed = render_cards(drive, language, HALL, per_page=per_page)
            where = f"{language}, {per_page} a page"
            if printed.cramped:
                cramped.append(where)
            # Four a page may print two (documents.render): the slots drawn.
            drawn_per_page = printed.per_page or per_page
            cards = drawn["cards"]
            read = _words(printed.data, tmp_path)
            texts = _texts(printed.data, tmp_path)
            assert len(read) == -(-len(cards) // drawn_per_page), where
            for page, (width, height, words) in enumerate(read, start=1):
                on_page = cards[(page - 1) * drawn_per_page : page * drawn_per_page]
                slots = pdf.slots((width, height), drawn_per_page)
                squares = [s[1:] for s in drawn["squares"] if s[0] == page]
                assert len(squares) == 2 * len(on_page), where
                overlaps += [
                    f"{where}: {o}" for o in _overlaps(width, height, words, squares)
                ]
                for card, slot in zip(on_page, slots, strict=False):
                    here = f"{where}, table {card.table}"
                    with translation.override(language):
                        line = one_line(card.address_caption)
                    if texts[page - 1].count(line) < len(on_page):
                        missing.append(f"{here}: {line!r}")
                    # Its words within the card's own slot, poppler's box
                    # measured from the page's top.
                    inside = Counter(
                        w[4]
                        for w in words
                        if w[0] >= slot.x
                        and w[2] <= slot.x + slot.width
                        and w[1] >= height - slot.y - slot.height
                        and w[3] <= height - slot.y
                    )
                    if Counter(line.split()) - inside:
                        outside.append(here)
    assert cramped == []
    assert missing == []
    assert outside == []
    assert overlaps == []

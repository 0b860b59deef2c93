"""The organiser prints the movement page from the browser (Ctrl+P) to pin on
the hall's notice board. A long evening's grid is wider than the paper: the
browser's print showed the first ten rounds or so and clipped the rest at the
page's edge. Printed now (Chromium's own PDF, the page's print media), every
round's column and every table's and player's row is on the paper, inside
the page, in type no smaller than 9 pt, without the site's navigation, in
English and in Russian (the longest words): a progressive drive's tables by
round, an individual drive of 40 and a partners drive."""

from __future__ import annotations

import os
import re
import subprocess
from pathlib import Path
from urllib.parse import urlsplit

import pytest
from playwright.sync_api import Page, expect

from tests.e2e.sign_in import log_in
from tests.factories import (
    drive_with_players,
    olive,
    play_drive,
)

# 9 pt, in CSS pixels (96 a inch).
NINE_POINTS_PX = 12.0
# The margins of Chromium's print dialog ("Default").
MARGINS = {side: "0.4in" for side in ("top", "right", "bottom", "left")}
# The drive's round letter, as its column heads write it ("R7", «Т7»).
ROUND_LETTER = {"en-gb": "R", "ru": "Т"}
WORD = re.compile(
    r'<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)</word>'
)


def _progressive():
    # Ten tables and 24 rounds, all seated: "13 и 10 против 1 и 6" in each cell.
    drive = drive_with_players(players=40, format="progressive", hands=24)
    return play_drive(drive)


def _individual():
    # A preview of the whole evening: 40 players over 39 rounds.
    return drive_with_players(players=40, format="individual", hands=39, start=False)


def _partners():
    return drive_with_players(players=24, format="partners", hands=24, start=False)


DRIVES = {"progressive": _progressive, "individual": _individual, "partners": _partners}


def origin(url: str) -> str:
    """The site's root, where a cookie set holds for every page."""
    parts = urlsplit(url)
    return f"{parts.scheme}://{parts.netloc}/"


def _pdf_words(
    path: Path,
) -> tuple[list[tuple[float, float, float, float, str]], float, float]:
    """Every word of the PDF with its box, and the page's width and height."""
    xml = subprocess.run(
        ["pdftotext", "-bbox", str(path), "-"],
        check=True,
        capture_output=True,
        text=True,
    ).stdout
    size = re.search(r'<page width="([\d.]+)" height="([\d.]+)"', xml)
    words = [
        (float(a), float(b), float(c), float(d), text)
        for a, b, c, d, text in WORD.findall(xml)
    ]
    return words, float(size.group(1)), float(size.group(2))


@pytest.mark.e2e
@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("language", ["en-gb", "ru"])
@pytest.mark.parametrize("kind", sorted(DRIVES))
def test_the_printed_movement_has_every_round_and_row(
    page: Page, kind: str, language: str, tmp_path: Path
) -> None:
    drive = DRIVES[kind]()
    olive(drive.club)
    page.goto(f"/drives/{drive.pk}/movement/")
    log_in(page)
    page.context.add_cookies(
        [{"name": "django_language", "value": language, "url": origin(page.url)}]
    )
    # To the movement page as an organiser goes, by the drive's menu: a boosted
    # click, which swaps the page's body and brings its print style sheet.
    page.goto(f"/drives/{drive.pk}/")
    expect(page.locator("html")).to_have_attribute("lang", language)
    menu = page.locator("nav.drive-nav")
    if menu.locator("summary").is_visible():
        menu.locator("summary").click()  # folded on a phone
    menu.locator(f'a[href="/drives/{drive.pk}/movement/"]').click()
    expect(page).to_have_url(re.compile(rf"/drives/{drive.pk}/movement/$"))
    expect(page.locator("table.movement").first).to_be_visible()
    page.wait_for_function(
        "() => [...document.styleSheets].some(s => (s.href || '').includes('print.css'))"
    )
    # On screen each grid is one strip of blocks of rounds, side by side, each
    # block with its row headers.
    grid, paths = page.locator(".movement-blocks").all()
    blocks = grid.locator("table.movement")
    rounds = grid.locator("thead th").count() - blocks.count()
    tables = blocks.first.locator("tbody tr").count()
    names = (
        paths.locator("table.movement")
        .first.locator("tbody tr td:nth-child(2)")
        .all_inner_texts()
    )
    top = [box["y"] for box in (t.bounding_box() for t in blocks.all())]
    assert blocks.count() >= 3 and len(set(top)) == 1, top
    assert rounds >= 24 and tables >= 6 and len(names) >= 24, (rounds, tables, names)

    page.emulate_media(media="print")
    expect(page.locator(".drive-nav")).to_be_hidden()
    expect(page.locator(".site-header")).to_be_hidden()
    smallest = page.evaluate(
        """() => Math.min(...[...document.querySelectorAll('table.movement th, table.movement td')]
            .filter(cell => cell.offsetParent !== null)
            .map(cell => parseFloat(getComputedStyle(cell).fontSize)))"""
    )
    assert smallest >= NINE_POINTS_PX, smallest

    pdf = tmp_path / f"movement-{kind}-{language}.pdf"
    page.pdf(path=str(pdf), format="A4", print_background=True, margin=MARGINS)
    if keep := os.environ.get("MOVEMENT_PRINT_KEEP"):
        (Path(keep) / pdf.name).write_bytes(pdf.read_bytes())
    words, width, height = _pdf_words(pdf)
    # Nothing beyond the paper's edge.
    outside = [w for w in words if w[0] < 0 or w[2] > width or w[3] > height]
    assert not outside, outside[:10]
    texts = [w[4] for w in words]
    letter = ROUND_LETTER[language]
    # Every round's column head, in the tables' grid and in the players'.
    for number in range(1, rounds + 1):
        assert texts.count(f"{letter}{number}") >= 2, (letter, number)
    # Every table's row head, and every player by name.
    text = " ".join(texts)
    for table in range(1, tables + 1):
        assert str(table) in texts, table
    for name in names:
        assert all(part in texts for part in name.split()), name
    # The site's menus and buttons are not on the paper.
    menu = page.evaluate(
        "() => document.querySelector('.drive-nav summary')?.innerText || ''"
    )
    assert not menu or menu.split(":")[0].strip() not in text

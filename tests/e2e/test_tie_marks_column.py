"""The tie-break mark on the standings tables of a finished 120-player evening
(places 1..9, 10..99 and 100 and over, a tie-break deciding many of them), in
each of the five languages: on the organiser's results page, the public one
and the organiser's leaderboard, on a 360 px phone and a laptop, with the
text at its usual size and at 200 %, every place's figures stand in one
column, marked or not (their right edges where the column is right-aligned,
their left where the large type lays the places out left-aligned); each mark
stays inside its place's cell, clear of every other cell (the * took room
after its place's figures, so a marked place stood a mark's width left of an
unmarked one). And the projector's board of the same evening: a three-figure
place's mark stays clear of the number's box beside it at 1280 x 720 and
1920 x 1080 (at 100* it reached 4 px into it)."""

from __future__ import annotations

import io
import os
from pathlib import Path

import pytest
from django.core.management import call_command
from playwright.sync_api import expect

from drive import services as drive_services
from drive.models import Drive
from tests.e2e.conftest import TIMEOUT_MS, larger_text
from tests.e2e.sign_in import PASSWORD, log_in
from tests.factories import MembershipFactory, UserFactory

pytestmark = pytest.mark.e2e

# Each standings table's rows as laid out: the place's figures' box (the text
# before the mark), the side the column aligns them to, the mark's box, and
# whether the mark is inside its cell and clear of every other cell shown.
ROWS = """() => [...document.querySelectorAll('table.standings')].map((table) =>
  [...table.tBodies[0].rows].filter((row) => row.cells.length > 1).map((row) => {
    const cell = row.cells[0];
    const range = document.createRange();
    range.selectNodeContents(cell.firstChild);
    const figures = range.getBoundingClientRect();
    const sign = cell.querySelector('.tie-mark > [aria-hidden]');
    let clear = true;
    if (sign) {
      range.selectNodeContents(sign);
      const mark = range.getBoundingClientRect();
      const own = cell.getBoundingClientRect();
      clear = mark.width > 0 && mark.left >= own.left - 0.5 && mark.right <= own.right + 0.5
        && [...row.cells].slice(1).every((other) => {
          const box = other.getBoundingClientRect();
          return box.width === 0 || mark.right <= box.left + 0.5 || mark.left >= box.right - 0.5
            || mark.bottom <= box.top + 0.5 || mark.top >= box.bottom - 0.5;
        });
    }
    const left = getComputedStyle(cell).textAlign === 'left';
    return {
      place: cell.firstChild.textContent,
      marked: !!sign,
      edge: Math.round((left ? figures.left : figures.right) * 10) / 10,
      side: left ? 'left' : 'right',
      clear,
    };
  }))"""

# The projector's rows, every page of them shown at once (each row is a grid
# of its own, so its cells stand as on its page): each marked place's mark's
# right edge against the number's box beside it.
PROJECTOR = """() => {
  const rows = [...document.querySelectorAll('#projector ol.projector-board li')];
  rows.forEach((row) => { row.hidden = false; });
  return rows.filter((row) => row.querySelector('.tie-mark')).map((row) => {
    const range = document.createRange();
    range.selectNodeContents(row.querySelector('.tie-mark > [aria-hidden]'));
    return {
      place: row.querySelector('.rank').firstChild.textContent,
      into: range.getBoundingClientRect().right
        - row.querySelector('.no').getBoundingClientRect().left,
    };
  });
}"""

PHONE = {"width": 360, "height": 740}
LAPTOP = {"width": 1366, "height": 768}


def evening(language: str) -> Drive:
    out = io.StringIO()
    call_command(
        "demo",
        *("--language", language, "--players", "120", "--hands", "24"),
        *("--seed", "7"),
        stdout=out,
    )
    drive = Drive.objects.get(pk=int(out.getvalue().splitlines()[-1].split()[-1]))
    MembershipFactory(
        club=drive.club, user=UserFactory(username="tess", password=PASSWORD)
    )
    return drive_services.public_link_set(drive=drive, shared=True)


def keep_view(page, name: str) -> None:
    """The screen around the first three-figure marked place as name.png,
    when E2E_SCREENSHOTS is set (a whole page of three boards of 120 is too
    large a picture)."""
    if folder := os.environ.get("E2E_SCREENSHOTS"):
        page.evaluate(
            """() => { const mark = [...document.querySelectorAll('.tie-mark')]
              .find((m) => m.parentNode.firstChild.textContent.length > 2);
              mark.scrollIntoView({block: 'center'}); }"""
        )
        Path(folder).mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(Path(folder) / f"{name}.png"))


def check_column(tables: list, where: str) -> None:
    """Every table's places in one column, marked or not, each mark clear."""
    rows = [row for table in tables for row in table]
    marked = {len(row["place"]) for row in rows if row["marked"]}
    assert marked == {1, 2, 3}, (where, marked)
    assert any(not row["marked"] for row in rows), where
    for table in tables:
        edges = {(row["side"], row["edge"]) for row in table}
        assert len(edges) == 1, (where, sorted(edges))
    assert all(row["clear"] for row in rows), (
        where,
        [row for row in rows if not row["clear"]][:5],
    )


@pytest.mark.parametrize("language", ["en-gb", "pl", "ru", "ro", "it"])
def test_marked_places_stand_in_the_column(browser, live_server, language) -> None:
    drive = evening(language)
    context = browser.new_context(
        base_url=live_server.url, locale=language, viewport=PHONE, bypass_csp=True
    )
    context.set_default_timeout(TIMEOUT_MS)
    # Pages of 120 players: written in seconds on a busy test machine (the
    # projector's took over ten once, with three other runs at once).
    context.set_default_navigation_timeout(6 * TIMEOUT_MS)
    context.add_cookies(
        [{"name": "django_language", "value": language, "url": live_server.url}]
    )
    page = context.new_page()
    log_in(page, "tess")
    pages = {
        "results": f"/drives/{drive.pk}/results/",
        "public-results": f"/p/{drive.public_key}/results/",
        "leaderboard": f"/drives/{drive.pk}/leaderboard/",
    }
    for name, url in pages.items():
        page.set_viewport_size(PHONE)
        page.goto(url)
        expect(page.locator("table.standings .tie-mark").first).to_be_attached()
        for size in (100, 200):
            if size == 200:
                larger_text(page, 200)
            for screen in (PHONE, LAPTOP):
                page.set_viewport_size(screen)
                where = f"{name} {language} {screen['width']} px {size} %"
                check_column(page.evaluate(ROWS), where)
                keep_view(page, f"tie-marks-{name}-{language}-{screen['width']}-{size}")

    for width, height in ((1280, 720), (1920, 1080)):
        page.set_viewport_size({"width": width, "height": height})
        page.goto(f"/drives/{drive.pk}/projector/")
        expect(page.locator("#projector ol.projector-board li")).to_have_count(120)
        page.wait_for_function(
            "() => document.querySelector('#projector ol.projector-board').fitted"
        )
        marks = page.evaluate(PROJECTOR)
        assert any(len(mark["place"]) == 3 for mark in marks), marks
        assert all(mark["into"] <= 0 for mark in marks), (
            width,
            [mark for mark in marks if mark["into"] > 0],
        )
        keep_view(page, f"tie-marks-projector-{language}-{width}")
    context.close()

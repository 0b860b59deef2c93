"""The players line, who sits where ("N-S 15 & 10  E-W 3 & 8", through the
sides filter), on the organiser's score grid and on each table's card in the
room, on a 360 px phone in large type (zoomed to 200 % and with its text at
200 %), in all five languages: its words whole, each side's label with both
its players on one line, inside its box. The grid's line broke inside a pair
("N-S 15 &" over "10", "С-Ю 5 и" over "18", "E-W 3 i" over "8") at either
size, and where it broke between the sides, the second was set in from the
line's start or under an empty line. The room's cards are wide enough that
its line did not break so; it is held the same way (8a40b8bb)."""

from __future__ import annotations

import pytest

from tests.e2e.conftest import keep_screenshot
from tests.e2e.large_type import WAYS, each_language, large_type_phone
from tests.e2e.sign_in import log_in
from tests.e2e.words_fit import PARTED, SPLIT
from tests.factories import ClubFactory, drive_with_players, olive, play_round

pytestmark = pytest.mark.e2e


# Where a players line is read: the page, its lines and their box.
PLACES = {
    "scores": (".grid .who", "td"),
    "room": (".room-table .who", ".room-table"),
}


@pytest.mark.parametrize("way", WAYS)
@pytest.mark.parametrize("where", tuple(PLACES))
def test_the_players_line_reads_whole(phone, live_server, way, where) -> None:
    """The score grid's line and the room's line on each table's card."""
    club = ClubFactory()
    olive(club)
    # Five tables, entry numbers up to 20: two figures in most pairs.
    drive = drive_with_players(players=20, club=club)
    play_round(drive)
    page = large_type_phone(phone, way)
    url = f"/drives/{drive.pk}/{where}/"
    page.goto(url)
    log_in(page)
    lines, box = PLACES[where]
    found = {}
    for language in each_language(page, url, way, cookie_url=live_server.url):
        keep_screenshot(page, f"players-line-{where}-{way}-{language}")
        assert page.locator(lines).count() == 5
        assert page.locator(f"{lines} .side-held").count() == 10
        wrong = [
            *page.evaluate(SPLIT, [lines, []]),
            *page.evaluate(PARTED, [lines, box]),
        ]
        if wrong:
            found[f"{way} {language}"] = wrong
    assert found == {}, "\n".join(f"{k}: {v}" for k, v in found.items())

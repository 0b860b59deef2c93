"""A link drawn as a button has its words in its middle, as a <button> has.

A .button link is an inline-block at least 2.8rem tall (site.css). Where its
type is smaller than that height leaves room for (large type's container
rules set it to min(1rem, 9cqi)) or its words need no more than one line,
the room the min-height adds went under the words: they sat at the top of the
box, as a <button>'s never do ("Enter scores for round 2" on the seating page,
"No, keep them" at the door beside "Yes, remove"). Measured on a 360 px phone
in large type, by zoom and by the text's size, on the organiser's pages with
such links; the words as shown keep every space they are written with."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from drive import services as drive_services
from tests.e2e.button_words import SPACES, UNEVEN
from tests.e2e.conftest import keep_screenshot, larger_text
from tests.e2e.large_type import WAYS, large_type_phone
from tests.e2e.sign_in import log_in
from tests.factories import (
    ClubFactory,
    PlayerFactory,
    drive_with_players,
    olive,
    play_drive,
    play_round,
)

pytestmark = pytest.mark.e2e

LINKS = "main a.button"


def wrong_links(page: Page, way: str) -> list[str]:
    if way == "text":
        larger_text(page, 200)
    count = page.locator(LINKS).count()
    assert count, page.url
    return [*page.evaluate(UNEVEN, LINKS), *page.evaluate(SPACES, LINKS)]


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("way", WAYS)
def test_a_link_buttons_words_sit_in_its_middle_in_large_type(phone, way) -> None:
    club = ClubFactory()
    olive(club)
    playing = drive_with_players(players=10, club=club, hands=4)
    play_round(playing)
    finished = play_drive(drive_with_players(players=8, club=club, hands=2))
    door = drive_with_players(players=0, club=club, start=False)
    drive_services.entry_register(
        drive=door, player=PlayerFactory(club=club, name="Alice Archer"), group="A"
    )
    page = large_type_phone(phone, way)
    page.goto("/drives/")
    log_in(page)
    found = {}
    for name, path in {
        "drive": f"/drives/{playing.pk}/",
        "seating": f"/drives/{playing.pk}/seating/",
        "room": f"/drives/{playing.pk}/room/",
        "prizes": f"/drives/{finished.pk}/prizes/",
    }.items():
        page.goto(path)
        if wrong := wrong_links(page, way):
            found[name] = wrong
        keep_screenshot(page, f"link-buttons-{name}-{way}")
    # The door asks before it removes a player: "No, keep them" is a link
    # beside the button "Yes, remove".
    page.goto(f"/drives/{door.pk}/entries/")
    if way == "text":
        larger_text(page, 200)
    row = page.locator("#entry-1")
    row.get_by_role("button", name="Remove", exact=True).click()
    expect(row.get_by_role("link", name="No, keep them")).to_be_visible()
    keep_screenshot(page, f"link-buttons-door-{way}")
    door_links = "table.entries .ask-remove :is(a.button, button)"
    if wrong := [*page.evaluate(UNEVEN, door_links), *page.evaluate(SPACES, LINKS)]:
        found["door"] = wrong
    assert found == {}, "\n".join(f"{k}: {v}" for k, v in found.items())

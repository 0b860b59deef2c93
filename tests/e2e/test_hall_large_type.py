"""The pages read on a phone in the hall, in large type on the smallest phone
(320 px): the player's own view of the shared board, the results, the
captain's page at the end, the seating and the door. Large type two ways, as
a phone makes it: its text size at 200 % (the root's font doubled) and its
page zoomed to 200 % (a 160 px wide screen of larger pixels).

The board's media queries in rem saw only the zoom: with the text doubled the
standings gave each name a column three letters wide ("Да|рья"), the total
was off the screen in the board's scrolling box, and the "find me" box's
number field passed the screen's edge (the page 349 px wide). The captain's
"See the results" at the end, the seating's cards and its table by player,
and the door's Register button each made the page scroll sideways (404, 787
and 476 px).

Now, in Russian and Polish: the page never scrolls sideways, no control
passes the screen's edge, and on the boards each name has the board's whole
width with its total on the screen.

On the captain's page the hand's number and its trumps are on the first
screen: with the hand's card alone the trumps' word was under the first
screen of a 320 px phone (the sign over it, not beside it). Just after a
round the moves come first, their heading on the first screen: the players
stand up and read the phone to know where to go, and the moves show only
until the new round's first result. A
hand sent, the news (which tables the phone waits for) is on the first
screen too: the table's four seats came first. In prediction whist the
deal's number and trumps come before the game so far (a block for each
player, three screens at twice the text size).
"""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from drive import services as drive_services
from drive.models import Table
from scoring import captain as captain_services
from tests.e2e.conftest import TIMEOUT_MS, keep_screenshot, larger_text
from tests.e2e.large_type import (
    DOOR,
    NAMES,
    after_the_first_round,
    large_type,
    named_in,
)
from tests.e2e.screen_edge import overflow
from tests.e2e.sign_in import log_in
from tests.e2e.waits import written
from tests.factories import (
    ClubFactory,
    PlayerFactory,
    drive_with_players,
    olive,
    play_drive,
    play_round,
)
from tests.predictions import play_deals, prediction_drive

pytestmark = pytest.mark.e2e


# Each standings row whose name has less than most of the board's width, or
# whose total is not on the screen.
SQUEEZED = """
() => {
  const width = document.documentElement.clientWidth;
  const found = [];
  for (const row of document.querySelectorAll('table.standings tbody tr')) {
    const name = row.querySelector('td.name'), total = row.querySelector('td.total');
    if (!name || !name.getBoundingClientRect().width) continue;
    const table = row.closest('table').getBoundingClientRect();
    const n = name.getBoundingClientRect(), t = total.getBoundingClientRect();
    if (n.width < 0.75 * table.width)
      found.push(`"${name.innerText.trim()}" in ${Math.round(n.width)} of ${Math.round(table.width)}px`);
    if (t.right > width + 0.5 || t.left < -0.5)
      found.push(`total of "${name.innerText.trim()}" from ${Math.round(t.left)} to ${Math.round(t.right)}px of ${width}px`);
  }
  return found;
}
"""


def evening(language: str) -> dict[str, str]:
    """A club speaking `language`, its organiser, and the pages of its evening:
    a drive after its first round (shared), one played to the end (shared) and
    one open at the door, their players with the language's long names."""
    club = ClubFactory(language=language)
    olive(club)

    def named(drive):
        return named_in(drive, language)

    in_play = named(drive_with_players(players=10, club=club))
    play_round(in_play)
    in_play = drive_services.public_link_set(drive=in_play, shared=True)
    finished = named(drive_with_players(players=10, club=club))
    play_drive(finished)
    finished = drive_services.public_link_set(drive=finished, shared=True)
    door = named(drive_with_players(players=10, club=club, start=False))
    last = finished.entries.order_by("number").last().number
    return {
        "own view": f"/p/{in_play.public_key}/?entry=1#me",
        "results": f"/p/{finished.public_key}/results/?entry={last}#me",
        "captain at the end": (
            f"/t/{Table.objects.get(drive=finished, number=1).captain_key}/"
        ),
        "seating": f"/drives/{in_play.pk}/seating/",
        "door": f"/drives/{door.pk}/entries/",
    }


@pytest.mark.parametrize("way", ("text", "zoom"))
@pytest.mark.parametrize("language", ("ru", "pl"))
def test_the_hall_pages_fit_the_smallest_phone_in_large_type(
    browser, live_server, language, way
) -> None:
    pages = evening(language)
    page = large_type(browser, live_server, way, language)
    found = {}
    for name, url in pages.items():
        page.goto(url)
        expect(page.locator("main")).to_be_visible()
        assert page.locator("html").get_attribute("lang") == language
        if way == "text":
            larger_text(page, 200)
        keep_screenshot(page, f"hall-{language}-{way}-{name.replace(' ', '-')}")
        faults = overflow(page)
        if "#me" in url:
            expect(page.locator("#me #find-entry")).to_be_visible()
            faults += page.evaluate(SQUEEZED)
        if faults:
            found[name] = faults
    assert found == {}, "\n".join(f"{k}: {v}" for k, v in found.items())


# The bottom of the hand's number and of its trumps (with their word; a
# prediction whist deal says its trumps in words first), and the screen's height.
FIRST_SCREEN = """
() => [document.querySelector('.hand-card .hand-no').getBoundingClientRect().bottom,
       document.querySelector('.hand-card .wist-kind, .hand-card .trumps').getBoundingClientRect().bottom,
       innerHeight]
"""


@pytest.mark.parametrize("way", ("text", "zoom"))
@pytest.mark.parametrize("language", ("ru", "pl"))
def test_the_captain_sees_the_hand_and_its_trumps_on_the_first_screen(
    browser, live_server, language, way
) -> None:
    after_a_round, table = after_the_first_round(language)
    first_hand = drive_with_players(players=8, club=after_a_round.club)
    page = large_type(browser, live_server, way, language, logged_in=False)
    wist = prediction_drive(after_a_round.club, players=8, games=1)
    for entry, name in zip(
        wist.entries.order_by("number"), NAMES[language], strict=False
    ):
        PlayerFactory._meta.model.objects.filter(pk=entry.player_id).update(name=name)
    play_deals(wist, tables=[1], hands=[1, 2])
    links = {
        "prediction whist's third deal": (
            f"/t/{Table.objects.get(drive=wist, number=1).captain_key}/"
        ),
        "the first hand": f"/t/{Table.objects.get(drive=first_hand, number=1).captain_key}/",
        "after a round": f"/t/{Table.objects.get(drive=after_a_round, number=table).captain_key}/",
    }
    below = {}
    for name, url in links.items():
        page.goto(url)
        expect(page.locator(".hand-card .hand-no")).to_be_visible()
        if name == "after a round":
            expect(page.locator(".moves li").first).to_be_visible()
        if way == "text":
            larger_text(page, 200)
        keep_screenshot(page, f"hall-{language}-{way}-captain-{name.replace(' ', '-')}")
        if name == "after a round":
            # The moves come first: the players stand up and read where they
            # go; the new hand is under them until its first result.
            title = page.locator("#moves-title").evaluate(
                "h => h.getBoundingClientRect().bottom"
            )
            if title > page.evaluate("innerHeight"):
                below[name] = f"the moves' heading at {title:.0f}px"
            continue
        number, trumps, height = page.evaluate(FIRST_SCREEN)
        if number > height or trumps > height:
            below[name] = (
                f"hand's number to {number:.0f}px, trumps to {trumps:.0f}px of {height}px"
            )

    # A hand sent while the other table plays on: which tables it waits for.
    table_1 = Table.objects.get(drive=first_hand, number=1)
    written(
        page,
        lambda: captain_services.captain_result_submit(
            table=table_1, hand=1, ns_tricks=8, idempotency_key="w" * 22
        ),
    )
    page.goto(links["the first hand"])
    waiting = page.locator(".waiting .captain-big")
    expect(waiting).to_be_visible()
    if way == "text":
        larger_text(page, 200)
    keep_screenshot(page, f"hall-{language}-{way}-captain-waiting")
    bottom = waiting.evaluate("p => p.getBoundingClientRect().bottom")
    height = page.evaluate("innerHeight")
    if bottom > height:
        below["waiting"] = f"'{waiting.inner_text()}' to {bottom:.0f}px of {height}px"
    assert below == {}, below


@pytest.mark.parametrize("width", (320, 360))
@pytest.mark.parametrize("way", ("text", "zoom"))
@pytest.mark.parametrize("language", ("ru", "pl"))
def test_at_the_door_the_name_box_and_its_button_are_on_the_first_screen(
    browser, live_server, language, way, width
) -> None:
    """Forty players queue at the door: in large type the box to type a
    newcomer's name and its button were a few screens down, under the head
    count, and the group's drop-down said "Автоматическ…"."""
    club = ClubFactory(language=language)
    olive(club)
    door = drive_with_players(players=10, club=club, start=False)
    page = large_type(browser, live_server, way, language, width=width)
    page.goto(f"/drives/{door.pk}/entries/")
    expect(page.locator("#id_name")).to_be_visible()
    if way == "text":
        larger_text(page, 200)
    keep_screenshot(page, f"hall-{language}-{way}-{width}-door")
    found = page.evaluate(DOOR)
    assert found["name"] <= found["height"], found
    assert found["button"] <= found["height"], found
    assert found["cut"] == [], found
    assert overflow(page) == []
    # Typed and sent from there, the newcomer is in, in the group chosen.
    page.get_by_role("radio", name=door.group_b_label).check()
    page.fill("#id_name", "Зоя Ёлкина")
    page.locator("form.register button.primary").click()
    expect(page.locator("table.entries")).to_contain_text("Зоя Ёлкина")
    assert door.entries.get(player__name="Зоя Ёлкина").group == "B"


# The bottom of each of the page's first things (its heading; a board's first
# name and total; the captain's hand and its trumps), of its header, and the
# screen's height; measured from the page's top, as it opens.
FIRST_THINGS = """
(selectors) => ({
  things: Object.fromEntries(selectors.map(s => {
    const el = document.querySelector(s);
    return [s, el ? el.getBoundingClientRect().bottom + scrollY : null];
  })),
  header: document.querySelector('.page > header').getBoundingClientRect().bottom + scrollY,
  height: innerHeight,
})
"""
BOARD_FIRST = ("main h1", "table.standings td.name", "table.standings td.total")


@pytest.mark.parametrize("way", ("text", "zoom"))
@pytest.mark.parametrize("language", ("ru", "pl"))
def test_each_hall_page_starts_with_its_own_content_in_large_type(
    browser, live_server, language, way
) -> None:
    """A 360 px phone at twice the size: the organiser's header (six lines of
    links) took the whole first screen of the seating and the leaderboard, and
    the shared board's names were three screens down, under its links and the
    box to find oneself. Now the header is small on every hall page, as at the
    door, and the first screen shows the page's own title; on the shared board
    its first names and totals, on the captain's phone the hand and trumps."""
    pages = evening(language)
    from drive.models import Drive

    board = pages["own view"].split("?")[0]
    results = pages["results"].split("?")[0]
    in_play = Drive.objects.get(public_key=board.split("/")[2])
    finished = Drive.objects.get(public_key=results.split("/")[2])
    first_hand = drive_with_players(players=8, club=in_play.club)
    captain = Table.objects.get(drive=first_hand, number=1).captain_key
    first = {
        "board": BOARD_FIRST,
        "results": ("main h1",),
        "captain": (".hand-card .hand-no", ".hand-card .trumps"),
        "seating": ("main h1",),
        "leaderboard": ("main h1",),
        "organiser's results": ("main h1",),
    }
    urls = {
        "board": board,
        "results": results,
        "captain": f"/t/{captain}/",
        "seating": pages["seating"],
        "leaderboard": f"/drives/{in_play.pk}/leaderboard/",
        "organiser's results": f"/drives/{finished.pk}/results/",
    }
    page = large_type(browser, live_server, way, language, width=360)
    below = {}
    for name, url in urls.items():
        page.goto(url)
        expect(page.locator(first[name][0])).to_be_visible()
        if way == "text":
            larger_text(page, 200)
        keep_screenshot(page, f"hall-{language}-{way}-360-first-{name}")
        found = page.evaluate(FIRST_THINGS, list(first[name]))
        late = {s: round(b) for s, b in found["things"].items() if b > found["height"]}
        if late:
            below[name] = f"{late} of {found['height']}px"
        if wide := overflow(page):
            below[f"{name}, sideways"] = wide
        # The captain's and the shared pages' header: a line or two; the
        # organiser's (the club, its links in a menu) two at most.
        if found["header"] > found["height"] / (
            6 if name in ("board", "results", "captain") else 5
        ):
            below[f"{name}'s header"] = f"to {found['header']:.0f}px"
        # The organiser's leaderboard: its first name and total by the second
        # screen (they were three screens down, under the links and notes).
        if name == "leaderboard":
            board = page.evaluate(FIRST_THINGS, list(BOARD_FIRST[1:]))
            late = {
                s: round(b)
                for s, b in board["things"].items()
                if b is None or b > 2 * board["height"]
            }
            if late:
                below["leaderboard's board"] = f"{late} of {board['height']}px"
    assert below == {}, "\n".join(f"{k}: {v}" for k, v in below.items())


@pytest.mark.parametrize("language", ("ru", "pl"))
def test_the_organisers_links_fold_into_a_menu_opened_from_the_keyboard(
    browser, live_server, language
) -> None:
    """Narrower than 52rem the header's links (Change club, Drives ... Log out)
    are a closed menu, as the drive's, in the page's language: opened without
    JavaScript from the keyboard. On a wide screen they are a row, no menu."""
    club = ClubFactory(language=language)
    olive(club)
    label = {"ru": "Меню", "pl": "Menu"}[language]
    log_out = {"ru": "Выйти", "pl": "Wyloguj się"}[language]
    context = browser.new_context(
        base_url=live_server.url,
        locale=language,
        viewport={"width": 360, "height": 740},
        java_script_enabled=False,
    )
    context.set_default_timeout(TIMEOUT_MS)
    page = context.new_page()
    log_in(page)
    header = page.locator(".site-header")
    summary = header.locator("nav summary")
    expect(summary).to_have_text(label)
    expect(header.get_by_role("button", name=log_out, exact=True)).to_be_hidden()
    header.locator(".brand").focus()
    page.keyboard.press("Tab")
    expect(summary).to_be_focused()
    page.keyboard.press("Enter")
    expect(header.get_by_role("button", name=log_out, exact=True)).to_be_visible()
    page.set_viewport_size({"width": 1280, "height": 800})
    page.goto("/drives/")
    expect(summary).to_be_hidden()
    expect(header.get_by_role("button", name=log_out, exact=True)).to_be_visible()
    context.close()


# The rows the log-out button's words are laid out on.
BUTTON_ROWS = """(button) => {
  const range = document.createRange();
  range.selectNodeContents(button);
  return new Set([...range.getClientRects()].filter(r => r.width > 0)
    .map(r => Math.round(r.bottom))).size;
}"""


@pytest.mark.parametrize("width", (320, 360))
@pytest.mark.parametrize("way", ("text", "zoom"))
def test_the_polish_menus_log_out_fits_a_phone_in_large_type(
    browser, live_server, way, width
) -> None:
    """Polish says "Wyloguj się" (was the bare "Wyloguj"): in the header's
    menu of a 320 or 360 px phone at twice the size it is one line, and
    nothing leaves the screen."""
    club = ClubFactory(language="pl")
    olive(club)
    page = large_type(browser, live_server, way, "pl", width=width)
    page.goto("/drives/")
    if way == "text":
        larger_text(page, 200)
    header = page.locator(".site-header")
    header.locator("nav summary").click()
    button = header.get_by_role("button", name="Wyloguj się", exact=True)
    expect(button).to_be_visible()
    keep_screenshot(page, f"hall-pl-{way}-{width}-menu")
    assert button.evaluate(BUTTON_ROWS) == 1
    assert overflow(page) == []
    page.context.close()

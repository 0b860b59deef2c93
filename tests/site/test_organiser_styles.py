"""The organiser's style sheet (static/css/organiser.css) is linked by every
organiser's page and by none of the pages a phone opens from a QR code or a
shared link: the captain's page and the shared board load only what they use
over the hall's Wi-Fi, as they do their scripts (templates/_base.html).

htmx boosts a click: it swaps only what is inside <body>, keeping the <head>
of the page before. So no boosted link or form of the captain's page or the
board may lead to a page that links the organiser's sheet: that page would be
drawn without it. (Which rules the phone pages never show, and so may live in
organiser.css: tests/e2e/test_phone_pages_styles.py.)"""

from __future__ import annotations

import re
from html.parser import HTMLParser
from urllib.parse import urlsplit

import pytest
from django.test import Client

from drive import services as drive_services
from scoring import services as scoring_services
from tests.factories import (
    drive_with_players,
    play_drive,
    play_round,
    prediction_drive,
)
from tests.scoring.captain_phone import page_url, post_result, table_of
from tests.site.fixtures import World, fill, url_patterns

pytestmark = pytest.mark.django_db

SHEET = "/static/css/organiser.css"
# The pages a phone opens straight from a QR code or a shared link.
PHONE_PAGES = {"scoring:captain", "scoring:public"}


def links_the_sheet(html: str) -> bool:
    return bool(re.search(rf'<link[^>]+href="{re.escape(SHEET)}"', html))


def full_page(response) -> str | None:
    """The HTML of a whole page (not a part, a file or JSON), else None."""
    if response.status_code != 200:
        return None
    if not response.get("Content-Type", "").startswith("text/html"):
        return None
    html = response.content.decode()
    return html if "<html" in html else None


class _BoostedTargets(HTMLParser):
    """The addresses a boosted click on the page leads to: each link's and
    form's, under an element whose nearest hx-boost says "true" (<body>
    does), leaving out links within the page (#...)."""

    VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link",
            "meta", "source", "track", "wbr"}  # fmt: skip

    def __init__(self) -> None:
        super().__init__()
        self.boost: list[bool] = [False]
        self.targets: list[str] = []

    def handle_starttag(self, tag, attrs):
        attributes = dict(attrs)
        boosted = self.boost[-1]
        if "hx-boost" in attributes:
            boosted = attributes["hx-boost"] == "true"
        if boosted:
            address = attributes.get("href" if tag == "a" else "action")
            if tag in ("a", "form") and address and not address.startswith("#"):
                self.targets.append(address)
        if tag not in self.VOID:
            self.boost.append(boosted)

    def handle_endtag(self, tag):
        if tag not in self.VOID and len(self.boost) > 1:
            self.boost.pop()


def boosted_targets(html: str) -> list[str]:
    parser = _BoostedTargets()
    parser.feed(html)
    return parser.targets


def test_every_organisers_page_links_the_organisers_sheet(organiser_client, club):
    drive = drive_with_players(players=10, club=club, hands=4)
    play_round(drive)
    drive = drive_services.public_link_set(drive=drive, shared=True)
    entry = drive.entries.first()
    adjustment = scoring_services.adjustment_add(
        entry=entry, points=2, reason="Raffle", by=None
    )
    world = World(
        club=club,
        drive=drive,
        other_drive=drive,
        player=entry.player,
        clients={},
        keys={"organiser": table_of(drive, 1).captain_key},
        kwargs={
            "drive": drive.pk,
            "player": entry.player_id,
            "season": 1,
            "entry_pk": entry.pk,
            "adjustment_pk": adjustment.pk,
            "draw_pk": 1,
            "season_draw_pk": 1,
            "line_pk": 1,
            "hand": 1,
            "table": 1,
            "kind": "scorecards",
            "public_key": drive.public_key,
        },
        form={},
    )
    organisers, phones, without = [], [], []
    for name, route in url_patterns().items():
        path = fill(route, name, "organiser", world)
        html = full_page(organiser_client.get(path))
        if html is None:
            continue
        if name in PHONE_PAGES:
            phones.append(name)
            if links_the_sheet(html):
                without.append(f"{name} ({path}) links it")
        else:
            organisers.append(name)
            if not links_the_sheet(html):
                without.append(f"{name} ({path}) lacks it")
    assert set(phones) == PHONE_PAGES
    # The drive's pages, the door, the room, the desk, prizes, the league...
    assert len(organisers) > 30, organisers
    assert {"drive:entries", "scoring:room", "drive:detail"} <= set(organisers)
    assert without == []


def _phone_pages(club) -> dict[str, str]:
    """The captain's page and the shared board in each of their states."""
    drive = drive_with_players(players=8, club=club, hands=3)
    drive = drive_services.public_link_set(drive=drive, shared=True)
    table = table_of(drive, 1)
    client = Client()
    pages = {
        "captain, asking": client.get(page_url(table)),
        "board, live": client.get(f"/p/{drive.public_key}/"),
        "board, live, own line": client.get(f"/p/{drive.public_key}/?entry=1"),
    }
    post_result(client, table, 1, 9)
    pages["captain, waiting"] = client.get(page_url(table))
    wist = prediction_drive(club, players=8)
    pages["captain, prediction whist"] = client.get(page_url(table_of(wist, 1)))
    cards = drive_with_players(
        players=8, club=club, hands=4, hands_per_round=2, score_entry="cards"
    )
    pages["captain, cards in"] = client.get(page_url(table_of(cards, 1)))
    play_drive(drive)
    pages["captain, over"] = client.get(page_url(table))
    pages["board, final"] = client.get(f"/p/{drive.public_key}/")
    pages["board, final, own line"] = client.get(f"/p/{drive.public_key}/?entry=1")
    return {state: full_page(response) for state, response in pages.items()}


def test_the_phone_pages_and_what_their_boosted_clicks_reach_lack_it(club):
    client = Client()
    found = []
    for state, html in _phone_pages(club).items():
        assert html, state
        if links_the_sheet(html):
            found.append(f"{state} links {SHEET}")
        for target in boosted_targets(html):
            if urlsplit(target).netloc:
                continue
            reached = full_page(client.get(target, follow=True))
            if reached and links_the_sheet(reached):
                found.append(f"{state}: a boosted click on {target} reaches {SHEET}")
    assert found == []


def test_boosted_targets_reads_hx_boost_as_htmx_does():
    html = (
        '<body hx-boost="true"><a href="/drives/">in</a><a href="#top">here</a>'
        '<div hx-boost="false"><a href="/t/x/">out</a><br><img src="/a.png">'
        '<form action="/i18n/setlang/"></form></div>'
        '<form method="post" action="/contrast/"></form></body>'
    )
    assert boosted_targets(html) == ["/drives/", "/contrast/"]

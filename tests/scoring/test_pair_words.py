"""A pair of players is written one way, in the reader's language: "3 & 4"
in English, "3 и 4" in Russian, "3 i 4" in Polish (players.pair_names). The room,
the scores, a hand's page and the captain's phone all say it so."""

from __future__ import annotations

import html
import re

import pytest
from django.test import Client

from scoring import live
from tests.factories import drive_with_players
from tests.scoring.captain_phone import page_url, table_of

pytestmark = pytest.mark.django_db

AND = {"en-gb": "&", "ru": "и", "pl": "i"}
LANGUAGES = sorted(AND)


def _sides(drive) -> tuple[tuple[int, int], tuple[int, int]]:
    """Table 1's N-S and E-W entry numbers in the first round."""
    table = live.room(drive=drive).table(1)
    ns, ew = table.north_south, table.east_west
    return (ns[0].number, ns[1].number), (ew[0].number, ew[1].number)


def _said(pair: tuple[int, int], language: str) -> str:
    return f"{pair[0]} {AND[language]} {pair[1]}"


def _text(page: str) -> str:
    """The page's words as read: tags gone, entities read, spaces as one."""
    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", page)).split())


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_room_writes_each_pair_in_the_readers_language(
    assistant_client, club, language
):
    drive = drive_with_players(players=8, club=club, hands=2)
    ns, ew = _sides(drive)
    assistant_client.cookies["django_language"] = language
    page = assistant_client.get(f"/drives/{drive.pk}/room/").content.decode()
    table = page.split('id="room-table-1"')[1].split("</section>")[0]
    who = _text(table.split('<p class="who">')[1].split("</p>")[0])
    assert _said(ns, language) in who and _said(ew, language) in who
    if language != "en-gb":
        assert "&" not in who


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_scores_write_each_pair_in_the_readers_language(
    organiser_client, club, language
):
    drive = drive_with_players(players=8, club=club, hands=2)
    ns, ew = _sides(drive)
    organiser_client.cookies["django_language"] = language
    page = organiser_client.get(f"/drives/{drive.pk}/scores/").content.decode()
    cells = " ".join(re.findall(r'<small class="who">(.*?)</small>', page, re.S))
    words = _text(cells)
    assert _said(ns, language) in words and _said(ew, language) in words


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_hands_page_writes_each_pair_in_the_readers_language(
    organiser_client, club, language
):
    drive = drive_with_players(players=8, club=club, hands=2)
    ns, ew = _sides(drive)
    organiser_client.cookies["django_language"] = language
    page = organiser_client.get(f"/drives/{drive.pk}/hands/1/table/1/")
    lead = _text(page.content.decode().split('<p class="lead">')[1].split("</p>")[0])
    assert _said(ns, language) in lead and _said(ew, language) in lead


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("rule", ["odd", "total"])
def test_the_captains_phone_writes_each_pair_in_the_readers_language(
    club, language, rule
):
    drive = drive_with_players(players=8, club=club, hands=2, scoring_rule=rule)
    ns, ew = _sides(drive)
    client = Client()
    client.cookies["django_language"] = language
    words = _text(client.get(page_url(table_of(drive))).content.decode())
    assert _said(ns, language) in words
    if rule == "odd":  # the two buttons, one for each side
        assert _said(ew, language) in words

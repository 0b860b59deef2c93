"""Every page the organiser reads names a prediction whist deal as the
captain's phone and the printed sheets do: by its game ("deal 3 of game 2"),
never by the drive's running number (hand 11), which the captain never sees.
The drive's number stays only where it is an index (a page's address).
Drive.hand_named is the one place that counts a deal within its game."""

from __future__ import annotations

import re
from html import unescape

import pytest
from django.core.exceptions import ValidationError
from django.utils import translation

from drive.models import Drive, Table
from scoring import captain as captain_services
from scoring.deal_games import checked_predictions
from scoring.services import (
    MAX_RESULT_VERSIONS,
    PHONE_MAX_VERSIONS,
    check_version_room,
)
from tests.factories import drive_with_players, legal_deal
from tests.fixtures import messages_of
from tests.predictions import play_deals, prediction_drive

pytestmark = pytest.mark.django_db


def text_of(html: str) -> str:
    return " ".join(unescape(re.sub(r"<[^>]+>", " ", html)).split())


def page(client, drive: Drive, suffix: str, language: str) -> str:
    client.cookies["django_language"] = language
    response = client.get(f"/drives/{drive.pk}/{suffix}")
    assert response.status_code == 200
    return response.content.decode()


def send(table: Table, hand: int, key: str, seed: int):
    predictions, tricks = legal_deal(hand, 4, seed)
    return captain_services.captain_result_submit(
        table=table,
        hand=hand,
        ns_tricks=0,
        idempotency_key=key * 22,
        predictions=predictions,
        tricks=tricks,
    )


def night(club) -> Drive:
    """Game 1 played (table 1's deal 3 from its phone), then a late phone's
    other result for deal 3 of game 1, and in game 2 two results for deal 3
    of game 2 (the drive's hand 11) at table 1."""
    drive = prediction_drive(club, players=8)
    table = Table.objects.get(drive=drive, number=1)
    for hand in (1, 2, 3):
        send(table, hand, "abc"[hand - 1], 5)
    play_deals(drive)
    assert drive.current_round == 2
    assert send(table, 3, "d", 9).kind == captain_services.Kind.CONFLICT
    for hand in (9, 10, 11):
        send(table, hand, "efg"[hand - 9], 5)
    assert send(table, 11, "h", 9).kind == captain_services.Kind.CONFLICT
    return drive


def test_a_drive_names_its_hand_by_its_round(club):
    drive = prediction_drive(club, players=8, start=False)
    assert drive.hand_named(11) == {"hand": 11, "number": 3, "round": 2}
    assert drive.hand_named(8) == {"hand": 8, "number": 8, "round": 1}
    assert drive.hand_named(9) == {"hand": 9, "number": 1, "round": 2}


ROOM = {
    "en": (
        "A phone sent another result for table 1, deal 3 of game 1 after that "
        "game had moved on: see below.",
        "Table 1, deal 3 of game 2: two results",
        "Table 1, deal 3 of game 1: two results",
        'aria-label="Conflict at table 1, deal 3 of game 2"',
        'aria-label="Conflict at table 1, deal 3 of game 1"',
    ),
    "pl": (
        "Telefon wysłał inny wynik dla stolika 1, rozdania 3 partii 1, gdy ta "
        "partia już minęła: zobacz niżej.",
        "Stolik 1, rozdanie 3 partii 2: dwa wyniki",
        "Stolik 1, rozdanie 3 partii 1: dwa wyniki",
        'aria-label="Rozbieżność: stolik 1, rozdanie 3 partii 2"',
        'aria-label="Rozbieżność: stolik 1, rozdanie 3 partii 1"',
    ),
}

DEAL_PAGE = {
    "en": (
        "Table 1, deal 3 of game 2",
        re.compile(
            r'aria-label="Table 1, deal 3 of game 2, seat 1 \(No\. \d+\): tricks"'
        ),
    ),
    "pl": (
        "Stolik 1, rozdanie 3 partii 2",
        re.compile(
            r'aria-label="Stolik 1, rozdanie 3 partii 2, miejsce 1 \(nr \d+\): lewy"'
        ),
    ),
}

RECORD = {"en": "table 1, deal 3 of game 2", "pl": "stolik 1, rozdanie 3 partii 2"}


def test_every_page_the_organiser_reads_names_the_deal_by_its_game(
    organiser_client, club
):
    drive = night(club)
    for language, said in ROOM.items():
        html = page(organiser_client, drive, "room/", language)
        text = text_of(html)
        for words in said:
            assert words in (html if words.startswith("aria-") else text), words
        assert re.search(r"\bdeal 11\b|\brozdanie 11\b", text) is None
    for language, (title, label) in DEAL_PAGE.items():
        html = page(organiser_client, drive, "hands/11/table/1/", language)
        heading = text_of(re.search(r"<h1>.*?</h1>", html, re.S).group(0))
        assert heading == title
        assert f"<title>{title}" in html
        assert label.search(html), language
    for language, subject in RECORD.items():
        text = text_of(page(organiser_client, drive, "audit/", language))
        assert subject in text
        assert re.search(r"\b(deal|rozdanie) 11\b", text) is None


def test_all_deals_gives_the_game_then_the_deal_in_it(organiser_client, club):
    drive = night(club)
    for language in ("en", "pl"):
        html = page(organiser_client, drive, "hands/", language)
        # Each row: the game, the deal's number in it, its kind, the table;
        # the link to the deal's page keeps the drive's number.
        row = re.search(
            r"<tr>\s*<td[^>]*>(\d+)</td><td[^>]*>(\d+)</td><td>[^<]*</td>"
            r'<td[^>]*>1</td>(?:(?!</tr>).)*?href="/drives/\d+/hands/11/table/1/"',
            html,
            re.S,
        )
        assert row is not None, language
        assert row.groups() == ("2", "3")


def test_a_deal_corrected_on_its_page_is_named_by_its_game(organiser_client, club):
    drive = night(club)
    for language, saved in {
        "en": "Table 1, deal 2 of game 2 saved:",
        "pl": "Stolik 1, rozdanie 2 partii 2 zapisane:",
    }.items():
        html = page(organiser_client, drive, "hands/10/table/1/", language)
        names = re.findall(r'name="([pk]\d+)"', html)
        version = re.search(r'name="seen_version" value="(\d+)"', html).group(1)
        predictions, tricks = legal_deal(10, 4, 20 if language == "en" else 30)
        values = iter(predictions)
        posted = {"seen_version": version}
        taken = iter(tricks)
        for name in names:
            posted[name] = str(next(values) if name[0] == "p" else next(taken))
        response = organiser_client.post(
            f"/drives/{drive.pk}/hands/10/table/1/", posted, follow=True
        )
        said = " ".join(messages_of(response))
        assert saved in said, said


def test_a_drive_of_hands_still_names_the_hand(club):
    drive = drive_with_players(players=8, hands=4, club=club)
    assert drive.record_deal(3) == "hand 3"
    assert drive.words.two_results(table=1, hand=3, number=3, round=1) == (
        "Table 1, hand 3: two results"
    )


def test_the_record_finds_a_deal_searched_for_as_it_names_it(organiser_client, club):
    drive = night(club)
    for language, typed in {
        "en": "table 1, deal 3 of game 2",
        "pl": "stolik 1, rozdanie 3 partii 2",
    }.items():
        organiser_client.cookies["django_language"] = language
        response = organiser_client.get(f"/drives/{drive.pk}/audit/", {"q": typed})
        text = text_of(response.content.decode())
        assert typed in text, language
        # Not deal 3 of game 1 (the drive's hand 3), nor any other deal.
        subjects = re.findall(
            r"(?:table|stolik) \d+, (?:deal|rozdanie) \d+ (?:of game|partii) \d+", text
        )
        # Its two results (the first and the one not counted), not only the
        # words over an empty list that name what was looked for.
        assert len(subjects) >= 2 and set(subjects) == {typed}, subjects


@pytest.mark.parametrize(
    ("language", "saved"),
    [
        ("en", "Saved 2 results: table 1, deals 1, 2 of game 2."),
        ("pl", "Zapisano 2 wyniki: stolik 1, rozdania 1, 2 partii 2."),
    ],
)
def test_the_score_grid_says_what_it_saved_by_game(
    assistant_client, club, language, saved
):
    drive = prediction_drive(club, players=8)
    play_deals(drive)
    assert drive.current_round == 2
    data = {"round": "2"}
    for hand in (9, 10):
        predictions, tricks = legal_deal(hand, 4, 3)
        data[f"t1_h{hand}-seen_version"] = "0"
        for seat, (predicted, taken) in enumerate(
            zip(predictions, tricks, strict=True)
        ):
            data[f"t1_h{hand}-p{seat}"] = str(predicted)
            data[f"t1_h{hand}-k{seat}"] = str(taken)
    assistant_client.cookies["django_language"] = language
    response = assistant_client.post(f"/drives/{drive.pk}/scores/", data, follow=True)
    assert saved in messages_of(response)


def test_a_deal_changed_meanwhile_is_named_by_its_game(organiser_client, club):
    drive = night(club)
    for language, said in {
        "en": "Table 1, deal 2 of game 2 was changed meanwhile (now ",
        "pl": "Stolik 1, rozdanie 2 partii 2 zostało w międzyczasie zmienione (teraz ",
    }.items():
        html = page(organiser_client, drive, "hands/10/table/1/", language)
        names = re.findall(r'name="([pk]\d+)"', html)
        predictions, tricks = legal_deal(10, 4, 40 if language == "en" else 50)
        values, taken = iter(predictions), iter(tricks)
        # The page as it was before the deal's first result.
        posted = {"seen_version": "0"}
        for name in names:
            posted[name] = str(next(values) if name[0] == "p" else next(taken))
        response = organiser_client.post(
            f"/drives/{drive.pk}/hands/10/table/1/", posted
        )
        assert said in text_of(response.content.decode()), language


@pytest.mark.parametrize(
    ("language", "said"),
    [("en", "Table 1, deal 3 of game 2: "), ("pl", "Stolik 1, rozdanie 3 partii 2: ")],
)
def test_a_deal_against_the_rules_is_named_by_its_game(language, said):
    with translation.override(language), pytest.raises(ValidationError) as refused:
        checked_predictions(
            table=1, hand=11, players=4, predictions=("x", 4, 3, 2), tricks=(3, 5, 3, 2)
        )
    assert refused.value.messages[0].startswith(said)


def test_a_deals_page_names_the_deal_once(organiser_client, club):
    drive = night(club)
    for language, kind in {"en": "Clubs.", "pl": "Trefl."}.items():
        html = page(organiser_client, drive, "hands/11/table/1/", language)
        lead = text_of(re.search(r'<p class="lead">.*?</p>', html, re.S).group(0))
        assert lead.startswith(kind), lead


@pytest.mark.parametrize(
    ("language", "phones", "said"),
    [
        (
            "en",
            True,
            "Table 1, deal 3 of game 2 already has 40 versions, the most phones",
        ),
        (
            "en",
            False,
            "Table 1, deal 3 of game 2 already has 50 versions, the most one deal",
        ),
        (
            "pl",
            True,
            "Stolik 1, rozdanie 3 partii 2 ma już 40 wersji, tyle, ile najwięcej mogą",
        ),
        (
            "pl",
            False,
            "Stolik 1, rozdanie 3 partii 2 ma już 50 wersji, tyle, ile najwięcej może",
        ),
    ],
)
def test_a_deal_with_no_room_for_a_version_is_named_by_its_game(
    club, language, phones, said
):
    assert (PHONE_MAX_VERSIONS, MAX_RESULT_VERSIONS) == (40, 50)
    drive = prediction_drive(club, players=8)
    table = Table.objects.get(drive=drive, number=1)
    limit = PHONE_MAX_VERSIONS if phones else MAX_RESULT_VERSIONS
    with translation.override(language), pytest.raises(ValidationError) as refused:
        check_version_room(table=table, hand=11, version=limit + 1, limit=limit)
    assert refused.value.messages[0].startswith(said), refused.value.messages[0]


@pytest.mark.parametrize(
    ("language", "said"),
    [
        ("en", "Table 1, deal 2 of game 2 (Diamonds):"),
        ("pl", "Stolik 1, rozdanie 2 partii 2 (Karo):"),
    ],
)
def test_the_score_grid_names_a_deal_to_fix_by_its_game(
    assistant_client, club, language, said
):
    drive = prediction_drive(club, players=8)
    play_deals(drive)
    data = {"round": "2", "t1_h10-seen_version": "0"}
    for seat in range(4):
        data[f"t1_h10-p{seat}"] = "3"
        data[f"t1_h10-k{seat}"] = "3"
    assistant_client.cookies["django_language"] = language
    response = assistant_client.post(f"/drives/{drive.pk}/scores/", data)
    assert response.status_code == 400
    assert said in text_of(response.content.decode())

"""Merging players whose names hold quotes of their own (a nickname, „Ania”
or «Аня»): every sentence of the merge that quotes a name, on its pages and
in its messages, writes the inner pair of the language's marks inside the
outer one (players.quotes), Polish „Anna «Ania» Wiśniewska”, Russian
«Анна „Аня“ Иванова», not „Anna „Ania” Wiśniewska” nor «Анна «Аня» Иванова»."""

from __future__ import annotations

import datetime

import pytest
from django.core.exceptions import ValidationError
from django.utils import translation

from league import merge_services
from players.models import Player
from tests.factories import PlayerFactory
from tests.fixtures import messages_of
from tests.prizes.fixtures import two_hand_drive

pytestmark = pytest.mark.django_db

# Each language's name with a nickname in the language's own marks, as the
# sentence quotes it put right, and as it was written: a quote closed early.
NAMES = {
    "pl": (
        "Anna „Ania” Wiśniewska",
        "„Anna «Ania» Wiśniewska”",
        "„Anna „Ania” Wiśniewska”",
    ),
    "ru": ("Анна «Аня» Иванова", "«Анна „Аня“ Иванова»", "«Анна «Аня» Иванова»"),
}
# The kept player's name with quotes too, and the other's without.
KEPT = {"pl": "Klub „Trefl” Anna", "ru": "Клуб «Трефы» Анна"}


@pytest.fixture(params=["pl", "ru"])
def language(request, club):
    club.language = request.param
    club.save(update_fields=["language"])
    return request.param


@pytest.fixture
def pair(club, language):
    named = PlayerFactory(club=club, name=NAMES[language][0])
    other = PlayerFactory(club=club, name=f"{NAMES[language][0]} 2")
    others = [PlayerFactory(club=club, name=f"Member {n}") for n in "BCD"]
    two_hand_drive(club, players=[other, *others], date=datetime.date(2026, 3, 6))
    return named, other


def url(player) -> str:
    return f"/players/{player.pk}/merge/"


def put_right(text: str, language: str) -> None:
    _name, right, wrong = NAMES[language]
    assert right in text
    assert wrong not in text


def test_the_pages_of_the_merge_nest_the_quotes(organiser_client, pair, language):
    named, other = pair
    choose = organiser_client.get(url(named)).content.decode()
    # Its title and heading: "Merge %(name)s with another player".
    assert choose.count(NAMES[language][1]) >= 2
    put_right(choose, language)
    # The page of the other player: "from %(removed)s", "Keep %(removed)s
    # instead", "not kept: …".
    confirm = organiser_client.get(url(other), {"other": named.pk}).content.decode()
    put_right(confirm, language)


def test_a_refused_choice_nests_the_quotes(organiser_client, pair, language):
    named, _other = pair
    refused = organiser_client.post(url(named), {"other": ""})
    assert refused.status_code == 400
    text = refused.content.decode()
    if language == "ru":  # "Выберите игрока, … с записью «%(name)s»."
        put_right(text, language)
    assert NAMES[language][2] not in text


def test_the_merged_players_page_nests_the_quotes(organiser_client, pair, language):
    named, other = pair
    merged = organiser_client.post(url(other), {"other": named.pk}, follow=True)
    assert merged.status_code == 200
    text = merged.content.decode()
    # "%(removed)s was merged into this player on %(date)s by %(who)s."
    put_right(text, language)
    assert all(NAMES[language][2] not in m for m in messages_of(merged))


def test_the_services_refusal_nests_the_quotes(club, pair, language):
    named, other = pair
    Player.objects.filter(pk=named.pk).delete()
    with translation.override(language), pytest.raises(ValidationError) as refused:
        merge_services.player_merge(kept=other, removed=named)
    # "%(name)s is no longer on the roster: nothing was merged." (quoted in
    # both languages)
    put_right(refused.value.messages[0], language)

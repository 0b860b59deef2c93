"""Words a person reads go through gettext: with every translation call
marked ⟪…⟫, the head count, the start button, the drive page's buttons and
the captain's page words show up marked."""

from __future__ import annotations

import html
import re

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import translation

from drive.models import Table
from drive.seat_letters import seat_letter
from drive.trumps import Trump
from tests.factories import drive_with_players, prediction_drive
from tests.predictions import play_deals


@pytest.fixture
def marked(monkeypatch):
    """Every gettext-family call (templates' translate and blocktranslate
    included) wraps what it gives in ⟪…⟫. The words kept per language
    (players.language.Words) are forgotten before and after each test
    (tests/conftest.py: fresh_words), so they are marked here and only here."""
    for name in ("gettext", "ngettext", "pgettext", "npgettext"):
        real = getattr(translation._trans, name)
        monkeypatch.setattr(
            translation._trans,
            name,
            lambda *args, real=real: f"\u27ea{real(*args)}\u27eb",
        )


def get(client: Client, url: str) -> str:
    response = client.get(url)
    assert response.status_code == 200
    page = re.sub(r"\s+", " ", response.content.decode())
    # The round word (Drive.round_word) is marked on its own, inside its sentence.
    return re.sub("\u27ea(game|round)\u27eb", r"\1", page)


def headcount_text(page: str) -> str:
    section = re.search(r'<section class="headcount".*?</section>', page).group(0)
    return html.unescape(re.sub(r"<[^>]+>", " ", section))


def untranslated(text: str, *allowed: str) -> str:
    """What is left of `text` without its marked words, numbers and `allowed`."""
    text = re.sub(r"\u27ea[^\u27ea\u27eb]*\u27eb", " ", text)
    for word in allowed:
        text = text.replace(word, " ")
    return re.sub(r"[\d\s]+", " ", text).strip()


def test_the_head_count_is_translated_whole(marked, organiser_client, club):
    prediction = prediction_drive(club, players=9, games=2)
    page = get(organiser_client, reverse("drive:detail", args=[prediction.pk]))
    text = headcount_text(page)
    assert "\u27easitting out in game 2\u27eb" in text
    assert "\u27eaplayers\u27eb" in text and "\u27eatables\u27eb" in text
    assert untranslated(text) == ""

    # Before play, with groups, unbalanced, and a sit-out each round.
    grouped = drive_with_players(
        players=9, club=club, format="progressive", start=False
    )
    page = get(organiser_client, reverse("drive:entries", args=[grouped.pk]))
    text = headcount_text(page)
    assert "\u27easitting out\u27eb" in text
    labels = (grouped.group_a_label, grouped.group_b_label)
    assert untranslated(text, *labels) == "", text
    # A group's name heads its number: it cannot be counted ("8 Panie").
    a, b = (grouped.entries.filter(group=group).count() for group in ("A", "B"))
    words = " ".join(text.split())
    assert words.startswith(f"{grouped.group_a_label} {a} {grouped.group_b_label} {b} ")


def test_the_start_button_and_the_drive_pages_buttons_are_translated(
    marked, organiser_client, club
):
    ready = drive_with_players(players=8, club=club, start=False)
    page = get(organiser_client, reverse("drive:detail", args=[ready.pk]))
    assert ">\u27eaStart the drive\u27eb</button>" in page

    playing = drive_with_players(players=8, club=club, hands=4)
    page = get(organiser_client, reverse("drive:detail", args=[playing.pk]))
    assert "\u27eaEnter scores for round 1\u27eb</a>" in page
    assert "\u27eaSeating for round 1\u27eb</a>" in page


def test_the_captains_page_words_are_translated(marked, club):
    waiting = drive_with_players(players=8, club=club, start=False)
    table = Table.objects.create(drive=waiting, number=1)
    page = get(Client(), f"/t/{table.captain_key}/")
    assert "\u27eaThe drive has not started yet.\u27eb" in page
    assert "\u27eaThis page updates by itself.\u27eb" in page

    drive = prediction_drive(club, players=8, games=2)
    empty = Table.objects.create(drive=drive, number=9)
    page = get(Client(), f"/t/{empty.captain_key}/")
    assert "\u27eaNo game at table 9 in game 1.\u27eb" in page

    play_deals(drive)
    key = Table.objects.get(drive=drive, number=1).captain_key
    page = get(Client(), f"/t/{key}/")
    assert "\u27eaMoves after game 1\u27eb</h2>" in page


# The suits' and seats' names are translated once per language and kept
# (players.language.Words): marked here, they must not stay marked for the
# tests after (these two run in this order in one process).


def test_words_kept_per_language_are_marked_while_gettext_marks(marked):
    assert Trump.HEARTS.running_name == "\u27eaHearts\u27eb"
    assert Trump.SPADES.label == "\u27eaSpades\u27eb"
    assert seat_letter("N") == "\u27eaN\u27eb"


def test_words_kept_per_language_are_plain_again_after_the_marking_test():
    assert Trump.HEARTS.running_name == "Hearts"
    assert Trump.SPADES.label == "Spades"
    assert seat_letter("N") == "N"

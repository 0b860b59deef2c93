"""The Russian reviewer's reading (December): the prizes', the movement's,
the captain's and the projector's words as a Russian club says them, with
no man's word for a player who may be anyone."""

from __future__ import annotations

import pytest
from django.urls import reverse

from tests.factories import drive_with_players
from tests.site.test_reviewed_wording import speak, text

pytestmark = pytest.mark.django_db


def test_one_prize_per_person_is_said_as_a_club_says_it(club, organiser_client):
    """«Победитель приза выше в списке пропускается для нижних» was a word
    for word English, and its winner a man."""
    speak(club, "ru")
    page = text(organiser_client.get(reverse("prizes:club")))
    assert (
        "Кому уже достался приз выше по списку, тот на призы ниже не претендует."
        in page
    )
    assert "пропускается" not in page


def test_the_movement_preview_says_who_comes_late_or_leaves_without_a_gender(
    club, organiser_client
):
    """«опоздавший или снятый игрок перепланирует ещё не сыгранные туры»: a
    man's words, and the player, not the site, re-planned the rounds. The
    grid's heading said «Столы по этапам (тур)»."""
    speak(club, "ru")
    drive = drive_with_players(
        club=club, players=8, format="individual", hands=7, start=False
    )
    page = text(organiser_client.get(reverse("drive:movement", args=[drive.pk])))
    assert (
        "Предварительный план всего вечера для игроков, уже отмеченных на месте. "
        "С началом турнира все рассаживаются именно так; если кто-то опоздает или "
        "выбудет, ещё не сыгранные туры будут спланированы заново."
    ) in page
    assert "опоздавший" not in page and "снятый" not in page
    assert "Столы: тур 1, 2, 3…" in page

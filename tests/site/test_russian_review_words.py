"""The Russian reviewer's reading (December): the prizes', the movement's,
the captain's and the projector's words as a Russian club says them, with
no man's word for a player who may be anyone."""

from __future__ import annotations

import pytest
from django.urls import reverse

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

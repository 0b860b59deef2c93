"""A Russian club's new rubber drive starts on the Russian text's rules (three
honours 3, four 4; a revoke costs the offenders 3 points), the form sent as
the browser shows it; other clubs start on English short whist."""

from __future__ import annotations

import pytest

from drive import rubber_rules
from players.models import Club
from tests.drive.drive_form import page, saved, sent
from tests.fixtures import drive_url

pytestmark = pytest.mark.django_db


def test_a_russian_clubs_rubber_drive_plays_the_russian_book(club, organiser_client):
    Club.objects.filter(pk=club.pk).update(language="ru")
    html = page(organiser_client, "/drives/new/?format=rubber", "ru")
    assert "три\xa0— 3, четыре\xa0— 4" in html
    data = sent(html)
    assert data["rubber_preset"] == "russian"
    drive = saved(organiser_client, "ru", data)
    assert rubber_rules.chosen(drive) == rubber_rules.PRESETS["russian"]
    assert rubber_rules.scores_honours(drive)
    shown = page(organiser_client, drive_url(drive), "ru")
    assert "Русский вист" in shown
    assert "Три дают 3, четыре дают 4" in shown
    assert "изменено по сравнению" not in shown.lower()


@pytest.mark.parametrize("language", ["pl", "it", "ro"])
def test_other_clubs_start_on_english_short_whist(club, organiser_client, language):
    Club.objects.filter(pk=club.pk).update(language=language)
    data = sent(page(organiser_client, "/drives/new/?format=rubber", language))
    assert data["rubber_preset"] == "english"

"""A prediction, shortened, is one abbreviation in a language: the scores
page's column ("Pred.") says what the slip's column says (ru «Зак.», the
glossary's, not «Зак.» on one and «Зк» on the other). Russian shortens a word
by cutting it after a consonant, with a full stop: «Зак.», as a club writes it;
«Зк» was no Russian abbreviation."""

from __future__ import annotations

import pytest
from django.utils import translation

from tests.factories import prediction_drive
from tests.fixtures import drive_url

pytestmark = pytest.mark.django_db


def test_the_scores_page_shortens_a_prediction_as_the_slip_does(organiser_client, club):
    club.language = "ru"
    club.save(update_fields=["language"])
    drive = prediction_drive(club, players=8, games=1)
    html = organiser_client.get(drive_url(drive, "scores/")).content.decode()
    assert '<abbr title="Заказ">Зак.</abbr>' in html
    assert "Зк" not in html


def test_the_russian_abbreviations_of_a_prediction_agree():
    with translation.override("ru"):
        page = translation.gettext("Pred.")
        slip = translation.pgettext("slip column: prediction", "P")
    assert page == slip == "Зак."

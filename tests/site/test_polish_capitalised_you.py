"""Polish addresses the organiser with a capitalised possessive, as a letter
does ("Zmień to, co Twój klub robi inaczej", "Twoja bieżąca suma"): the
drive form's quiet-rounds note said "a twoje strony pokazują wszystko"
below "Twój klub" on the same page."""

from __future__ import annotations

import re

import pytest

from tests.site import po
from tests.site.wording import LOCALE, speak, text

LOWER_CASE_YOURS = re.compile(r"\btw(?:ój|oj(?:a|e|ego|ej|ą|ich|im|imi))\b")


def test_no_polish_message_writes_your_in_lower_case():
    wrong = [
        (message.msgid, translation)
        for message in po.read(LOCALE / "pl" / "LC_MESSAGES" / "django.po")
        for translation in message.translations
        if LOWER_CASE_YOURS.search(translation)
    ]
    assert not wrong, wrong


@pytest.mark.django_db
def test_the_new_drive_form_says_your_pages_as_it_says_your_club(
    club, organiser_client
):
    speak(club, "pl")
    page = text(organiser_client.get("/drives/new/"))
    assert "co Twój klub robi inaczej" in page
    assert "a Twoje strony pokazują wszystko" in page
    assert not LOWER_CASE_YOURS.search(page)

"""Polish calls a drive's format *format*, as the drive's own field and the
other notes do: the card-check note said «w tej formule» where the slips
note said «w tym formacie», and the revoke choice «w innych formułach»
(locale/GLOSSARY.md, "pl format")."""

from __future__ import annotations

import re

import pytest
from django.conf import settings

from tests.factories import prediction_drive, rubber_drive
from tests.fixtures import drive_url
from tests.site import po
from tests.site.wording import speak, text

CATALOGUE = settings.BASE_DIR / "locale" / "pl" / "LC_MESSAGES" / "django.po"


def test_no_polish_message_calls_a_format_a_formula():
    wrong = [
        f"{m.line}: {m.translations}"
        for m in po.read(CATALOGUE)[1:]
        if re.search(r"\bformats?\b", m.msgid + (m.plural or ""))
        and any("formuł" in t.casefold() for t in m.translations)
    ]
    assert not wrong, "\n".join(wrong)


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("page", "note"),
    [
        ("card-check/", "Sprawdzanie kart nie jest dostępne w tym formacie"),
        ("slips/", "Protokoły w tym formacie (wist robrowy)"),
    ],
)
def test_the_card_check_and_slips_notes_say_format_alike(
    club, organiser_client, page, note
):
    speak(club, "pl")
    # Prediction whist has no card check; rubber's slips go in the grid.
    drive = prediction_drive(club) if page == "card-check/" else rubber_drive(club)
    words = text(organiser_client.get(drive_url(drive, page)))
    assert note in words, words
    assert "formule" not in words

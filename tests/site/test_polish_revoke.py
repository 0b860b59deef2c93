"""Polish says a revoke as its rule books do: *fałszywy renons* (PZBS,
Międzynarodowe Prawo Brydżowe, law 61, 2007 and 2017), never *rewoka*, which
no Polish text says; and never bare *renons*, which is a void
(locale/GLOSSARY.md, "pl fałszywy renons")."""

from __future__ import annotations

import html
import re
from pathlib import Path

import pytest
from django.conf import settings
from django.test import Client

from drive.models import Table
from tests.factories import drive_with_players
from tests.site import po

pytestmark = pytest.mark.django_db

POLISH = Path(settings.BASE_DIR) / "locale" / "pl" / "LC_MESSAGES" / "django.po"
# «renons» only as a fałszywy renons, in any case and number.
FALSE_VOID = re.compile(r"(?i)fałszyw\w+ renons")


def says_a_void(translated: str) -> bool:
    """Whether `translated` says «renons» other than as a fałszywy renons."""
    return "renons" in FALSE_VOID.sub("", translated).lower()


def words(response) -> str:
    """A page's words: tags gone, entities read, spaces squeezed."""
    assert response.status_code == 200, response.status_code
    page = re.sub(r"<[^>]+>", " ", response.content.decode())
    return re.sub(r"\s+", " ", html.unescape(page))


def test_polish_says_falszywy_renons_in_its_catalogue_and_on_the_captains_phone(
    club,
):
    wrong = [
        f"{message.msgid[:50]!r}: {translated[:80]!r}"
        for message in po.read(POLISH)[1:]
        for translated in message.translations
        if "rewok" in translated.lower() or says_a_void(translated)
    ]
    assert not wrong, "\n".join(wrong)

    club.language = "pl"
    club.save()
    drive = drive_with_players(players=8, club=club, hands=2, count_honours=True)
    key = Table.objects.get(drive=drive, number=1).captain_key
    pages = {
        revoke: words(
            Client().get(
                f"/t/{key}/", {"hand": 1, "ns": 7, "honours": "", "revoke": revoke}
            )
        )
        for revoke in ("ns", "both")
    }
    for page in pages.values():
        # The folded question and its four choices.
        assert "Fałszywy renons?" in page
        assert "Bez fałszywego renonsu" in page
        assert "N-S popełniła fałszywy renons" in page
        assert "E-W popełniła fałszywy renons" in page
        assert "Obie strony popełniły fałszywy renons (rozdanie nieważne)" in page
        assert "rewok" not in page.lower()
    # The check says what the table chose.
    assert "obie strony popełniły fałszywy renons: rozdanie nieważne" in (
        pages["both"].lower()
    )

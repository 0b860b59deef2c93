"""Romanian names a side of the table (North-South or East-West in a hand) an
*axă*, as Romanian bridge writes it ("partenerii (axele Nord-Sud și Est-Vest)",
"una dintre axe", "axa va câștiga 6+1 levate", bboromania.com, "Bridge,
șahul cartoforilor"; "două perechi adverse numite axe (nord sud și est vest,
după pozițiile ocupate la masă)", craiovaforum.ro and the Romanian
Wikipedia's *Bridge*), and keeps *pereche* for two partners who enter, move
and are ranked together ("Perechile circulă conform indicațiilor", Cupa
Unirii's rules). Italian parts them the same way (*linea* / *coppia*);
locale/GLOSSARY.md, "ro axă"."""

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

ROMANIAN = Path(settings.BASE_DIR) / "locale" / "ro" / "LC_MESSAGES" / "django.po"
# "side" or "sides" as a word of the English text, not the %(side)s
# placeholder (a side's letters, N-S or E-V, filled in by the site).
SIDE = re.compile(r"(?<![(%])\bsides?\b(?!\)s)")
PAIR = re.compile(r"(?i)\bpairs?\b")
AXA = re.compile(r"(?i)\bax(ă|a|ei|e|ele|elor)\b")


def words(response) -> str:
    """A page's words: tags gone, entities read, spaces squeezed."""
    assert response.status_code == 200, response.status_code
    page = re.sub(r"<[^>]+>", " ", response.content.decode())
    return re.sub(r"\s+", " ", html.unescape(page))


def test_a_side_is_an_axa_in_the_romanian_catalogue():
    wrong = []
    sides = 0
    for message in po.read(ROMANIAN)[1:]:
        english = " ".join(filter(None, (message.msgid, message.plural)))
        if not SIDE.search(english):
            continue
        sides += 1
        for translated in message.translations:
            # A pair (two partners) may be named beside the side, as in
            # "each side's points …; a pair's total …".
            says_pair = "perech" in translated.lower() and not PAIR.search(english)
            if says_pair or not AXA.search(translated):
                wrong.append(f"{message.msgid[:60]!r}: {translated[:90]!r}")
    assert sides > 30, sides  # the honours, revoke and game texts
    assert not wrong, "\n".join(wrong)


def test_the_captains_phone_says_ambele_axe(club):
    club.language = "ro"
    club.save()
    drive = drive_with_players(players=8, club=club, hands=2, count_honours=True)
    key = Table.objects.get(drive=drive, number=1).captain_key
    page = words(
        Client().get(
            f"/t/{key}/", {"hand": 1, "ns": 7, "honours": "", "revoke": "both"}
        )
    )
    assert "Ambele axe au făcut renons (mână anulată)" in page
    assert "ambele axe au făcut renons: mână anulată, fără scor" in page
    assert "Asul, popa, dama și valetul de atu: a avut o axă trei" in page
    assert "perech" not in page.lower()

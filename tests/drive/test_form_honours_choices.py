"""The honours and revokes choices on the drive's form speak of the chosen
game only: a drive of hands offers "As usual: three honours 2, four 4",
never the rubber preset or "other formats"; a rubber drive offers "As the
preset" (its Rules, below). The words change, not what is stored: a saved
drive shown and saved again keeps its choices, empty or not."""

from __future__ import annotations

import html as html_lib
import re

import pytest

from drive.models import Drive
from tests.drive.drive_form import DRIVE_FORM, RUBBER_FORM, folded
from tests.factories import DriveFactory
from tests.fixtures import drive_url

pytestmark = pytest.mark.django_db

CHOICES = ("honours_values", "revoke_penalty", "revoke_tricks")
# Each game's name for the choice left empty, and the words for rubber whist
# and for "other formats" (which the choices said of every game at once).
AS_USUAL = {
    "en-gb": "As usual: three honours 2, four 4",
    "pl": "Jak zwykle: trzy honory 2, cztery 4",
    "ru": "Как обычно: три онёра\xa0— 2, четыре\xa0— 4",
    "ro": "Ca de obicei: trei onoruri 2, patru 4",
    "it": "Come di consueto: tre onori 2, quattro 4",
}
AS_USUAL_WORD = {
    "en-gb": "As usual",
    "pl": "Jak zwykle",
    "ru": "Как обычно",
    "ro": "Ca de obicei",
    "it": "Come di consueto",
}
AS_PRESET = {
    "en-gb": "As the preset",
    "pl": "Jak w zestawie",
    "ru": "Как в наборе",
    "ro": "Ca în presetare",
    "it": "Come da regole",
}
RUBBER = {
    "en-gb": "rubber",
    "pl": "robr",
    "ru": "роббер",
    "ro": "rober",
    "it": "rubber",
}
OTHER_FORMATS = {
    "en-gb": "other formats",
    "pl": "innych formatach",
    "ru": "других форматах",
    "ro": "alte formate",
    "it": "altri formati",
}
LANGUAGES = tuple(AS_USUAL)
FORMS = {
    "progressive": DRIVE_FORM | {"shown_format": "progressive"},
    "rubber": RUBBER_FORM | {"shown_format": "rubber"},
}


def honours_section(client, url: str) -> str:
    """The folded honours and revokes section of the form at `url`, as read."""
    _opened, _line, inside = folded(client.get(url).content.decode())
    return html_lib.unescape(inside)


def labels(inside: str, name: str) -> list[str]:
    """The words of each choice the section offers for `name`."""
    radios = re.findall(
        rf'<label[^>]*>\s*<input[^>]*name="{name}"[^>]*>(.*?)</label>', inside, re.S
    )
    if radios:
        return [re.sub(r"<[^>]+>", "", words).strip() for words in radios]
    select = re.search(rf'<select[^>]*name="{name}"[^>]*>(.*?)</select>', inside, re.S)
    assert select, (name, inside[:2000])
    return [w.strip() for w in re.findall(r"<option[^>]*>(.*?)</option>", select[1])]


def chosen(inside: str, name: str) -> str:
    """The value the form shows chosen for `name` (a radio ticked or an
    option selected), as a browser would send it."""
    for tag in re.findall(rf'<input[^>]*name="{name}"[^>]*>', inside):
        if re.search(r"\bchecked\b", tag):
            return re.search(r'value="([^"]*)"', tag).group(1)
    select = re.search(rf'<select[^>]*name="{name}"[^>]*>(.*?)</select>', inside, re.S)
    assert select, (name, inside[:2000])
    for option in re.findall(r"<option[^>]*>", select.group(1)):
        if re.search(r"\bselected\b", option):
            return re.search(r'value="([^"]*)"', option).group(1)
    raise AssertionError(f"nothing chosen for {name}")


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("format", ("progressive", "semi-partner", "partners"))
def test_a_drive_of_hands_is_offered_the_usual_rules_never_rubber_words(
    organiser_client, club, language, format
):
    club.language = language
    club.save()
    drive = DriveFactory(club=club, format=format, state="open")
    for url in (f"/drives/new/?format={format}", drive_url(drive, "edit/")):
        inside = honours_section(organiser_client, url)
        offered = {name: labels(inside, name) for name in CHOICES}
        assert offered["honours_values"][0] == AS_USUAL[language]
        for name, words in offered.items():
            assert len(words) >= 3, (name, words)
            assert words[0].startswith(AS_USUAL_WORD[language]), (name, words)
        assert AS_PRESET[language] not in inside
        assert RUBBER[language] not in inside.lower()
        assert OTHER_FORMATS[language] not in inside


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_rubber_drive_is_offered_its_preset_never_the_usual_rules(
    organiser_client, club, language
):
    club.language = language
    club.save()
    drive = DriveFactory(
        club=club, format="rubber", state="open", hands=24, hands_per_round=12
    )
    for url in ("/drives/new/?format=rubber", drive_url(drive, "edit/")):
        inside = honours_section(organiser_client, url)
        for name in CHOICES:
            # The choice left empty plays by the preset chosen under Rules.
            assert labels(inside, name)[0] == AS_PRESET[language], name
        assert AS_USUAL_WORD[language] not in inside
        assert OTHER_FORMATS[language] not in inside


STORED = [
    {"honours_values": "", "revoke_penalty": "", "revoke_tricks": None},
    {"honours_values": "3-4", "revoke_penalty": "deduct", "revoke_tricks": 2},
    {"honours_values": "2-4", "revoke_penalty": "tricks", "revoke_tricks": 3},
]


@pytest.mark.parametrize("language", ("pl", "ru"))
@pytest.mark.parametrize("format", tuple(FORMS))
@pytest.mark.parametrize("stored", STORED)
def test_a_saved_drive_shown_and_saved_again_keeps_its_choices(
    organiser_client, club, language, format, stored
):
    club.language = language
    club.save()
    drive = DriveFactory(
        club=club,
        format=format,
        state="open",
        hands=24,
        hands_per_round=int(FORMS[format]["hands_per_round"]),
        **stored,
    )
    inside = honours_section(organiser_client, drive_url(drive, "edit/"))
    shown = {name: chosen(inside, name) for name in CHOICES}
    assert shown == {
        name: "" if value is None else str(value) for name, value in stored.items()
    }
    response = organiser_client.post(drive_url(drive, "edit/"), FORMS[format] | shown)
    assert response.status_code == 302, response.content.decode()[:3000]
    drive.refresh_from_db()
    assert {name: getattr(drive, name) for name in CHOICES} == stored
    assert Drive.objects.count() == 1

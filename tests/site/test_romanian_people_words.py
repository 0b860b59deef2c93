"""Romanian speaks of a person without guessing their gender (the glossary's
row "a person beside a name"): a verb in the perfect ("s-a înscris", "s-a
retras", "a plătit", whose participle never agrees) or a noun ("prezență",
"plată", "înscriere"), never an agreeing participle or adjective ("este
înscris", "marcat prezent", "activ"), nor the "înscris(ă)" that newer entries
had beside the plain masculine of older ones."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse

from drive import services
from drive.models import DriveState
from tests.factories import DriveFactory, PlayerFactory
from tests.fixtures import drive_url, messages_of
from tests.site import po
from tests.site.wording import ABOUT_A_PERSON, LOCALE, speak, text

# A participle or adjective agreeing with someone named, or a masculine
# pronoun standing for them ("-l pe Maria").
AGREEING = re.compile(
    r"\((?:ă|a)\)"
    r"|(?:%\(name\)s|Nimeni|că)\s+(?:nu\s+)?(?:mai\s+)?(?:este|era|e|a fost)\s+"
    r"(?:deja\s+|încă\s+|din nou\s+)?"
    r"(?:înscris|prezent|retras|așezat|activ|dezactivat|marcat|șters|ștearsă)\w*"
    r"|\bmarcat\w* (?:ca plătit|prezent)"
    r"|-l pe %\(name\)s"
    r"|\(retras\w* "
)


def test_no_romanian_sentence_gives_a_named_person_a_gender():
    wrong = []
    for message in po.read(LOCALE / "ro" / "LC_MESSAGES" / "django.po"):
        for translation in message.translations:
            if "(ă)" in translation or (
                ABOUT_A_PERSON.search(message.msgid) and AGREEING.search(translation)
            ):
                wrong.append((message.msgid, translation))
    assert not wrong, wrong


@pytest.fixture
def maria(club):
    speak(club, "ro")
    door = DriveFactory(club=club, state=DriveState.OPEN)
    player = PlayerFactory(club=club, name="Maria Popescu")
    services.entry_register(drive=door, player=player, checked_in=False)
    return door


def test_the_door_tells_a_woman_typed_again_that_she_registered(
    organiser_client, maria
):
    url = drive_url(maria, "entries/")
    organiser_client.post(url, {"name": "Maria Popescu", "checked_in": "on"})
    assert messages_of(organiser_client.get(url)) == [
        "Maria Popescu s-a înscris deja, cu numărul 1: acum are prezența marcată."
    ]
    again = organiser_client.post(url, {"name": "Maria Popescu", "checked_in": "on"})
    assert again.status_code == 400
    page = re.sub(r"\s+", " ", again.content.decode())
    assert (
        "Maria Popescu s-a înscris deja, cu numărul 1, și are prezența marcată." in page
    ), page


def test_the_roster_buttons_name_her_without_a_masculine_pronoun(
    organiser_client, club
):
    speak(club, "ro")
    player = PlayerFactory(club=club, name="Maria Popescu")
    page = text(organiser_client.get(reverse("players:edit", args=[player.pk])))
    assert "Dezactivați înregistrarea: Maria Popescu" in page, page
    assert "-l pe Maria" not in page


def test_the_door_marks_the_payment_not_a_paid_man(organiser_client, maria):
    page = text(organiser_client.get(drive_url(maria, "entries/")))
    assert "Marcați plata" in page, page
    assert "Marcați plătit" not in page


def test_the_door_names_a_group_as_a_group(club, organiser_client):
    """Romanian said "Mutați în Domni" and "1 din Doamne, 1 din Domni" where
    Polish says "z grupy Panie" and Italian "del gruppo Dame": a group's name
    (the organiser's own, "A", "Juniori") follows its word, "grupa Domni"."""
    speak(club, "ro")
    door = DriveFactory(club=club, state=DriveState.OPEN)
    for number in range(9):
        player = PlayerFactory(club=club, name=f"Jucător {number}")
        services.entry_register(
            drive=door, player=player, group="AB"[number % 2], checked_in=True
        )
    ladies, gents = door.group_a_label, door.group_b_label
    page = text(organiser_client.get(drive_url(door, "entries/")))
    assert f"Mutați în grupa {gents}" in page
    assert f"Mutați în grupa {ladies}" in page
    assert f"pe rând, 1 jucător din grupa {ladies}." in page
    assert f"în {gents}" not in page and f"din {ladies}" not in page


def test_the_prize_tables_name_column_is_not_masculine(club, organiser_client):
    """The prizes page headed the column of who won with "Câștigător", a
    man, above "Maria Popescu"; it is the names' column, "Nume"."""
    from tests.factories import drive_with_players, play_drive, varied_tricks

    speak(club, "ro")
    drive = drive_with_players(players=8, club=club, hands=2)
    play_drive(drive, tricks=varied_tricks)
    html = organiser_client.get(reverse("prizes:drive", args=[drive.pk]))
    assert "<th>Nume</th>" in html.content.decode()
    assert "Câștigător" not in text(html)

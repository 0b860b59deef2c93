"""Italian speaks of a person beside their name without a man's ending, as the
Romanian catalogue does (tests/site/test_romanian_people_words.py): the door
told "Maria Lupu si è ritirato", "è già iscritto", "segnato come pagato".
Now a noun ("iscrizione", "ritiro", "pagamento segnato", "la sua voce") or a
verb with avere ("ha già l'iscrizione", "ha pagato"); "presente" has one
form for everyone."""

from __future__ import annotations

import re

import pytest
from django.utils import translation
from django.utils.translation import gettext

from drive import services
from drive.models import DriveState
from tests.factories import DriveFactory, PlayerFactory
from tests.fixtures import drive_url, messages_of
from tests.site import po
from tests.site.wording import ABOUT_A_PERSON, LOCALE, speak

# A participle or adjective agreeing with someone named, or a masculine
# pronoun standing for them ("ritiralo").
AGREEING = re.compile(
    r"(?:%\(name\)s|quindi)\s+(?:non\s+)?(?:si\s+)?(?:è|era|viene)\s+"
    r"(?:già\s+|di nuovo\s+|mai\s+)?"
    r"(?:iscritt|ritirat|disattivat|eliminat|attiv|segnat)[oa]\b"
    r"|\bsegnat[oa] (?:come pagat[oa]|presente)"
    r"|\b(?:ritiral|disattival|eliminal)o\b"
    r"|\(ritirat[oa] "
)


def test_no_italian_sentence_gives_a_named_person_a_gender():
    wrong = []
    for message in po.read(LOCALE / "it" / "LC_MESSAGES" / "django.po"):
        for said in message.translations:
            if ABOUT_A_PERSON.search(message.msgid) and AGREEING.search(said):
                wrong.append((message.msgid, said))
    assert not wrong, wrong


@pytest.mark.django_db
def test_the_door_tells_a_woman_typed_again_that_her_entry_exists(
    club, organiser_client
):
    speak(club, "it")
    door = DriveFactory(club=club, state=DriveState.OPEN)
    maria = PlayerFactory(club=club, name="Maria Lupu")
    services.entry_register(drive=door, player=maria, checked_in=False)
    url = drive_url(door, "entries/")
    organiser_client.post(url, {"name": "Maria Lupu", "checked_in": "on"})
    assert messages_of(organiser_client.get(url)) == [
        "Maria Lupu aveva già l'iscrizione numero 1: ora presenza segnata."
    ]


def test_the_captains_page_stays_at_its_table():
    with translation.override("it"):
        said = gettext(
            "This page stays with table %(table)s. Moving to another table? "
            "Open that table's page from its card."
        ) % {"table": 2}
    assert said.startswith("Questa pagina resta al tavolo 2.")

"""The MC's page names the next prize inside a sentence ("Next: Booby.",
"Winner of the next prize (2nd overall):", and "Next: ... It was decided
after its turn had passed ..."): the site's own name of a prize takes a
small first letter there in Polish, Russian, Romanian and Italian, as every
other sentence naming a prize (Award.in_sentence); a name the organiser
typed keeps its capitals, and English the prize table's. The record of
changes keeps the prize's title as a title."""

from __future__ import annotations

import html

import pytest
from django.test import Client

from drive.models import Drive
from players.models import AuditKind
from prizes import services as prize_services
from tests.factories import drive_with_players, play_drive, varied_tricks
from tests.fixtures import audit_events
from tests.prizes.prize_giving import press, speaking

pytestmark = pytest.mark.django_db

# The booby, next after Start: "Next: %(title)s." and the next prize's
# winner ("Winner of the next prize (%(title)s):").
BOOBY_NEXT = {
    "en-gb": ("Next: Booby.", "Winner of the next prize (Booby):"),
    "pl": (
        "Następna: nagroda pocieszenia.",
        "Następną nagrodę (nagroda pocieszenia) otrzymuje:",
    ),
    "ru": ("Далее: утешительный приз.", "Следующий приз (утешительный приз) получает:"),
    "ro": (
        "Urmează: premiul de consolare.",
        "Premiul următor (premiul de consolare) îl primește:",
    ),
    "it": (
        "Prossimo: premio di consolazione.",
        "Il prossimo premio (premio di consolazione) va a:",
    ),
}
# The 2nd place, next after the booby. A name beginning with a figure ("2.
# miejsce ogółem") reads the same anywhere; Romanian's begins with a word.
SECOND_NEXT = {
    "en-gb": ("Next: 2nd overall.", "Winner of the next prize (2nd overall):"),
    "pl": (
        "Następna: 2. miejsce ogółem.",
        "Następną nagrodę (2. miejsce ogółem) otrzymuje:",
    ),
    "ru": (
        "Далее: 2-е место в общем зачёте.",
        "Следующий приз (2-е место в общем зачёте) получает:",
    ),
    "ro": (
        "Urmează: locul 2 general.",
        "Premiul următor (locul 2 general) îl primește:",
    ),
    "it": ("Prossimo: 2° assoluto.", "Il prossimo premio (2° assoluto) va a:"),
}
# A consolation draw made after its turn had passed.
LATE = {
    "en-gb": "Next: Consolation draw. It was decided after its turn had passed",
    "pl": "Następna: losowanie dla osób bez nagrody. Rozstrzygnięto ją, gdy",
    "ru": "Далее: утешительный розыгрыш. Этот приз решён, когда",
    "ro": "Urmează: tragere la sorți de consolare. A fost decis după",
    "it": "Prossimo: premio a sorteggio. È stato deciso quando",
}
TYPED = {
    "en-gb": (
        "Next: The Wooden Spoon.",
        "Winner of the next prize (The Wooden Spoon):",
    ),
    "pl": (
        "Następna: The Wooden Spoon.",
        "Następną nagrodę (The Wooden Spoon) otrzymuje:",
    ),
    "ro": (
        "Urmează: The Wooden Spoon.",
        "Premiul următor (The Wooden Spoon) îl primește:",
    ),
}


def played(club, prizes: str) -> Drive:
    drive = drive_with_players(players=8, club=club, hands=3)
    prize_services.drive_prizes_update(drive=drive, prizes=prizes)
    return play_drive(drive, tricks=varied_tricks)


def mc_page(client: Client, drive: Drive) -> str:
    page = client.get(f"/drives/{drive.pk}/prize-giving/")
    assert page.status_code == 200
    return html.unescape(page.content.decode())


@pytest.mark.parametrize("language", sorted(BOOBY_NEXT))
def test_the_next_prize_is_named_as_the_sentence_needs(
    club, organiser_client, language
):
    drive = played(club, "1st overall\n2nd overall\nBooby")
    client = speaking(organiser_client, language)
    press(client, drive, "start")
    page = mc_page(client, drive)
    for words in BOOBY_NEXT[language]:
        assert words in page, words
    press(client, drive, "next")
    page = mc_page(client, drive)
    for words in SECOND_NEXT[language]:
        assert words in page, words


@pytest.mark.parametrize("language", sorted(LATE))
def test_a_prize_decided_after_its_turn_is_named_as_the_sentence_needs(
    club, organiser_client, language
):
    drive = played(club, "1st overall\n2nd overall\nConsolation draw")
    client = speaking(organiser_client, language)
    press(client, drive, "start")
    press(client, drive, "next")
    # The draw, last on the list, is made after the 2nd place was shown.
    prize_services.consolation_draw(drive=drive, position=3, by=None, seed=7)
    assert LATE[language] in mc_page(client, drive)


@pytest.mark.parametrize("language", sorted(TYPED))
def test_a_prize_name_the_organiser_typed_keeps_its_capitals(
    club, organiser_client, language
):
    drive = played(club, "1st overall\nBooby: The Wooden Spoon")
    client = speaking(organiser_client, language)
    press(client, drive, "start")
    page = mc_page(client, drive)
    for words in TYPED[language]:
        assert words in page, words


def test_the_record_of_changes_keeps_the_title(club, organiser_client):
    # In Romanian, where the sentence writes "premiul de consolare".
    drive = played(club, "1st overall\n2nd overall\nBooby")
    client = speaking(organiser_client, "ro")
    press(client, drive, "start")
    press(client, drive, "next")
    # Back, then the booby's line taken off the list: the next prize is a
    # line no longer on the list, named from what was announced.
    press(client, drive, "back")
    prize_services.drive_prizes_update(drive=drive, prizes="1st overall\n2nd overall")
    assert "Urmează: premiul de consolare." in mc_page(client, drive)
    press(client, drive, "next")
    shown = [e.new for e in audit_events(drive) if e.kind == AuditKind.GIVING_PRIZE]
    assert [new["prize"] for new in shown] == [
        "Premiul de consolare",
        "Premiul de consolare",
    ]
    # The 2nd place, shown from the MC's page that names it "locul 2 general".
    assert "Urmează: locul 2 general." in mc_page(client, drive)
    press(client, drive, "next")
    shown = [e.new for e in audit_events(drive) if e.kind == AuditKind.GIVING_PRIZE]
    assert shown[-1]["prize"] == "Locul 2 general"

"""Words an Italian reviewer changed walking an evening (6 December): the
door's tick box and badge said "Pagato" beside a lady's name (now "Ha
pagato", as ro "A plătit"), its button "Segna pagato" ("Segna il
pagamento"); the prediction card's columns said "Mani" for the game's deals
(prediction whist's deal is a smazzata) and "Distribuisci tu", word for word
(an Italian table says "Dai tu")."""

from __future__ import annotations

import html as html_lib
import re

import pytest

from drive import services
from drive.models import DriveState
from tests.factories import DriveFactory, PlayerFactory, prediction_drive
from tests.fixtures import drive_url
from tests.printing.fixtures import run
from tests.printing.printed import needs_pdftotext, pdf_text
from tests.site.wording import speak, text

pytestmark = pytest.mark.django_db


def test_the_door_says_who_has_paid_without_a_gender(club, organiser_client):
    speak(club, "it")
    door = DriveFactory(club=club, state=DriveState.OPEN)
    giulia = PlayerFactory(club=club, name="Giulia Bianchi")
    marco = PlayerFactory(club=club, name="Marco Rossi")
    services.entry_register(drive=door, player=giulia, checked_in=True)
    services.entry_register(drive=door, player=marco, checked_in=True)
    page = text(organiser_client.get(drive_url(door, "entries/")))
    assert " Ha pagato " in page, page
    assert "Segna il pagamento" in page, page
    assert " Pagato " not in page and "Segna pagato" not in page


@needs_pdftotext
def test_the_prediction_card_speaks_of_deals_and_who_deals(club, tmp_path):
    drive = prediction_drive(club)
    output = tmp_path / "cards.pdf"
    run(
        "print_drive",
        str(drive.pk),
        "--what",
        "scorecards",
        "--output",
        str(output),
        "--language",
        "it",
    )
    printed = pdf_text(output.read_bytes(), tmp_path)
    heading = next(line for line in printed.splitlines() if "Partita" in line)
    assert "Smazzate" in heading and "Dai tu" in heading, heading
    assert " Mani " not in heading and "Distribuisci" not in printed


def test_the_prediction_workbook_speaks_of_deals(club, tmp_path):
    """The workbook of a prediction drive said "Prima mano", "Ultima mano" in
    its Movement, "8 mani di riposo" in its Adjustments and "Mano" above its
    Corrections; prediction whist's deal is a smazzata."""
    from openpyxl import load_workbook

    from tests.predictions import play_to_the_end
    from tests.predictions import prediction_drive as wist_drive

    drive = play_to_the_end(
        wist_drive(club, players=7, sit_out_compensation="own_average")
    )
    output = tmp_path / "drive.xlsx"
    run("export_drive", str(drive.pk), "--output", str(output), "--language", "it")
    book = load_workbook(output, read_only=True)
    sheets = {
        sheet.title: list(sheet.iter_rows(values_only=True))
        for sheet in book.worksheets
    }
    movement = sheets["Movimento"][0]
    assert movement[1:3] == ("Prima smazzata", "Ultima smazzata"), movement
    reasons = [row[4] for row in sheets["Rettifiche di punti"][1:]]
    assert reasons and all(" smazzate di riposo: " in r for r in reasons), reasons
    assert sheets["Risultati corretti"][0][0] == "Smazzata"
    assert not [c for rows in sheets.values() for r in rows for c in r if c == "Mano"]


@pytest.mark.parametrize(
    ("language", "said"),
    [
        (
            "it",
            [
                "Il numero 2 è in 2 coppie (2 e 12, 2 e 13): lascialo in una sola coppia",
                "Il numero 14 (in coppia con 3) non è nel torneo: aggiungi l'iscrizione "
                "o elimina la coppia",
                "Il numero 7 non è in nessuna coppia: mettilo in una coppia o registra il "
                "ritiro",
            ],
        ),
        (
            "ro",
            [
                "Numărul 2 este în 2 perechi (2 și 12, 2 și 13): lăsați-l într-o singură "
                "pereche",
                "Numărul 14 (în pereche cu 3) nu este în turneu: adăugați înscrierea sau "
                "eliminați perechea",
                "Numărul 7 nu este în nicio pereche: puneți-l într-o pereche sau marcați "
                "retragerea",
            ],
        ),
    ],
)
def test_a_pairs_problem_speaks_of_the_number_not_a_man(language, said):
    """A partners drive's pairs check said "Il giocatore 7 … iscrivilo …
    ritiralo", "Jucătorul 7 … înscrieți-l … retrageți-l" of anyone: now the
    entry's number is the subject, and the withdrawal a noun."""
    from django.utils import translation

    from drive.movement.partners import check_pairs

    with translation.override(language):
        problems = check_pairs(
            players=[1, 2, 3, 7, 11, 12, 13],
            pairs=[(1, 11), (2, 12), (2, 13), (3, 14)],
        )
    assert problems == said, problems


@pytest.mark.parametrize(
    ("language", "button", "told"),
    [
        ("it", "Aggiungi un'altra voce: Sara Greco", "Nell'elenco giocatori c'è già"),
        (
            "ro",
            "Adăugați încă o înregistrare: Sara Greco",
            "Dacă este altă persoană cu același nume, adăugați încă o înregistrare.",
        ),
    ],
)
def test_a_namesake_on_the_roster_is_added_as_another_row(
    club, organiser_client, language, button, told
):
    """The roster's button beside a lady's name said "Aggiungi un altro Sara
    Greco", "Adăugați încă un jucător Sara Greco" (and "adăugați-l"): now
    another row of the roster, the glossary's voce and înregistrare."""
    speak(club, language)
    PlayerFactory(club=club, name="Sara Greco")
    form = {"name": "Sara Greco", "email": "", "phone": "", "group": ""}
    page = organiser_client.post("/players/", form)
    assert page.status_code == 400
    words = re.sub(
        r"\s+", " ", html_lib.unescape(re.sub(r"<[^>]+>", " ", page.content.decode()))
    )
    assert button in words, words
    assert told in words, words
    assert "un altro Sara" not in words and "adăugați-l" not in words

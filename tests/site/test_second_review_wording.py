"""Wording a second reviewer of the site in Polish, Russian, Romanian and
Italian found wrong, each in the language it was found in (the first
review's: test_reviewed_wording.py, whose helpers these tests share)."""

from __future__ import annotations

import html as html_lib
import re

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import translation
from django.utils.translation import gettext

from drive.group_words import default_group_labels
from drive.models import Table
from drive.movement.types import FORMATS, Format
from drive.seat_letters import seat_letter
from drive.trumps import parse_sequence
from printing.table_cards import movement_instructions
from prizes.prize_list import PrizeKind, PrizeSpec
from scoring import captain as captain_services
from scoring.card_totals import passed_over_note
from scoring.rules import deal_text
from scoring.selectors import tables_at_text
from scoring.tiebreaks import Rule
from tests.factories import (
    drive_with_players,
    play_round,
    prediction_drive,
)
from tests.site import po
from tests.site.wording import LOCALE, speak, text

pytestmark = pytest.mark.django_db

# The second review (Polish, Russian, Romanian, Italian).

# 11. The Movement page writes a seat in the language's own letters, as the
# score cards and slips do: Italian O (Ovest), Romanian V (Vest), Russian З.


@pytest.mark.parametrize(
    ("language", "west", "east", "cell"),
    [
        ("en-gb", "W", "E", r"\b\d+(\w) with \d+"),
        ("pl", "W", "E", r"\b\d+(\w)\sz\s\d+"),
        # Russian parts the seat from the table with a comma, the partner in
        # brackets ("1, С (8)", not "1С с 8"; "3, З", not "3 З", read as 33);
        # Italian parts O from the table ("3, O", not 30).
        ("ru", "З", "В", r"\b\d+,\s(\w) \(\d+\)"),
        ("ro", "V", "E", r"\b\d+(\w) cu\s\d+"),
        ("it", "O", "E", r"\b\d+,\s(\w) con\s\d+"),
    ],
)
def test_the_movement_page_writes_seats_in_the_languages_letters(
    club, organiser_client, language, west, east, cell
):
    speak(club, language)
    drive = drive_with_players(players=16, club=club, hands=4)
    page = text(organiser_client.get(reverse("drive:movement", args=[drive.pk])))
    cells = re.findall(cell, page)
    assert cells, page
    with translation.override(language):
        letters = {seat_letter(seat) for seat in "NESW"}
    assert {west, east} <= set(cells) <= letters, set(cells)


@pytest.mark.parametrize(
    ("language", "west"), [("en-gb", "W"), ("ro", "V"), ("it", "O"), ("ru", "З")]
)
def test_the_results_cards_write_seats_in_the_languages_letters(
    club, organiser_client, language, west
):
    speak(club, language)
    drive = drive_with_players(players=8, club=club, hands=2)
    play_round(drive)
    play_round(drive)
    page = organiser_client.get(reverse("prizes:results", args=[drive.pk]))
    seats = re.findall(r'<td class="num">\d+</td><td>(\w)</td>', page.content.decode())
    with translation.override(language):
        letters = {seat_letter(seat) for seat in "NESW"}
    assert west in seats and set(seats) <= letters, set(seats)


# 12. A group's prizes in Italian: a label after a dash, never an adjective
# that disagrees with the group's name ("Migliore Dame", "Ultimo Dame"); the
# lowest is "Ultimo posto", which fits a lady as well as a gentleman.


@pytest.mark.parametrize(
    ("kind", "place", "shown"),
    [
        (PrizeKind.GROUP, 1, "Miglior punteggio\u00a0– Dame"),
        (PrizeKind.GROUP, 2, "2° posto\u00a0– Dame"),
        (PrizeKind.LOWEST, 1, "Ultimo posto\u00a0– Dame"),
        (PrizeKind.HALF_TIME, 1, "In testa all'intervallo\u00a0– Dame"),
        (PrizeKind.SECOND_HALF, 1, "Secondo tempo\u00a0– Dame"),
    ],
)
def test_an_italian_group_prize_reads_as_a_heading(kind, place, shown):
    labels = default_group_labels("it")
    with translation.override("it"):
        assert PrizeSpec(kind=kind, place=place, group="A").shown(labels) == shown


def test_the_italian_lowest_overall_is_a_place_not_a_man():
    with translation.override("it"):
        assert PrizeSpec(kind=PrizeKind.LOWEST).shown({}) == "Ultimo posto assoluto"


# 13. Two results that disagree, said where they are: Italian "al tavolo 1",
# "ai tavoli 1 e 2" (not "a tavolo 1"), each language its own "at".


@pytest.mark.parametrize(
    ("language", "one", "two"),
    [
        ("en-gb", "at table 1", "at tables 1 and 2"),
        ("pl", "przy stoliku 1", "przy stolikach 1 i 2"),
        ("ru", "за столом 1", "за столами 1 и 2"),
        ("ro", "la masa 1", "la mesele 1 și 2"),
        ("it", "al tavolo 1", "ai tavoli 1 e 2"),
    ],
)
def test_a_disagreement_is_said_at_its_tables(
    club, organiser_client, language, one, two
):
    speak(club, language)
    drive = drive_with_players(players=8, club=club, hands=4, hands_per_round=1)
    for table_number in (1, 2):
        table = Table.objects.get(drive=drive, number=table_number)
        for ns, key in ((9, "a"), (4, "b")):
            captain_services.captain_result_submit(
                table=table,
                hand=1,
                ns_tricks=ns,
                idempotency_key=f"{key}{table_number}".ljust(22, "x"),
            )
        if table_number == 1:
            with translation.override(language):
                assert tables_at_text([1]) == one
    room = text(organiser_client.get(reverse("scoring:room", args=[drive.pk])))
    assert f" {two}" in room, room
    with translation.override(language):
        settle = gettext("Settle the disagreement %(at_tables)s first.")
    response = organiser_client.post(
        reverse("scoring:room_start_next", args=[drive.pk]), {"round": "1"}
    )
    assert response.status_code == 409
    assert settle % {"at_tables": two} in html_lib.unescape(response.content.decode())


# 14. The ties' rules inside a sentence are written lower-case, as running
# text (the form's choices keep their capitals).


@pytest.mark.parametrize(
    ("language", "ties"),
    [
        (
            "en-gb",
            "Ties: count-back from the last hand, then most hands won, then best "
            "single hand, then a draw by the organiser (a cut of the cards).",
        ),
        (
            "pl",
            "Remisy: porównanie od ostatniego rozdania, potem najwięcej wygranych "
            "rozdań, potem najlepsze pojedyncze rozdanie, potem losowanie przez "
            "organizatora (ciągnięcie karty).",
        ),
        (
            "ru",
            "При равенстве: сравнение с последней сдачи, затем больше всего "
            "выигранных сдач, затем лучшая отдельная сдача, затем жеребьёвка "
            "(организатор тянет карту).",
        ),
        (
            "ro",
            "Egalități: departajare inversă de la ultima mână, apoi cele mai multe "
            "mâini câștigate, apoi cea mai bună mână, apoi o tragere la sorți "
            "făcută de organizator (tăierea cărților).",
        ),
        (
            "it",
            "Pari merito: conteggio a ritroso dall'ultima mano, poi più mani vinte, "
            "poi miglior mano singola, poi un sorteggio dell'organizzatore (taglio "
            "delle carte).",
        ),
    ],
)
def test_the_ties_rules_read_as_running_text(club, organiser_client, language, ties):
    speak(club, language)
    drive = drive_with_players(players=8, club=club, hands=4)
    page = text(organiser_client.get(reverse("prizes:drive", args=[drive.pk])))
    assert ties in page
    with translation.override(language):
        assert passed_over_note([Rule.HANDS_WON]).endswith(f": {Rule.HANDS_WON.words}.")
        assert Rule.HANDS_WON.words.islower()


# 15. A table card's first line says when the moves come, never "change
# tables" over lines that say who stays; a rubber drive's round ends at the bell.


@pytest.mark.parametrize(
    ("language", "every_hand", "every_four", "bell"),
    [
        (
            "en-gb",
            "Moves after every hand: see below.",
            "Moves after every 4 hands: see below.",
            "Each round ends when the organiser rings the bell;",
        ),
        (
            "pl",
            "Przejścia po każdym rozdaniu: zobacz niżej.",
            "Przejścia co 4 rozdania: zobacz niżej.",
            "Każda runda kończy się, gdy organizator zadzwoni dzwonkiem;",
        ),
        (
            "ru",
            "Переходы после каждой сдачи: см. ниже.",
            "Переходы через каждые 4 сдачи: см. ниже.",
            "Каждый тур заканчивается по звонку организатора;",
        ),
        (
            "ro",
            "Mutările după fiecare mână: vedeți mai jos.",
            "Mutările după fiecare 4 mâini: vedeți mai jos.",
            "Fiecare rundă se încheie când organizatorul sună clopoțelul;",
        ),
        (
            "it",
            "Spostamenti dopo ogni mano: vedi sotto.",
            "Spostamenti ogni 4 mani: vedi sotto.",
            "Ogni turno finisce quando l'organizzatore suona la campanella;",
        ),
    ],
)
@pytest.mark.parametrize("format", [f.value for f in Format if f != Format.PREDICTION])
def test_a_table_cards_first_line_says_when_the_moves_come(
    language, every_hand, every_four, bell, format
):
    def card(hands_per_round: int) -> list[str]:
        return movement_instructions(
            format=format,
            winners_move=False,
            group_a="A",
            group_b="B",
            hands_per_round=hands_per_round,
            table=2,
            tables=4,
            pairs=8,
            rounds=4,
        )

    with translation.override(language):
        if format == Format.RUBBER:
            assert card(1)[0].startswith(bell) and card(4)[0].startswith(bell)
        else:
            assert (card(1)[0], card(4)[0]) == (every_hand, every_four)


# 16. Both sides revoking voids the hand (scoring.rules): the captain's button
# and the check's words say so, never that the hand is dealt again.


@pytest.mark.parametrize(
    ("language", "button", "words", "redeal"),
    [
        (
            "en-gb",
            "Both sides revoked (hand void)",
            "both sides revoked: hand void, no score",
            "redeal",
        ),
        (
            "pl",
            "Obie strony popełniły fałszywy renons (rozdanie nieważne)",
            "obie strony popełniły fałszywy renons: rozdanie nieważne, bez punktów",
            "od nowa",
        ),
        (
            "ru",
            "Ренонс обеих сторон (сдача аннулирована)",
            "ренонс обеих сторон: сдача аннулирована, без очков",
            "пересдача",
        ),
        (
            "ro",
            "Ambele axe au făcut renons (mână anulată)",
            "ambele axe au făcut renons: mână anulată, fără scor",
            "se reîmparte)",
        ),
        (
            "it",
            "Renonce di entrambe le linee (mano annullata)",
            "renonce di entrambe le linee: mano annullata, nessun punteggio",
            "si ridistribuisce)",
        ),
    ],
)
def test_both_sides_revoking_voids_the_hand(club, language, button, words, redeal):
    speak(club, language)
    drive = drive_with_players(players=8, club=club, hands=2, count_honours=True)
    key = Table.objects.get(drive=drive, number=1).captain_key
    response = Client().get(
        f"/t/{key}/", {"hand": 1, "ns": 7, "honours": "", "revoke": "both"}
    )
    page = text(response)
    assert button in page and words in page
    assert redeal not in page
    with translation.override(language):
        assert deal_text("", "both") == words


# 17. Romanian speaks to the organiser formally: "Citiți", never "Citește".

INFORMAL_ROMANIAN = [
    "Adaugă",
    "Alege",
    "Apasă",
    "Arată",
    "Așteaptă",
    "Caută",
    "Citește",
    "Continuă",
    "Creează",
    "Deschide",
    "Folosește",
    "Încearcă",
    "Introdu",
    "Lasă",
    "Marchează",
    "Păstrează",
    "Revocă",
    "Salvează",
    "Schimbă",
    "Scrie",
    "Șterge",
    "Sună",
    "Tipărește",
    "Trimite",
    "Verifică",
]


def test_romanian_asks_formally(club, organiser_client):
    speak(club, "ro")
    drive = drive_with_players(players=8, club=club, hands=4)
    projector = text(
        organiser_client.get(reverse("scoring:projector", args=[drive.pk]))
    )
    assert "Citiți anunțurile cu voce tare" in projector
    with translation.override("ro"):
        assert gettext("Ring the bell on the projector") == (
            "Sunați clopoțelul pe proiector"
        )
    informal = [
        (message.msgid, said)
        for message in po.read(LOCALE / "ro" / "LC_MESSAGES" / "django.po")
        if message.msgid and not message.msgid.split()[0].endswith("s")
        for said in message.translations
        if said.split() and said.split()[0] in INFORMAL_ROMANIAN
    ]
    assert informal == []


# 18. A prediction drive's settings speak of deals and games; a new drive's
# form, whose format is still to choose, names both wherever they differ.


@pytest.mark.parametrize(
    ("language", "per_hand", "per_round", "per_deal", "per_game"),
    [
        ("en-gb", "per hand", "per round", "per deal", "per game"),
        ("pl", "na rozdanie", "na rundę", "na rozdanie", "na partię"),
        ("ru", "на сдачу", "на тур", "на сдачу", "на партию"),
        ("ro", "pe mână", "pe rundă", "pe mână", "pe joc"),
        ("it", "per mano", "per turno", "per smazzata", "per partita"),
    ],
)
def test_a_prediction_drives_settings_say_deals_and_games(
    club, organiser_client, language, per_hand, per_round, per_deal, per_game
):
    speak(club, language)
    wist = prediction_drive(club, players=8, games=2)
    form = organiser_client.get(reverse("drive:edit", args=[wist.pk]))
    html = html_lib.unescape(form.content.decode())
    clock = re.findall(r'name="clock_per"[^>]*>\s*(?:<span>)?([^<]+?)\s*<', html)
    assert clock == [per_deal, per_game]
    with translation.override(language):
        assert str(wist.words.sit_out_fixed_score) in text(form)
    hands = drive_with_players(players=8, club=club, hands=4)
    form = organiser_client.get(reverse("drive:edit", args=[hands.pk]))
    html = html_lib.unescape(form.content.decode())
    clock = re.findall(r'name="clock_per"[^>]*>\s*(?:<span>)?([^<]+?)\s*<', html)
    assert clock == [per_hand, per_round]


@pytest.mark.parametrize(
    ("language", "fixed", "room", "per_round"),
    [
        (
            "en-gb",
            "A fixed score for each hand or deal sat out",
            "The room's average for that hand (for that game in prediction whist)",
            "per round or game",
        ),
        (
            "pl",
            "Stały wynik za każde rozdanie pauzy",
            "Średnia sali w tym rozdaniu (w wiście z deklaracjami: w tej partii)",
            "na rundę lub partię",
        ),
        (
            "ru",
            "Фиксированные очки за каждую сдачу отдыха",
            "Среднее по залу за эту сдачу (в висте с заказом — за эту партию)",
            "на тур или партию",
        ),
        (
            "ro",
            "Un scor fix pentru fiecare mână stată pe dinafară",
            "Media sălii pentru acea mână (pentru acel joc la whist cu licitație)",
            "pe rundă sau pe joc",
        ),
        (
            "it",
            "Un punteggio fisso per ogni mano o smazzata di riposo",
            "La media della sala per quella mano (per quella partita nel whist a "
            "previsione)",
            "per turno o partita",
        ),
    ],
)
def test_a_new_drives_form_speaks_of_the_movement_chosen(
    club, organiser_client, language, fixed, room, per_round
):
    """The new drive's form shows the settings of the movement chosen, in
    its words: no longer every movement's words at once ("hand or deal",
    "round or game"), but a progressive drive's rounds and a prediction
    whist drive's games."""
    speak(club, language)
    page = text(organiser_client.get(reverse("drive:create")))
    assert room not in page and f" {per_round} " not in page
    with translation.override(language):
        hands, deals = (
            FORMATS[Format.PROGRESSIVE].words,
            FORMATS[Format.PREDICTION].words,
        )
        per_hands_round = str(hands.clock_setting.per_round)
        per_game = str(deals.clock_setting.per_round)
    assert f" {per_hands_round} " in page
    page = text(organiser_client.get(reverse("drive:create") + "?format=prediction"))
    assert f" {per_game} " in page and f" {per_round} " not in page


def test_an_unknown_suit_is_answered_with_the_suits_in_running_text():
    with translation.override("it"), pytest.raises(ValueError) as refused:
        parse_sequence("cuori, spade")
    assert str(refused.value) == (
        "«spade» non è un seme. Usa cuori, quadri, picche, fiori o senza atout."
    )
    with translation.override("it"):
        assert parse_sequence("cuori, senza atout")[0] == parse_sequence("H")[0]

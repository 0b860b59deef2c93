"""The words a reviewer read in Polish, Russian, Romanian and Italian and
found wrong, as the pages now say them: whole sentences in the format's words
(a prediction drive's games and deals), counted phrases with their plural
forms, check-in marks that fit every player, and nothing said twice."""

from __future__ import annotations

import html as html_lib
import re
from pathlib import Path

import pytest
from django.conf import settings
from django.test import Client
from django.urls import reverse
from django.utils import translation
from django.utils.translation import gettext

from drive.group_words import default_group_labels
from drive.models import Entry, Table
from drive.movement.types import Format
from drive.seat_letters import seat_letter
from drive.trumps import parse_sequence
from printing.table_cards import MoveFacts, ProgressiveMoves, movement_instructions
from prizes.prize_list import PrizeKind, PrizeSpec
from scoring import captain as captain_services
from scoring.card_totals import passed_over_note
from scoring.models import ResultStatus
from scoring.prediction_words import game_words
from scoring.rules import deal_text
from scoring.selectors import tables_at_text
from scoring.tiebreaks import Rule
from tests.factories import (
    drive_with_players,
    enter_tricks,
    play_round,
    prediction_drive,
)
from tests.fixtures import messages_of
from tests.predictions import play_deals
from tests.site import po

pytestmark = pytest.mark.django_db

LOCALE = Path(settings.BASE_DIR) / "locale"

# Seven players at one table of five: two sit out each game.
SIT_OUT_PREDICTION_PLAYERS = 7


def speak(club, language: str) -> None:
    """The club's pages in `language` (each page follows its club's)."""
    club.language = language
    club.save()


def text(response) -> str:
    """A page's words: tags gone, entities read, spaces squeezed."""
    assert response.status_code == 200, response.status_code
    page = re.sub(r"<[^>]+>", " ", response.content.decode())
    return re.sub(r"\s+", " ", html_lib.unescape(page))


def captain(drive, number: int = 1) -> str:
    key = Table.objects.get(drive=drive, number=number).captain_key
    return text(Client().get(f"/t/{key}/"))


# 1. The deal's count in the game, then the evening's: not the same words twice.


@pytest.mark.parametrize(
    ("language", "game", "evening"),
    [
        ("en-gb", "Deal 1 of 8", "Game 1 · deal 1 of 16 tonight"),
        ("pl", "Rozdanie 1 z 8", "Partia 1 · rozdanie 1 z 16 tego wieczoru"),
        ("ru", "Сдача 1 из 8", "Партия 1 · сдача 1 из 16 за вечер"),
        ("ro", "Mâna 1 din 8", "Jocul 1 · mâna 1 din 16 în seara aceasta"),
        ("it", "Smazzata 1 di 8", "Partita 1 · smazzata 1 di 16 della serata"),
    ],
)
def test_a_prediction_captain_reads_the_deal_of_the_game_then_of_the_evening(
    club, language, game, evening
):
    speak(club, language)
    page = captain(prediction_drive(club, players=8, games=2))
    assert f"{game} {evening}" in page


# 2. The moves' heading is one sentence, the round or game in its case.


@pytest.mark.parametrize(
    ("language", "rounds", "games"),
    [
        ("en-gb", "Moves after round 1", "Moves after game 1"),
        ("pl", "Przejścia po rundzie 1", "Przejścia po partii 1"),
        ("ru", "Переходы после тура 1", "Переходы после партии 1"),
        ("ro", "Mutările după runda 1", "Mutările după jocul 1"),
        ("it", "Spostamenti dopo il turno 1", "Spostamenti dopo la partita 1"),
    ],
)
def test_the_moves_heading_says_after_which_round_or_game(
    club, language, rounds, games
):
    speak(club, language)
    prediction = prediction_drive(club, players=8, games=2)
    play_deals(prediction)
    assert prediction.current_round == 2
    assert f"{games} " in captain(prediction)

    hands = drive_with_players(players=8, club=club, hands=4)
    play_round(hands)
    assert hands.current_round == 2
    assert f"{rounds} " in captain(hands)


# 3. Who sits out: one sentence, counted, in the format's word.


@pytest.mark.parametrize(
    ("language", "grouped", "prediction"),
    [
        (
            "en-gb",
            "Each round 2 players sit out, in turn: 1 from {a}, 1 from {b}.",
            "Each game 2 players sit out, in turn.",
        ),
        (
            "pl",
            "W każdej rundzie pauzują po kolei 2 osoby: 1 z grupy {a}, 1 z grupy {b}.",
            "W każdej partii pauzują po kolei 2 osoby.",
        ),
        (
            "ru",
            "В каждом туре по очереди отдыхают 2 игрока: 1 из группы «{a}», "
            "1 из группы «{b}».",
            "В каждой партии по очереди отдыхают 2 игрока.",
        ),
    ],
)
def test_the_sit_out_note_is_a_counted_sentence_in_the_formats_word(
    club, organiser_client, language, grouped, prediction
):
    speak(club, language)
    drive = drive_with_players(players=10, club=club, format="progressive", start=False)
    page = text(organiser_client.get(reverse("drive:entries", args=[drive.pk])))
    expected = grouped.format(a=drive.group_a_label, b=drive.group_b_label)
    assert expected in page

    wist = prediction_drive(
        club, players=SIT_OUT_PREDICTION_PLAYERS, games=2, start=False
    )
    page = text(organiser_client.get(reverse("drive:entries", args=[wist.pk])))
    assert prediction in page


# 4. The check-in mark fits every player.


@pytest.mark.parametrize(
    ("language", "column", "mark", "box"),
    [
        ("en-gb", "Here", "Checked in ✓", "Here now"),
        ("pl", "Obecność", "Obecność ✓", "Jest na sali"),
        ("ru", "На месте", "На месте ✓", "Уже на месте"),
        ("ro", "Prezență", "Prezență ✓", "Este în sală"),
        ("it", "Presenza", "Presente ✓", "In sala"),
    ],
)
def test_the_check_in_words_have_no_gender(
    club, organiser_client, language, column, mark, box
):
    speak(club, language)
    drive = drive_with_players(players=8, club=club, start=False)
    Entry.objects.filter(drive=drive).update(checked_in=True)
    page = text(organiser_client.get(reverse("drive:entries", args=[drive.pk])))
    assert f" {column} " in page and mark in page and box in page
    assert "Obecny" not in page and "Prezent " not in page


# 5. The welcome names the club once, and agrees with nothing in it.


@pytest.mark.parametrize(
    ("language", "welcome"),
    [
        ("en-gb", "Welcome: “Klub Wista” is set up. Now add your first drive."),
        ("pl", "Witaj. Utworzono: „Klub Wista”. Teraz dodaj pierwszy turniej."),
        (
            "ru",
            "Добро пожаловать. Создано: «Klub Wista». Теперь добавьте первый турнир.",
        ),
    ],
)
def test_the_welcome_names_the_club_once(db, language, welcome):
    response = Client(HTTP_ACCEPT_LANGUAGE=language).post(
        "/setup/",
        {
            "club_name": "Klub Wista",
            "username": "ola",
            "password": "a long pass phrase 42",
            "password_again": "a long pass phrase 42",
            "language": language,
        },
        follow=True,
    )
    assert messages_of(response) == [welcome]


# 6. The slips' missing tables: counted, and the round in the format's word.


@pytest.mark.parametrize(
    ("language", "one", "two", "game"),
    [
        (
            "en-gb",
            "Table still missing in round 1: 3.",
            "Tables still missing in round 1: 2, 3.",
            "Tables still missing in game 1: 1, 2.",
        ),
        (
            "pl",
            "Brakujący stolik w rundzie 1: 3.",
            "Brakujące stoliki w rundzie 1: 2, 3.",
            "Brakujące stoliki w partii 1: 1, 2.",
        ),
        (
            "ru",
            "Недостающий стол в туре 1: 3.",
            "Недостающие столы в туре 1: 2, 3.",
            "Недостающие столы в партии 1: 1, 2.",
        ),
    ],
)
def test_the_slips_count_the_missing_tables(
    club, assistant_client, language, one, two, game
):
    speak(club, language)
    drive = drive_with_players(players=12, club=club, hands=3)
    enter_tricks(drive, None, 1, [8])
    page = text(assistant_client.get(f"/drives/{drive.pk}/slips/"))
    assert two in page
    enter_tricks(drive, None, 2, [8])
    page = text(assistant_client.get(f"/drives/{drive.pk}/slips/"))
    assert one in page

    # A prediction drive takes no slips (its deals are not N-S tricks): its
    # words say the same sentence of a game.
    wist = prediction_drive(club, players=8, games=2)
    with translation.override(language):
        assert wist.words.tables_missing(round=1, tables="1, 2", count=2) == game


# 7. A prediction drive's room and projector speak of games.


@pytest.mark.parametrize(
    ("language", "rounds", "games", "sound", "clock"),
    [
        (
            "en-gb",
            "No round clock. To have one, set the minutes per hand or per round",
            "No game clock. To have one, set the minutes per deal or per game",
            "at each new game",
            "Game clock",
        ),
        (
            "pl",
            "Brak zegara rundy.",
            "Brak zegara partii. Aby go mieć, ustaw minuty na rozdanie lub na partię",
            "na początku każdej partii",
            "Zegar partii",
        ),
        (
            "ru",
            "Часов тура нет.",
            "Часов партии нет. Чтобы они были, задайте минуты на сдачу или на партию",
            "в начале каждой партии",
            "Часы партии",
        ),
    ],
)
def test_the_room_clock_and_the_projector_say_game(
    club, organiser_client, language, rounds, games, sound, clock
):
    speak(club, language)
    wist = prediction_drive(club, players=8, games=2)
    response = organiser_client.get(reverse("scoring:room", args=[wist.pk]))
    assert f'aria-label="{clock}"' in response.content.decode()
    room = text(response)
    assert games in room and rounds not in room
    projector = text(organiser_client.get(reverse("scoring:projector", args=[wist.pk])))
    assert sound in projector

    hands = drive_with_players(players=8, club=club, hands=4)
    room = text(organiser_client.get(reverse("scoring:room", args=[hands.pk])))
    assert rounds in room and games not in room


# 8. The room's history: the version written out, the status as the badge says.


@pytest.mark.parametrize(
    ("language", "line", "badge"),
    [
        ("en-gb", "version 1: N-S 7, E-W 6 · Confirmed", "confirmed"),
        ("pl", "wersja 1: N-S 7, E-W 6 · Potwierdzone", "potwierdzone"),
        ("ru", "версия 1: С-Ю 7, В-З 6 · Подтверждено", "подтверждено"),
    ],
)
def test_the_rooms_history_agrees_with_its_badge(
    club, organiser_client, language, line, badge
):
    speak(club, language)
    drive = drive_with_players(players=8, club=club, hands=4)
    enter_tricks(drive, None, 1, [7])
    room = organiser_client.get(reverse("scoring:room", args=[drive.pk]))
    page = text(room)
    assert line in page and f" {badge} " in page
    assert re.search(r'<span class="side">[^<]+</span> 7', room.content.decode())
    with translation.override(language):
        assert str(ResultStatus.CONFIRMED.label).lower() == badge

    wist = prediction_drive(club, players=8, games=2)
    play_deals(wist, hands=[1])
    page = text(organiser_client.get(reverse("scoring:room", args=[wist.pk])))
    assert line.split(":")[0] in page and line.split(" · ")[1] in page


# 9. The last hand of a table's round is said once.


@pytest.mark.parametrize(
    ("language", "listed"),
    [
        ("en-gb", "Hand 1 is in: N-S 8 tricks, E-W 5."),
        ("pl", "Rozdanie 1 zapisane, lewy: N-S 8, E-W 5."),
        ("ru", "Сдача 1 принята, взятки: С-Ю 8, В-З 5."),
    ],
)
def test_the_last_hand_of_the_round_is_said_once(club, language, listed):
    speak(club, language)
    drive = drive_with_players(players=8, club=club, hands=2, hands_per_round=1)
    table = Table.objects.get(drive=drive, number=1)
    client = Client()
    response = client.post(
        f"/t/{table.captain_key}/result/",
        {"hand": "1", "ns_tricks": "8", "idempotency_key": "k" * 22, "table": "1"},
        follow=True,
    )
    page = text(response)
    assert page.count(listed) == 1
    assert messages_of(response) == []
    first, second = listed.split(" ")[0:2]
    assert page.count(f"{first} {second} ") == 1  # no flash saying it again
    assert '<span class="side">' in response.content.decode()


# 10. Asking to print nothing is answered in words, with the kinds' names.


@pytest.mark.parametrize(
    ("language", "choose", "kind"),
    [
        (
            "en-gb",
            "Choose what to print: Score cards, Blank score cards,",
            "Travel slips",
        ),
        ("pl", "Wybierz, co wydrukować: Karty wyników,", "Karty stolików"),
        ("ru", "Выберите, что напечатать: Карточки игроков,", "Карточки столов"),
    ],
)
def test_printing_nothing_names_the_kinds(
    club, organiser_client, language, choose, kind
):
    speak(club, language)
    drive = drive_with_players(players=8, club=club, hands=4)
    response = organiser_client.get(f"/drives/{drive.pk}/print/")
    assert response.status_code == 400
    page = re.sub(r"\s+", " ", html_lib.unescape(response.content.decode()))
    assert choose in page and kind in page
    assert "„”" not in page and "“”" not in page and "«»" not in page
    assert "scorecards" not in page and "blank-cards" not in page
    unknown = organiser_client.get(f"/drives/{drive.pk}/print/?kind=menus")
    assert unknown.status_code == 400
    assert "menus" in unknown.content.decode() and kind in html_lib.unescape(
        unknown.content.decode()
    )


def test_the_script_is_told_when_the_page_says_the_result_itself(club):
    drive = drive_with_players(players=8, club=club, hands=4, hands_per_round=2)
    table = Table.objects.get(drive=drive, number=1)
    url = f"/t/{table.captain_key}/result/"
    json = {"HTTP_ACCEPT": "application/json"}
    data = {"table": "1", "ns_tricks": "8"}
    first = Client().post(
        url, {**data, "hand": "1", "idempotency_key": "a" * 22}, **json
    )
    assert first.json() == {
        "ok": True,
        "kind": "recorded",
        "message": "Hand 1 is in: N-S 8, E-W 5.",
    }
    last = Client().post(
        url, {**data, "hand": "2", "idempotency_key": "b" * 22}, **json
    )
    assert last.json() == {
        "ok": True,
        "kind": "recorded",
        "message": "Hand 2 is in: N-S 8, E-W 5.",
        "on_page": True,
    }


# A table card's moves name the groups as a label, never as the sentence's
# subject without its article (Romanian "Doamne urcă" reads "Lord, it goes up").


@pytest.mark.parametrize(
    ("language", "moves", "from_table"),
    [
        (
            "ro",
            "Câștigătorii se mută: cei din Doamne urcă o masă, cei din Domni "
            "coboară o masă.",
            "jucătorul câștigător din Doamne merge la masa 4",
        ),
        (
            "it",
            "Si spostano i vincitori: il gruppo Dame sale di un tavolo, il gruppo "
            "Cavalieri scende di un tavolo.",
            "il vincente del gruppo Dame va al tavolo 4",
        ),
    ],
)
def test_a_table_card_names_the_groups_moving(language, moves, from_table):
    labels = default_group_labels(language)
    facts = MoveFacts(
        winners_move=True,
        groups={"group_a": labels["A"], "group_b": labels["B"]},
        table=3,
        tables=10,
        pairs=0,
        rounds=24,
    )
    with translation.override(language):
        lines = ProgressiveMoves().lines(facts)
    assert lines[0] == moves
    assert any(from_table in line for line in lines), lines


# A suit inside a sentence is written as the language writes it there:
# lower-case but in English, after its own word for trumps.


@pytest.mark.parametrize(
    ("language", "deals"),
    [
        (
            "en-gb",
            ": 1 Hearts trumps, 2 Diamonds trumps, 3 Clubs trumps, 4 Spades trumps;",
        ),
        ("pl", ": 1 atut kier, 2 atut karo, 3 atut trefl, 4 atut pik;"),
        ("ru", ": 1 козыри червы, 2 козыри бубны, 3 козыри трефы, 4 козыри пики;"),
        ("ro", ": 1 atu inimă roșie, 2 atu romb, 3 atu treflă, 4 atu pică;"),
        ("it", ": 1 atout cuori, 2 atout quadri, 3 atout fiori, 4 atout picche;"),
    ],
)
def test_a_prediction_games_deals_name_their_suits_in_running_text(language, deals):
    with translation.override(language):
        assert deals in game_words()


# The second review (Polish, Russian, Romanian, Italian).

# 11. The Movement page writes a seat in the language's own letters, as the
# score cards and slips do: Italian O (Ovest), Romanian V (Vest), Russian З.


@pytest.mark.parametrize(
    ("language", "west", "east", "word"),
    [
        ("en-gb", "W", "E", "with"),
        ("pl", "W", "E", "z"),
        ("ru", "З", "В", "с"),
        ("ro", "V", "E", "cu"),
        ("it", "O", "E", "con"),
    ],
)
def test_the_movement_page_writes_seats_in_the_languages_letters(
    club, organiser_client, language, west, east, word
):
    speak(club, language)
    drive = drive_with_players(players=16, club=club, hands=4)
    page = text(organiser_client.get(reverse("drive:movement", args=[drive.pk])))
    cells = re.findall(rf"\b\d+(\w) {word} \d+", page)
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
# that disagrees with the group's name ("Migliore Dame", "Ultimo Dame").


@pytest.mark.parametrize(
    ("kind", "place", "shown"),
    [
        (PrizeKind.GROUP, 1, "Miglior punteggio – Dame"),
        (PrizeKind.GROUP, 2, "2° posto – Dame"),
        (PrizeKind.LOWEST, 1, "Ultimo – Dame"),
        (PrizeKind.HALF_TIME, 1, "In testa all'intervallo – Dame"),
        (PrizeKind.SECOND_HALF, 1, "Secondo tempo – Dame"),
    ],
)
def test_an_italian_group_prize_reads_as_a_heading(kind, place, shown):
    labels = default_group_labels("it")
    with translation.override("it"):
        assert PrizeSpec(kind=kind, place=place, group="A").shown(labels) == shown


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
            "Rewoka obu stron (rozdanie unieważnione)",
            "rewoka obu stron: rozdanie unieważnione, bez punktów",
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
            "Ambele perechi au făcut renons (mână anulată)",
            "ambele perechi au făcut renons: mână anulată, fără scor",
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
    clock = re.findall(r'name="clock_per"[^>]*>\s*([^<]+?)\s*<', html)
    assert clock == [per_deal, per_game]
    with translation.override(language):
        assert str(wist.words.sit_out_fixed_score) in text(form)
    hands = drive_with_players(players=8, club=club, hands=4)
    form = organiser_client.get(reverse("drive:edit", args=[hands.pk]))
    html = html_lib.unescape(form.content.decode())
    clock = re.findall(r'name="clock_per"[^>]*>\s*([^<]+?)\s*<', html)
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
def test_a_new_drives_form_names_hands_and_deals_alike(
    club, organiser_client, language, fixed, room, per_round
):
    speak(club, language)
    page = text(organiser_client.get(reverse("drive:create")))
    assert fixed in page and room in page and f" {per_round} " in page


def test_an_unknown_suit_is_answered_with_the_suits_in_running_text():
    with translation.override("it"), pytest.raises(ValueError) as refused:
        parse_sequence("cuori, spade")
    assert str(refused.value) == (
        "“spade” non è un seme. Usa cuori, quadri, picche, fiori o senza atout."
    )
    with translation.override("it"):
        assert parse_sequence("cuori, senza atout")[0] == parse_sequence("H")[0]

"""The words a reviewer read in Polish, Russian, Romanian and Italian and
found wrong, as the pages now say them: whole sentences in the format's words
(a prediction drive's games and deals), counted phrases with their plural
forms, check-in marks that fit every player, and nothing said twice."""

from __future__ import annotations

import html as html_lib
import re

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import translation

from drive.group_words import default_group_labels
from drive.models import Entry, Table
from printing.table_cards import MoveFacts, ProgressiveMoves
from scoring.models import ResultStatus
from scoring.prediction_words import game_words
from tests.factories import (
    drive_with_players,
    enter_tricks,
    play_round,
    prediction_drive,
)
from tests.fixtures import messages_of
from tests.predictions import play_deals
from tests.site.wording import captain, speak, text

pytestmark = pytest.mark.django_db


# Seven players at one table of five: two sit out each game.
SIT_OUT_PREDICTION_PLAYERS = 7


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
        (
            "en-gb",
            "Welcome: “Klub Wista” is set up. First put your players on the "
            "roster (or import them from a spreadsheet), then add your first drive.",
        ),
        (
            "pl",
            "Witaj. Utworzono: „Klub Wista”. Najpierw wpisz graczy na listę "
            "graczy (albo zaimportuj ich z arkusza kalkulacyjnego), potem dodaj "
            "pierwszy turniej.",
        ),
        (
            "ru",
            "Добро пожаловать. Создано: «Klub Wista». Сначала внесите игроков в "
            "список игроков (или импортируйте их из таблицы), затем добавьте "
            "первый турнир.",
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
            "Câștigătorii se mută: cei din grupa Doamne urcă o masă, cei din "
            "grupa Domni coboară o masă.",
            "jucătorul câștigător din grupa Doamne merge la masa 4",
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

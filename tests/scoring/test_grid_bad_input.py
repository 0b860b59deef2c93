"""The score grid after a Wi-Fi failure, typed by a Polish or a Russian
secretary from the paper slips, with what goes wrong at a desk: letters, 14
tricks, a negative number, a hand sent twice with two numbers, a table that
sits out, a form that came back damaged, a prediction whist table whose
tricks add up to more than its cards. Each is refused with its reason in the
club's language and a 4xx, and nothing is written, not even the good cells
beside it."""

from __future__ import annotations

import pytest

from drive.models import SeatAssignment
from scoring.models import HandResult
from tests.factories import drive_with_players, prediction_drive
from tests.fixtures import drive_url, messages_of
from tests.scoring.prediction_grid import deal_fields, grid

pytestmark = pytest.mark.django_db

WORDS = {
    "pl": {
        "fix": "Niektóre wyniki wymagają poprawy; nic nie zapisano.",
        "number": "Wpisz liczbę od 0 do 13.",
        "range": "Lewy wynoszą od 0 do 13.",
        "twice": "To rozdanie przyszło dwa razy, jako 7, 8: wpisz jego lewy N-S tylko raz.",
        "no_table": "W tym turnieju nie ma stolika 4",
        "round": "Nie udało się odczytać rundy formularza. Nic nie zapisano",
        "meanwhile": "zostało w międzyczasie zmienione",
        "sum": "Lewy sumują się do 16; muszą sumować się do 13",
    },
    "ru": {
        "fix": "Некоторые результаты нужно исправить; ничего не сохранено.",
        "number": "Введите число от 0 до 13.",
        "range": "Взяток\xa0— от 0 до 13.",
        "twice": "Эта сдача пришла дважды, как 7, 8: введите её взятки С-Ю один раз.",
        "no_table": "В этом турнире нет стола 4",
        "round": "Не удалось прочитать тур в форме. Ничего не сохранено",
        "meanwhile": "тем временем изменена",
        "sum": "Сумма взяток 16; она должна равняться 13",
    },
}


@pytest.fixture(params=["pl", "ru"])
def language(request, club) -> str:
    club.language = request.param
    club.save(update_fields=["language"])
    return request.param


def sit_out_drive(club):
    """14 players: three tables and two sitting out in each round."""
    drive = drive_with_players(players=14, hands=3, club=club)
    assert SeatAssignment.objects.filter(round__drive=drive, table=None).count() == 2
    assert drive.tables.count() == 3
    return drive


def cells(*typed: tuple[int, int, object]) -> dict:
    data = {"round": "1"}
    for table, hand, value in typed:
        data[f"t{table}_h{hand}"] = value
        data[f"v_t{table}_h{hand}"] = "0"
    return data


@pytest.mark.parametrize(
    ("value", "said"),
    [("abc", "number"), ("7.5", "number"), ("14", "range"), ("-1", "range")],
)
def test_a_bad_number_is_refused_at_its_cell(
    assistant_client, club, language, value, said
):
    drive = sit_out_drive(club)
    response = assistant_client.post(
        drive_url(drive, "scores/"), cells((1, 1, value), (2, 1, "7"))
    )
    assert response.status_code == 400
    assert WORDS[language]["fix"] in messages_of(response)
    assert WORDS[language][said] in response.content.decode()
    assert not HandResult.objects.exists()


def test_a_hand_sent_twice_with_two_numbers_is_refused(
    assistant_client, club, language
):
    drive = sit_out_drive(club)
    response = assistant_client.post(
        drive_url(drive, "scores/"), cells((1, 1, ["7", "8"]), (2, 1, "7"))
    )
    assert response.status_code == 400
    assert WORDS[language]["twice"] in response.content.decode()
    assert not HandResult.objects.exists()
    # The same number twice is that number.
    response = assistant_client.post(
        drive_url(drive, "scores/"), cells((1, 1, ["7", "7"]))
    )
    assert response.status_code == 302
    assert list(HandResult.objects.values_list("ns_tricks", flat=True)) == [7]


def test_a_table_that_sits_out_has_no_slip(assistant_client, club, language):
    """Three tables: 'table 4' (the two sitting out) has no slip to type;
    a cell sent for it anyway is not a result."""
    drive = sit_out_drive(club)
    url = drive_url(drive, "scores/")
    response = assistant_client.post(url, {"table": "4", "t4_h1": "7", "v_t4_h1": "0"})
    assert response.status_code == 400
    assert WORDS[language]["no_table"] in " ".join(messages_of(response))
    assert not HandResult.objects.exists()


def test_a_damaged_form_is_refused_saying_so(assistant_client, club, language):
    drive = sit_out_drive(club)
    url = drive_url(drive, "scores/")
    response = assistant_client.post(url, cells((1, 1, "7")) | {"round": "x"})
    assert response.status_code == 400
    assert WORDS[language]["round"] in " ".join(messages_of(response))
    response = assistant_client.post(url, cells((1, 1, "7")) | {"v_t1_h1": "x"})
    assert response.status_code == 409
    assert WORDS[language]["meanwhile"] in " ".join(messages_of(response))
    assert not HandResult.objects.exists()


def test_a_prediction_tables_tricks_over_its_cards_are_refused(
    assistant_client, club, language
):
    drive = prediction_drive(club, players=8, games=2)
    good = ([2, 4, 0, 3], [2, 4, 1, 6])
    data = grid(
        1, deal_fields(1, 1, [3, 3, 3, 3], [4, 4, 4, 4]), deal_fields(2, 2, *good)
    )
    response = assistant_client.post(drive_url(drive, "scores/"), data)
    assert response.status_code == 400
    assert WORDS[language]["sum"] in response.content.decode()
    assert not HandResult.objects.exists()

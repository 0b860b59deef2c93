"""What a Polish club's evening walk (December, Kraków: a drive of hands, a
rubber drive and prediction whist, played through as the organiser, the
captains and the secretary) found: the room's heading over who sits out,
which is often one name; the head count of prediction whist's tables; the
calls the MC reads aloud at the bell; a rubber rule's source; the
workbook's Movement sheet; the prediction card's half-time."""

from __future__ import annotations

import pytest
from django.urls import reverse
from django.utils import translation
from django.utils.translation import gettext

from drive.format_words.prediction import GameWords
from drive.format_words.rounds import RoundWords
from drive.movement.describe import bell_call
from drive.movement.prediction import table_sizes_words
from scoring.prediction_card import _half_time_row
from tests.factories import drive_with_players, rubber_drive
from tests.fixtures import drive_url
from tests.printing.fixtures import workbook_values
from tests.site import po
from tests.site.wording import LOCALE, speak, text


@pytest.mark.django_db
def test_the_rooms_sit_out_heading_agrees_with_one_name(club, organiser_client):
    """The room headed its list of who sits out "Pauzują w tej rundzie" over
    one name ("5 Renata Zielińska"): a plural verb over one lady. "Kto
    pauzuje" agrees with one name as with several, as the Romanian room's
    "Cine stă pe dinafară"."""
    speak(club, "pl")
    # Five of group A and four of group B: one of A sits out round 1.
    drive = drive_with_players(players=9, club=club, hands=2)
    page = text(organiser_client.get(drive_url(drive, "room/")))
    assert "Kto pauzuje w tej rundzie" in page, page
    assert "Pauzują" not in page
    seating = text(organiser_client.get(reverse("drive:seating", args=[drive.pk])))
    assert "Kto pauzuje" in seating
    assert "Pauzują" not in seating


@pytest.mark.parametrize(
    "words, heading",
    [
        (RoundWords(), "Kto pauzuje w tej rundzie"),
        (GameWords(), "Kto pauzuje w tej partii"),
    ],
    ids=["round", "game"],
)
def test_the_sit_out_heading_has_no_plural_verb(words, heading):
    with translation.override("pl"):
        assert str(words.sitting_out) == heading


@pytest.mark.parametrize(
    "players, words",
    [
        (9, "9 osób: 1 stolik pięcioosobowy i 1 czteroosobowy; nikt nie pauzuje"),
        (13, "13 osób: 1 stolik pięcioosobowy i 2 czteroosobowe; nikt nie pauzuje"),
        (
            26,
            "26 osób: 2 stoliki pięcioosobowe i 4 czteroosobowe; nikt nie pauzuje",
        ),
        (
            31,
            "31 osób: 3 stoliki pięcioosobowe i 4 czteroosobowe; nikt nie pauzuje",
        ),
        (
            47,
            "47 osób: 3 stoliki pięcioosobowe i 8 czteroosobowych; nikt nie pauzuje",
        ),
    ],
)
def test_the_tables_of_four_are_counted_in_their_own_case(players, words):
    """Prediction whist's head count said "9 osób: 1 stolik pięcioosobowy, a
    czteroosobowych: 1": the one message was counted by the tables of five,
    so Polish could not decline the tables of four after their own number
    and set it after a colon. Each count now takes its own form."""
    with translation.override("pl"):
        assert table_sizes_words(players) == words


@pytest.mark.parametrize(
    "language, words",
    [
        ("en-gb", "13 players: 1 table of five and 2 of four; nobody sits out"),
        ("ru", "13 игроков: 1 стол на пятерых и 2 на четверых; никто не отдыхает"),
        ("it", "13 giocatori: 1 tavolo da cinque e 2 da quattro; nessuno riposa"),
    ],
)
def test_the_other_languages_say_the_head_count_as_before(language, words):
    with translation.override(language):
        assert table_sizes_words(13) == words


def _calls(format: str, **options) -> str:
    with translation.override("pl"):
        return bell_call(format, group_a="Panie", group_b="Panowie", **options)


@pytest.mark.parametrize(
    "format, options",
    [
        ("stationary", {}),
        ("individual", {}),
        ("prediction", {}),
        ("partners", {"pairs": 5, "rounds": 5}),
    ],
)
def test_the_call_at_the_bell_says_your_card(format, options):
    """The MC reads the call aloud to the hall: "idźcie do stolika podanego na
    karcie wyników gracza" ("on the player's score card") spoke of the
    players as a third person while telling them where to go. The glossary's
    *karta wyników gracza* names the card; said to its holders it is *swoja
    karta wyników*, *wasza karta*."""
    call = _calls(format, **options)
    assert "gracza" not in call, call


def test_the_stationary_call_is_said_to_the_players():
    assert _calls("stationary") == (
        "Panie: zostajecie przy swoim stoliku. Panowie: przejdźcie do "
        "następnego stolika ze swojej karty wyników."
    )


@pytest.mark.parametrize("winners_move", [False, True])
def test_the_progressive_call_says_who_changes_seat(winners_move):
    """ "Zwycięzcy zostają: Panie na N, Panowie na W." said that the winning
    gentleman stays at W, where the English (and the table card: "gracz z
    grupy Panowie przesiada się na W") moves him to West."""
    call = _calls("progressive", winners_move=winners_move)
    assert call.endswith("Panie na N, Panowie przesiadają się na W."), call


@pytest.mark.django_db
def test_a_rubber_rule_from_two_texts_agrees_with_them(club, organiser_client):
    """The rubber's rules table gave its game's source as "Teksty polski i
    włoski": the adjectives in the singular after the plural noun."""
    speak(club, "pl")
    drive = rubber_drive(club=club)
    page = text(organiser_client.get(reverse("drive:detail", args=[drive.pk])))
    assert "Teksty polskie i włoskie" in page, page
    assert "polski i włoski" not in page


@pytest.mark.django_db
@pytest.mark.parametrize(
    "make",
    [
        lambda club: drive_with_players(club=club, players=10, hands=4),
        lambda club: rubber_drive(club=club),
    ],
    ids=["progressive", "rubber"],
)
def test_the_movement_sheet_says_whose_seat_each_name_is(club, make):
    """The workbook's Movement sheet headed the names "Gracz N" … "Gracz W",
    and *w* is "in" (as ru «Имя В», "name in", was): each name's column says
    whose seat it is, as the prediction sheet's "Miejsce 1: gracz" does, and
    the sit-out's "Pauzuje: gracz" (was "Gracz pauzujący", a man's
    participle over as many ladies)."""
    drive = make(club)
    with translation.override("pl"):
        sheets = workbook_values(drive)
    assert list(sheets["Ruch graczy"][0])[-5:] == [
        "N: gracz",
        "E: gracz",
        "S: gracz",
        "W: gracz",
        "Pauzuje: gracz",
    ]


def test_the_prediction_cards_half_time_has_the_drives_word():
    """The prediction card said "Przerwa (po partii 1)" where the card of
    hands says "Półmetek (po rundzie 1)" and the prize "Prowadzenie na
    półmetku"."""
    with translation.override("pl"):
        assert _half_time_row(1, None).label == "Półmetek (po partii 1)"


@pytest.mark.django_db
def test_the_room_says_the_rubbers_value_as_the_card_and_slip_do(
    club, organiser_client
):
    """A rubber table in the room said "Wartości robrów dotąd" (the values,
    plural) where the card's column and the slip's round line say "Wartość
    robrów" (the rubbers' value, their one sum for a side)."""
    speak(club, "pl")
    drive = rubber_drive(club=club)
    page = text(organiser_client.get(drive_url(drive, "room/")))
    assert "Wartość robrów dotąd" in page, page
    assert "Wartości robrów" not in page


def test_the_honours_are_the_trump_suits_four_cards():
    """The captain's phone asked "As, król, dama i walet atutowy: …?" and the
    set-up form said "Honory to as, król, dama i walet atutowy": *atutowy*
    agrees with the jack alone, so the ace, king and queen were any suit's.
    The four are named in the trump suit, *w kolorze atutowym*."""
    with translation.override("pl"):
        question = gettext(
            "The ace, king, queen and jack of trumps: did one side hold three "
            "or all four of them?"
        )
    assert question.startswith("As, król, dama i walet w kolorze atutowym: ")
    jacks = [
        (message.msgid, words)
        for message in po.read(LOCALE / "pl" / "LC_MESSAGES" / "django.po")
        for words in message.translations
        if "walet atutowy" in words
    ]
    assert not jacks, jacks


@pytest.mark.django_db
def test_the_header_says_log_out_as_polish_pages_do(club, organiser_client):
    """The header's button said the bare "Wyloguj"; Polish pages say "Wyloguj
    się", the reflexive verb."""
    speak(club, "pl")
    html = organiser_client.get(reverse("drive:list")).content.decode()
    assert '<button type="submit" class="link">Wyloguj się</button>' in html

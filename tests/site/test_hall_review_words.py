"""A Russian and a Polish evening read as the hall reads it (the review of 6
December, task C): the table card's sit-out sentence in Russian, the
movement's count of sit-outs in Polish, and the prize pages' note of who
left early in both, said of one player as of several, of a woman as of a man;
the bell's call in Russian, which the projector reads aloud, in words; the
Polish MC's warning beside a winner who withdrew, without a gender; the
half-time note, where the compensation is; a rubber drive's bell, the
organiser's on the captain's phone."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse
from django.utils import translation

from drive import entry_services
from drive.models import Drive
from drive.movement.describe import bell_call
from drive.movement.quality import _sit_outs
from drive.movement.types import Format
from printing.table_cards import movement_instructions, table_instructions
from prizes import giving
from prizes.engine import Winner
from tests.factories import drive_with_players, play_drive, play_round, rubber_drive
from tests.site.wording import captain, speak, text


def _card_lines(language: str) -> list[str]:
    with translation.override(language):
        return (
            movement_instructions(
                format="progressive",
                winners_move=False,
                group_a="Дамы",
                group_b="Кавалеры",
                table=1,
                tables=5,
            )
            + table_instructions()
        )


def test_the_russian_table_card_says_who_sits_out_with_a_subject():
    """«Кому не хватило места, отдыхает…»: the dative «кому» is no subject for
    «отдыхает»; a round's card and a prediction drive's card say «Кто остался
    без места, отдыхает…»."""
    lines = _card_lines("ru")
    assert (
        "Кто остался без места, отдыхает в этом туре и возвращается в следующем."
        in lines
    )
    assert (
        "Кто остался без места, отдыхает в этой партии и возвращается в следующей."
        in lines
    )
    assert not any(line.startswith("Кому не хватило места") for line in lines)


@pytest.mark.parametrize(
    ("count", "players", "said"),
    [
        (0, 4, "4 osoby: bez pauzy"),
        (1, 1, "1 osoba: 1 pauza"),
        (3, 1, "1 osoba: 3 pauzy"),
        (1, 18, "18 osób: po 1 pauzie"),
        (2, 4, "4 osoby: po 2 pauzy"),
        (3, 22, "22 osoby: po 3 pauzy"),
        (5, 2, "2 osoby: po 5 pauz"),
    ],
)
def test_polish_counts_sit_outs_after_the_people(count, players, said):
    """The movement's quality line said «3 pauzy na osobę dla: 4 osoby»: the
    count of people in the nominative after «dla». The people come first, as
    the Russian line does («9 игроков: отдыхают по 1 разу»)."""
    with translation.override("pl"):
        assert _sit_outs(count, players) == said


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("language", "note", "withdrew"),
    [
        (
            "pl",
            "Bez nagród z powodu wcześniejszego wyjścia:",
            "wycofany(-a) przed rundą",
        ),
        ("ru", "Без призов из-за досрочного ухода:", "снят(а) перед туром"),
    ],
)
def test_the_prizes_say_who_left_early_of_anyone(
    club, organiser_client, language, note, withdrew
):
    """One player withdraws mid-evening: pl «Bez nagród, bo wyszli wcześniej:»
    and ru «Без призов, так как ушли досрочно:» said a plural (pl a men's)
    of her. The leaving itself is named now, in a noun; beside the name the
    glossary's both forms stay («wycofany(-a)», «снят(а)»)."""
    drive = drive_with_players(players=8, hands=4, club=club)
    play_round(drive)
    play_round(drive)
    entry = drive.entries.order_by("number").first()
    entry_services.entry_withdraw(entry=entry)
    play_drive(drive)
    speak(club, language)
    page = text(organiser_client.get(reverse("prizes:drive", args=[drive.pk])))
    said = f"{note} {entry.number} {entry.player.name} ({withdrew} "
    assert re.search(re.escape(said) + r"\d+\)\.", page), page
    assert "wyszli" not in page and "ушли" not in page


@pytest.mark.parametrize(
    ("format", "winners_move", "said"),
    [
        (
            Format.PROGRESSIVE,
            False,
            "Победители остаются за столом: Дамы\u00a0— на Севере, Кавалеры "
            "пересаживаются на Запад.",
        ),
        (
            Format.PROGRESSIVE,
            True,
            "Проигравшие остаются за столом: Дамы\u00a0— на Севере, Кавалеры "
            "пересаживаются на Запад.",
        ),
        (
            Format.PARTNERS,
            False,
            "Пары Север-Юг переходят на стол ниже, пары Восток-Запад\u00a0— на стол "
            "выше, как указано в карточке.",
        ),
        (
            Format.RUBBER,
            False,
            "Пары Север-Юг переходят на стол ниже, пары Восток-Запад\u00a0— на стол "
            "выше, как указано в карточке.",
        ),
    ],
)
def test_the_russian_bell_calls_the_seats_in_words(format, winners_move, said):
    """The projector speaks the bell's call (static/js/bell.js): «Дамы на С,
    Кавалеры на З» and «Пары С-Ю…, пары В-З…» were read out letter by letter.
    The English says "North", "to West", "North-South pairs"; the table card
    «на Севере», «на Запад», «Пары Север-Юг»."""
    with translation.override("ru"):
        call = bell_call(
            format,
            winners_move=winners_move,
            group_a="Дамы",
            group_b="Кавалеры",
            round_robin=True,
        )
    assert said in call
    assert not re.search(r"\b(?:на [СЗ]\b|С-Ю|В-З)", call), call
    with translation.override("ru"):
        stay = bell_call(Format.PARTNERS, group_a="", group_b="", round_robin=False)
    assert stay == "Пары Север-Юг остаются. Пары Восток-Запад переходят на стол выше."


@pytest.mark.parametrize(
    ("game", "said"),
    [
        ("progressive", "wycofany(-a) przed rundą 3: może już nie być na sali"),
        ("prediction", "wycofany(-a) przed partią 3: może już nie być na sali"),
    ],
)
def test_the_polish_mc_is_told_a_winner_may_have_left_without_a_gender(game, said):
    """Beside a winner who withdrew, the MC read «mógł(-a) już pójść do domu»:
    a man's verb with a woman's ending in brackets, in a sentence said into a
    microphone. «Może już nie być na sali» fits anyone, as the Russian
    «возможно, уже не в зале» does."""
    winner = Winner(key=7, number=7, name="Dorota Jasińska", total=40)
    giving_now = giving.PrizeGiving(
        drive=Drive(format=game, hands=24),
        steps=(),
        shown=None,
        withdrawn={7: 3},
        rounds=3,
    )
    with translation.override("pl"):
        gone = giving_now._called(winner).gone
    assert said in gone
    assert "mógł" not in gone


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("language", "said", "head"),
    [
        (
            "ru",
            "компенсация за отдых в них (в столбце «Поправки»; поправки "
            "организатора учитываются в конце).",
            "Поправки",
        ),
        (
            "pl",
            "ich rekompensata za pauzy (w kolumnie Korekty; korekty organizatora "
            "liczą się na końcu).",
            "Korekty",
        ),
    ],
)
def test_the_half_time_note_says_where_the_compensation_is(
    club, organiser_client, language, said, head
):
    """Ten players, two sitting out each hand: at half-time the column headed
    «Поправки» («Korekty») holds their sit-out compensation, under a note that
    said «поправки учитываются в конце» («korekty liczą się na końcu»), read
    as "this column should be empty". The note says the compensation is in
    that column and the organiser's adjustments come at the end."""
    drive = drive_with_players(players=10, hands=4, club=club)
    play_round(drive, tricks=lambda deal: 9)
    play_round(drive, tricks=lambda deal: 7)
    speak(club, language)
    html = organiser_client.get(
        reverse("prizes:half_time", args=[drive.pk])
    ).content.decode()
    assert said in re.sub(r"\s+", " ", html)
    heads = [h.strip() for h in re.findall(r"<th[^>]*>([^<]*)</th>", html)]
    assert head in heads


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("language", "said", "old"),
    [
        (
            "ru",
            "Каждый тур заканчивается по звонку организатора;",
            "когда вы даёте звонок",
        ),
        (
            "pl",
            "Każda runda kończy się, gdy organizator zadzwoni dzwonkiem;",
            "gdy zadzwonisz",
        ),
    ],
)
def test_the_captain_reads_that_the_organiser_rings_the_bell(club, language, said, old):
    """A rubber drive's rules on the captain's phone said «Каждый тур
    заканчивается, когда вы даёте звонок» («gdy zadzwonisz dzwonkiem»): the
    captain rings no bell. The rules are the organiser's page's too, so they
    name the organiser, as the table card does."""
    speak(club, language)
    drive = rubber_drive(club=club)
    page = captain(drive)
    assert said in page
    assert old not in page

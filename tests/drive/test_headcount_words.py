"""The head count's tiles agree with their numbers in every language (issue
31): "2 pauzują", "5 osób", "1 отдыхает", not one form whatever the count."""

from __future__ import annotations

import html
import re
from types import SimpleNamespace

import pytest
from django.template.loader import render_to_string
from django.utils import translation

from drive.format_words import GameWords, RoundWords
from tests.drive.headcount import grouped_page, headcount_html, plain


def tiles(language: str, *, players: int, sit_outs: int, round_number=None) -> list:
    page = headcount_html(
        language,
        drive={},
        count={
            "players": players,
            "tables": players // 4,
            "sit_outs": sit_outs,
            "round_number": round_number,
        },
    )
    return [plain(t) for t in re.findall(r'<div class="tile">(.*?)</div>', page, re.S)]


@pytest.mark.parametrize(
    "language, sit_outs, word",
    [
        ("pl", 1, "1 pauzuje"),
        ("pl", 2, "2 pauzują"),
        ("pl", 5, "5 pauzuje"),
        ("ru", 1, "1 отдыхает"),
        ("ru", 2, "2 отдыхают"),
        ("ro", 1, "1 stă pe dinafară"),
        ("ro", 3, "3 stau pe dinafară"),
        ("it", 2, "2 a riposo"),
        ("en-gb", 1, "1 sitting out"),
    ],
)
def test_the_sit_out_tile_agrees_with_its_number(language, sit_outs, word):
    assert tiles(language, players=21 - sit_outs, sit_outs=sit_outs)[-1] == word
    during = tiles(language, players=21 - sit_outs, sit_outs=sit_outs, round_number=2)
    assert during[-1].startswith(word)


@pytest.mark.parametrize(
    "players, word",
    [(1, "1 osoba"), (4, "4 osoby"), (5, "5 osób"), (21, "21 osób"), (22, "22 osoby")],
)
def test_the_polish_player_tile_agrees_with_its_number(players, word):
    assert tiles("pl", players=players, sit_outs=0)[0] == word


@pytest.mark.parametrize(
    "language, sit_outs, note",
    [
        ("pl", 1, "W każdej rundzie pauzuje po kolei 1 osoba."),
        ("pl", 2, "W każdej rundzie pauzują po kolei 2 osoby."),
        ("pl", 5, "W każdej rundzie pauzuje po kolei 5 osób."),
        ("ru", 1, "В каждом туре по очереди отдыхает 1 игрок."),
        ("ru", 3, "В каждом туре по очереди отдыхают 3 игрока."),
        ("it", 1, "A ogni turno riposa a rotazione 1 giocatore."),
        ("it", 2, "A ogni turno riposano a rotazione 2 giocatori."),
        ("ro", 21, "La fiecare rundă stau pe dinafară, pe rând, 21 de jucători."),
        ("en-gb", 1, "Each round 1 player sits out, in turn."),
    ],
)
def test_the_sit_out_note_reads_as_one_sentence(language, sit_outs, note):
    """Not "Pauzuje po kolei, za każdym razem (runda): 1 osoba." nor "1 riposa
    a ogni turno, a turno"."""
    drive = SimpleNamespace(
        pk=1,
        has_groups=False,
        plays_in_pairs=False,
        round_word="round",
        words=RoundWords(),
    )
    count = SimpleNamespace(
        players=20,
        tables=4,
        sit_outs=sit_outs,
        round_number=None,
        three_handed_table=False,
        advice=None,
    )
    with translation.override(language):
        drive.round_word = translation.pgettext(
            "what a drive's round is called", "round"
        )
        page = render_to_string(
            "drive/_headcount.html", {"drive": drive, "count": count}
        )
    found = re.search(r'<p class="note">(.*?)</p>', page, re.S).group(1)
    assert " ".join(html.unescape(found).split()) == note


@pytest.mark.parametrize(
    "language, a, b, note",
    [
        ("en-gb", 0, 1, "Each round 1 player from Panowie sits out, in turn."),
        ("en-gb", 2, 0, "Each round 2 players from Panie sit out, in turn."),
        ("ru", 0, 1, "В каждом туре по очереди отдыхает 1 игрок из группы «Panowie»."),
        ("pl", 0, 2, "W każdej rundzie pauzują po kolei 2 osoby z grupy Panowie."),
        (
            "ro",
            0,
            1,
            "La fiecare rundă stă pe dinafară, pe rând, 1 jucător din grupa Panowie.",
        ),
        ("it", 3, 0, "A ogni turno riposano a rotazione 3 giocatori del gruppo Panie."),
    ],
)
def test_a_group_nobody_sits_out_from_is_not_named(language, a, b, note):
    """Not "1 player sits out: 0 from Ladies, 1 from Gents"."""
    page = grouped_page(language, a=a, b=b)
    assert note in page and " 0 " not in page


def test_both_groups_are_named_when_both_sit_out():
    page = grouped_page("en-gb", a=1, b=2)
    assert (
        "Each round 3 players sit out, in turn: 1 from Panie, 2 from Panowie." in page
    )


def test_a_drive_past_its_last_move_gives_no_advice_to_move_players():
    """A finished drive (or one whose last round is seated) no longer says
    "Unbalanced: move 1 player": nobody can act on it."""
    assert "Unbalanced: Move 1 player" in grouped_page("en-gb", a=1, b=0, advice=1)
    after = grouped_page("en-gb", a=1, b=0, advice=1, can_change=False)
    assert "Unbalanced" not in after and "Move 1 player" not in after
    assert "Each round 1 player from Panie sits out, in turn." in after


@pytest.mark.parametrize(
    "language, words, tile",
    [
        ("pl", RoundWords(), "2 pauzują w rundzie 2"),
        ("ru", RoundWords(), "2 отдыхают в туре 2"),
        ("ro", RoundWords(), "2 stau pe dinafară în runda 2"),
        ("it", RoundWords(), "2 a riposo nel turno 2"),
        ("en-gb", RoundWords(), "2 sitting out in round 2"),
        ("pl", GameWords(), "2 pauzują w partii 2"),
        ("ru", GameWords(), "2 отдыхают в партии 2"),
        ("ro", GameWords(), "2 stau pe dinafară în jocul 2"),
        ("it", GameWords(), "2 a riposo nella partita 2"),
        ("en-gb", GameWords(), "2 sitting out in game 2"),
    ],
)
def test_the_sit_out_tile_in_play_names_the_round_it_counts(language, words, tile):
    """In play the tile counts the coming round's line-up: during round 1,
    round 2's. Polish said "2 pauzują (runda 2)", which read as the round
    being played; every language now says in which round they sit out."""
    page = headcount_html(
        language,
        drive={"words": words},
        count={"players": 18, "tables": 4, "sit_outs": 2, "round_number": 2},
    )
    found = [plain(t) for t in re.findall(r'<div class="tile">(.*?)</div>', page, re.S)]
    assert found[-1] == tile
    assert "(" not in found[-1]


@pytest.mark.django_db
def test_the_drives_page_in_round_one_counts_round_twos_sit_outs(
    club, organiser_client
):
    from django.urls import reverse

    from tests.factories import drive_with_players
    from tests.site.wording import speak

    speak(club, "pl")
    drive = drive_with_players(players=9, club=club, hands=4)
    assert drive.current_round == 1 and drive.rounds >= 2
    page = plain(
        organiser_client.get(reverse("drive:detail", args=[drive.pk])).content.decode()
    )
    assert re.search(r"\b1 pauzuje w rundzie 2\b", page), page
    assert "(runda" not in page

"""The league's sentences in its game's words (league.games): a prediction
whist season's ties count predictions made exactly, not hands won; the sentence of ties is one
sentence, without two brackets in a row; a rubber season whose drives play
by different rubber presets says so and names them, on the page, the printed
table and the workbook, as a season of tricks on two scales does."""

from __future__ import annotations

import datetime
import io
from types import SimpleNamespace

import pytest
from django.utils import translation
from openpyxl import load_workbook

from drive.models import Drive
from drive.movement.types import Game
from league.games import LEAGUE_GAMES, HandsLeague
from league.selectors import league
from league.table import Appearance, league_table
from printing.league_sheet import league_sheet
from scoring.tiebreaks import Outcome, Rule
from tests.league.seasons import HANDS, PREDICTIONS, RUBBERS, season_of, season_players

TIES = (
    "Ties over the counted drives: count-back from the last drive, then most "
    "hands won, then best single drive, then a draw by the organiser (a cut of "
    "the cards)."
)


def _sheet_rules(season) -> tuple[str, ...]:
    return league_sheet(league(season=season), printed=datetime.date(2026, 12, 5)).rules


def _drive_scores_rows(client, season) -> list[tuple]:
    content = client.get(f"/seasons/{season.pk}/league.xlsx").content
    book = load_workbook(io.BytesIO(content))
    return list(book.worksheets[2].iter_rows(values_only=True))


# --- 1. a prediction whist season's ties count deals -------------------------------


@pytest.mark.django_db
def test_a_prediction_season_breaks_ties_by_most_deals_won(
    club, organiser, organiser_client
):
    players = season_players(club, 8)
    season = season_of(
        club, players, kinds=PREDICTIONS[:1], evenings=1, game="predictions"
    )
    page = organiser_client.get(f"/seasons/{season.pk}/").content.decode()
    assert "then most predictions made exactly, then" in page
    assert "hands won" not in page
    with translation.override("it"):
        assert "più previsioni esatte" in league(season=season).ties_words
    # A tricks season keeps its hands.
    hands = season_of(club, players, kinds=HANDS[:1], evenings=1, first=5)
    assert "then most hands won, then" in league(season=hands).ties_words


def test_a_prediction_league_tie_decided_by_deals_won_says_deals():
    order = (Rule.COUNT_BACK, Rule.HANDS_WON)
    appearances = [
        Appearance(player=1, name="Ann", drive=1, total=10, hands=8, hands_won=5),
        Appearance(player=2, name="Bob", drive=1, total=10, hands=8, hands_won=3),
    ]
    notes = {
        game: league_table(
            appearances, drives=1, order=order, rule_notes=LEAGUE_GAMES[game].rule_notes
        )[0].note
        for game in (Game.PREDICTIONS, Game.HANDS)
    }
    assert notes == {
        Game.PREDICTIONS: "decided by most predictions made exactly",
        Game.HANDS: "decided by most hands won",
    }
    with translation.override("it"):
        rows = league_table(
            appearances,
            drives=1,
            order=order,
            rule_notes=LEAGUE_GAMES[Game.PREDICTIONS].rule_notes,
        )
        assert rows[0].outcome is Outcome.DECIDED
        assert rows[0].note == "deciso con il maggior numero di previsioni esatte"


# --- 2. the sentence of ties is one sentence ---------------------------------------


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("language", "ties"),
    [
        ("en-gb", TIES),
        (
            "pl",
            "Remisy w liczonych turniejach: porównanie od ostatniego turnieju, "
            "potem najwięcej wygranych rozdań, potem ",
        ),
        ("ru", "При равенстве по учитываемым турнирам: сравнение с последнего турнира"),
        (
            "ro",
            "Egalități pe turneele numărate: departajare inversă de la ultimul turneu",
        ),
        (
            "it",
            "Pari merito sui tornei contati: conteggio a ritroso dall'ultimo torneo",
        ),
    ],
)
def test_the_ties_are_one_sentence(club, organiser, language, ties):
    players = season_players(club, 8)
    season = season_of(club, players, kinds=HANDS[:1], evenings=1, by=organiser)
    with translation.override(language):
        words = league(season=season).ties_words
        assert words.startswith(ties), words
        assert ") (" not in words and words.count(".") == 1
        assert any(words in line for line in _sheet_rules(season))


# --- 3. a rubber season of several presets says so ---------------------------------


@pytest.mark.django_db
def test_a_rubber_season_of_two_presets_names_the_other_drives(
    club, organiser, organiser_client
):
    players = season_players(club, 8)
    season = season_of(
        club, players, kinds=RUBBERS, evenings=3, game="rubbers", by=organiser
    )
    # One preset all season: nothing to say, in the workbook neither.
    table = league(season=season)
    assert not table.mixed_scales
    assert "different sizes" not in table.scale_words
    assert not any(
        "different sizes" in str(cell)
        for row in _drive_scores_rows(organiser_client, season)
        for cell in row
    )
    long = Drive.objects.get(club=club, name="Drive 1")
    Drive.objects.filter(pk=long.pk).update(rubber_preset="long")
    table = league(season=season)
    words = table.scale_words
    assert words.startswith(
        "Scores: rubber points (games, honours and rubber bonuses)."
    )
    assert "Rubber points of different sizes: " in words
    assert "Drive 1 (Long whist) was played by other rules than the other drives " in (
        words
    )
    assert "(English short whist)" in words and "Drive 0" not in words
    assert "change its rubber rules to those of the other drives" in words
    page = organiser_client.get(f"/seasons/{season.pk}/").content.decode()
    assert "Rubber points of different sizes:" in page
    assert any(
        "Rubber points of different sizes:" in line for line in _sheet_rules(season)
    )
    rows = _drive_scores_rows(organiser_client, season)
    assert rows[-1][0] == words and rows[-2] == (None,) * len(rows[-2])
    pdf = organiser_client.get(f"/seasons/{season.pk}/league.pdf")
    assert pdf.status_code == 200 and pdf.content.startswith(b"%PDF")
    # Long whist on two of three: the short whist drive is the other one.
    Drive.objects.filter(club=club, name="Drive 2").update(rubber_preset="long")
    words = league(season=season).scale_words
    assert "Drive 0 (English short whist) was played" in words
    assert "drives (Long whist), and the league" in words
    with translation.override("pl"):
        words = league(season=season).scale_words
    assert "Punkty robrowe różnej wielkości: turniej " in words
    assert "zmień jego zasady robra na zasady pozostałych turniejów" in words


@pytest.mark.django_db
def test_a_tricks_season_on_two_scales_says_so_in_the_workbook(
    club, organiser, organiser_client
):
    players = season_players(club, 8)
    kinds = (HANDS[0], HANDS[0] | {"scoring_rule": "total"})
    season = season_of(club, players, kinds=kinds, evenings=1, by=organiser)
    rows = _drive_scores_rows(organiser_client, season)
    assert str(rows[-1][0]).startswith("Scores on two scales: ")


def test_a_list_of_many_drives_takes_the_plural_label():
    """Twenty-one drives named are "турнирах", not the singular Russian
    picks for 21 (players.language.list_label_count)."""
    drives = [
        SimpleNamespace(
            date=datetime.date(2026, 1, 1), name=f"D{i}", scoring_rule="total"
        )
        for i in range(21)
    ] + [
        SimpleNamespace(date=datetime.date(2026, 1, 1), name="Odd", scoring_rule="odd")
    ]
    with translation.override("ru"):
        assert HandsLeague().scale(drives).startswith("Очки в двух шкалах: в турнирах ")


# --- 5. which drives the league counts, said once ----------------------------------


@pytest.mark.django_db
@pytest.mark.parametrize(
    "game, kinds, language, said",
    [
        ("hands", HANDS, "en", "The league counts the drives scored by tricks."),
        ("hands", HANDS, "ru", "Лига включает турниры со счётом по взяткам."),
        ("rubbers", RUBBERS, "pl", "Liga obejmuje turnieje wista robrowego."),
        (
            "predictions",
            PREDICTIONS,
            "it",
            "Il campionato comprende i tornei di whist a previsione.",
        ),
    ],
)
def test_the_page_says_which_drives_the_league_counts_once(
    club, organiser_client, game, kinds, language, said
):
    """It said "Drives in the league: Drives scored by tricks." (and "Турниры
    в лиге: Турниры со счётом по взяткам."), the game's name repeating the
    sentence's first words."""
    season = season_of(
        club, season_players(club, 8), kinds=kinds[:1], evenings=1, game=game
    )
    organiser_client.cookies["django_language"] = language
    page = organiser_client.get(f"/seasons/{season.pk}/").content.decode()
    assert said in page
    with translation.override(language):
        assert league(season=season).game_words == said
        assert any(said in line for line in _sheet_rules(season))

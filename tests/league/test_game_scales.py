"""A season's league says what its totals count, in its game's words: odd
tricks (or every trick won), rubber points, prediction whist's points; per
deal in prediction whist; its ties broken over drives, not hands. A tricks
season whose drives score on two scales says so and names the drives; a
player's every drive, of several games, draws no score chart and no best
score across scales (league.games, league.progress)."""

from __future__ import annotations

import io

import pytest
from openpyxl import load_workbook

from league.models import Season
from league.selectors import league
from league.table import LeagueRow
from printing.league_sheet import league_sheet
from scoring.tiebreaks import Outcome, Rule
from tests.league.counted import counted_words
from tests.league.seasons import (
    HANDS,
    PREDICTIONS,
    RUBBERS,
    season_of,
    season_players,
)

pytestmark = pytest.mark.django_db


def _workbook(client, season):
    return load_workbook(
        io.BytesIO(client.get(f"/seasons/{season.pk}/league.xlsx").content)
    )


def _sheet(season):
    import datetime

    return league_sheet(league(season=season), printed=datetime.date(2026, 12, 5))


def test_a_rubber_season_counts_rubber_points_and_says_so(
    club, organiser, organiser_client
):
    players = season_players(club, 8)
    season = season_of(
        club, players, kinds=RUBBERS, evenings=2, game="rubbers", by=organiser
    )
    page = organiser_client.get(f"/seasons/{season.pk}/").content.decode()
    scale = "Scores: rubber points (games, honours and rubber bonuses)."
    assert scale in page
    # The league's ties are broken over its drives (count-back, best single
    # drive), not the hands a drive's prizes look at.
    assert "count-back from the last drive" in page
    assert "best single drive" in page and "last hand" not in page
    book = _workbook(organiser_client, season)
    # Under the line naming the club and the season, the headers.
    league_sheet_rows = list(book.worksheets[0].iter_rows(values_only=True))
    assert league_sheet_rows[1][4] == "Rubber points"
    assert league_sheet_rows[1][6] == "Per hand"
    scores = list(book.worksheets[2].iter_rows(values_only=True))
    assert scores[0][2] == "Rubber points"
    sheet = _sheet(season)
    assert any(scale in line for line in sheet.rules)


def test_a_prediction_season_counts_points_per_deal(club, organiser, organiser_client):
    players = season_players(club, 8)
    season = season_of(
        club, players, kinds=PREDICTIONS[:1], evenings=2, game="predictions"
    )
    response = organiser_client.get(f"/seasons/{season.pk}/")
    page = response.content.decode()
    assert "Scores: prediction whist points" in page
    assert '<th class="num wide">Per deal</th>' in page
    assert "Per hand" not in page
    book = _workbook(organiser_client, season)
    headers = next(book.worksheets[0].iter_rows(min_row=2, values_only=True))
    assert headers[4] == "Prediction whist points" and headers[6] == "Per deal"
    sheet = _sheet(season)
    assert dict((key, str(h)) for key, h, _share in sheet.columns)["per_hand"] == (
        "Per deal"
    )
    # The printed table is drawn with them.
    pdf = organiser_client.get(f"/seasons/{season.pk}/league.pdf")
    assert pdf.status_code == 200 and pdf.content.startswith(b"%PDF")


def test_a_season_of_tricks_says_its_scale_and_names_drives_on_another(
    club, organiser, organiser_client
):
    players = season_players(club, 8)
    kinds = (HANDS[0], HANDS[0] | {"scoring_rule": "total"})
    season = season_of(club, players, kinds=kinds[:1], evenings=1, by=organiser)
    page = organiser_client.get(f"/seasons/{season.pk}/").content.decode()
    assert "Scores: odd tricks (tricks over six)." in page
    season_of(club, players, kinds=kinds[1:], evenings=1, first=3, by=organiser)
    table = league(season=season)
    total = table.drives[1]
    assert total.scoring_rule == "total"
    words = table.scale_words
    assert words.startswith("Scores on two scales:")
    assert total.name in words and table.drives[0].name not in words
    assert "Change that drive's scoring rule to odd tricks" in words
    page = organiser_client.get(f"/seasons/{season.pk}/").content.decode()
    assert "Scores on two scales:" in page
    assert any("Scores on two scales:" in line for line in _sheet(season).rules)
    # The workbook keeps the headings older releases wrote.
    headers = next(
        _workbook(organiser_client, season)
        .worksheets[0]
        .iter_rows(min_row=2, values_only=True)
    )
    assert headers[4] == "Total" and headers[6] == "Per hand"


def test_a_league_tie_decided_by_the_best_drive_says_drive():
    row = LeagueRow(
        rank=1,
        player=1,
        name="Ann",
        drives=2,
        counted=2,
        total=10,
        hands=8,
        counted_drives=frozenset({1, 2}),
        qualified=True,
        outcome=Outcome.DECIDED,
        decided_by=Rule.BEST_HAND,
    )
    assert row.note == "decided by best single drive"


def test_a_players_every_drive_of_several_games_draws_no_score_across_scales(
    club, organiser, organiser_client
):
    players = season_players(club, 8)
    hands = season_of(club, players, kinds=HANDS[:1], evenings=1, by=organiser)
    season_of(
        club, players, kinds=RUBBERS, evenings=1, game="rubbers", first=4, by=organiser
    )
    player = players[0]
    response = organiser_client.get(f"/players/{player.pk}/history/")
    page = response.content.decode()
    assert "These drives are of different games" in page
    assert "Best score:" not in page and "Score in each drive" not in page
    assert "Best place:" in page and "Place in each drive" in page
    assert "(Rubber whist)" in page
    # One game's drives (a season's) are drawn and their best said.
    response = organiser_client.get(f"/players/{player.pk}/history/?season={hands.pk}")
    page = response.content.decode()
    assert "Best score:" in page and "Score in each drive" in page
    assert "These drives are of different games" not in page
    assert Season.objects.count() == 2


@pytest.mark.parametrize(
    ("language", "words"),
    [
        ("pl", "Wyniki: punkty robrowe"),
        ("ru", "Очки: очки роббера"),
        ("ro", "Scor: puncte de rober"),
        ("it", "Punteggio: punti di rubber"),
    ],
)
def test_the_scale_is_said_in_the_clubs_language(
    club, organiser, organiser_client, language, words
):
    players = season_players(club, 8)
    season = season_of(
        club, players, kinds=RUBBERS, evenings=1, game="rubbers", by=organiser
    )
    organiser_client.cookies["django_language"] = language
    page = organiser_client.get(
        f"/seasons/{season.pk}/", headers={"accept-language": language}
    ).content.decode()
    assert words in page


def _pair(first, second, name_first, name_second, drives_totals):
    from league.table import Appearance

    return [
        Appearance(
            player=me, name=name, drive=drive, total=total, hands=8, partner=other
        )
        for me, other, name in (
            (first, second, name_first),
            (second, first, name_second),
        )
        for drive, total in drives_totals
    ]


def test_partners_level_all_season_share_their_place_and_a_tie_is_between_pairs():
    """Two players who played every counted drive as partners are ranked as
    one, as a drive of fixed pairs ranks them: never a cut of the cards
    between partners; two such pairs level wait for one draw between pairs,
    and the places after count every player."""
    from league.table import Appearance, league_table

    order = (Rule.COUNT_BACK, Rule.HANDS_WON, Rule.BEST_HAND, Rule.DRAW)
    appearances = (
        _pair(1, 2, "Ann", "Bob", [(1, 10), (2, 10)])
        + _pair(3, 4, "Cat", "Dan", [(1, 10), (2, 10)])
        + [Appearance(player=5, name="Eve", drive=d, total=4, hands=8) for d in (1, 2)]
    )
    rows = league_table(appearances, drives=2, order=order)
    assert [(r.name, r.rank) for r in rows] == [
        ("Ann", 1),
        ("Bob", 1),
        ("Cat", 1),
        ("Dan", 1),
        ("Eve", 5),
    ]
    assert {r.outcome for r in rows[:4]} == {Outcome.AWAITING_DRAW}
    assert rows[0].block == (1, 3) and rows[0].unit == (1, 2)
    # One cut between the pairs: Cat and Dan won it.
    rows = league_table(
        appearances, drives=2, order=order, draws={frozenset({1, 3}): 3}
    )
    assert [(r.name, r.rank) for r in rows] == [
        ("Cat", 1),
        ("Dan", 1),
        ("Ann", 3),
        ("Bob", 3),
        ("Eve", 5),
    ]
    # Partners one evening only are two players: level, they wait for a draw.
    mixed = _pair(1, 2, "Ann", "Bob", [(1, 10)]) + [
        Appearance(player=p, name=n, drive=2, total=10, hands=8, partner=q)
        for p, q, n in ((1, 3, "Ann"), (2, 4, "Bob"))
    ]
    rows = league_table(mixed, drives=2, order=order)
    assert [r.rank for r in rows] == [1, 1] and rows[0].unit == ()
    assert rows[0].outcome is Outcome.AWAITING_DRAW


def test_a_rubber_season_asks_no_cut_between_partners(
    club, organiser, organiser_client
):
    players = season_players(club, 8)
    season = season_of(
        club, players, kinds=RUBBERS, evenings=2, game="rubbers", by=organiser
    )
    table = league(season=season)
    assert not table.open_draws
    assert all(row.outcome is not Outcome.AWAITING_DRAW for row in table.rows)
    ranks = [row.rank for row in table.rows]
    # Four pairs, the first entry's 2 adjustment parting one: each pair of
    # partners shares a place, and the places after count both.
    assert ranks == sorted(ranks) and len(set(ranks)) >= 4
    for rank in set(ranks):
        sharing = [row for row in table.rows if row.rank == rank]
        assert len(sharing) == 1 or {r.player for r in sharing} == set(sharing[0].unit)
    assert ranks[2] == 3
    page = organiser_client.get(f"/seasons/{season.pk}/").content.decode()
    assert "who won the cut?" not in page


@pytest.mark.parametrize(
    ("language", "best", "words"),
    [
        ("en-gb", 1, "Counted: the best 1 drive."),
        ("en-gb", 3, "Counted: the best 3 drives."),
        ("pl", 1, "Liczone: 1 najlepszy turniej."),
        ("ru", 5, "Учитываются: 5 лучших турниров."),
    ],
)
def test_the_best_n_counted_agrees_with_its_number(language, best, words):
    """'the best 1 drives' was the English of a club counting its best drive."""
    assert counted_words(best, language) == words


@pytest.mark.parametrize(
    ("language", "pair", "alone"),
    [
        ("en-gb", "Ann & Bob won the cut.", "Eve won the cut."),
        (
            "pl",
            "Ann i Bob wygrali losowanie kartą.",
            "Eve wygrał(a) losowanie kartą.",
        ),
        ("ru", "Ann и Bob выиграли жеребьёвку.", "Eve выиграл(а) жеребьёвку."),
    ],
)
def test_a_cut_won_by_partners_names_the_pair(language, pair, alone):
    """Partners ranked as one cut as one: the draw they won names both, with
    the verb for two (it named the first partner alone)."""
    from types import SimpleNamespace

    from django.utils import translation

    from league.selectors import League

    def row(player, name, unit):
        return LeagueRow(
            rank=1,
            player=player,
            name=name,
            drives=1,
            counted=1,
            total=10,
            hands=8,
            counted_drives=frozenset({1}),
            qualified=True,
            unit=unit,
        )

    table = League(
        season=None,
        drives=[],
        rows=[row(1, "Ann", (1, 2)), row(2, "Bob", (1, 2)), row(5, "Eve", ())],
        settings=None,
        order=(),
        draws=[],
    )
    with translation.override(language):
        won = SimpleNamespace(
            winner_player_id=1, winner_player=SimpleNamespace(name="Ann")
        )
        assert table.cut_won_words(won) == pair
        won = SimpleNamespace(
            winner_player_id=5, winner_player=SimpleNamespace(name="Eve")
        )
        assert table.cut_won_words(won) == alone

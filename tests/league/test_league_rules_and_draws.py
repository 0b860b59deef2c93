"""The league's rules, words and draws, in each game's own words:

1. a rubber season compares the rules of the points its drives play by, not
   their presets' names: a short whist drive whose game was set to 10 is
   named, with what it changed; drives of one set of rules under two names
   are not;
2. the 'shared' rule says the place is shared, not a prize, in the league;
3. a league draw between pairs ranked as one is recorded for the pair (both
   partners), and holds whichever partner the alphabet puts first.
"""

from __future__ import annotations

from types import SimpleNamespace

import pytest
from django.utils import translation

from drive.models import Drive
from drive.movement.types import Game
from league.games import LEAGUE_GAMES
from league.selectors import League, league
from league.table import Appearance, league_table
from scoring.tiebreaks import Outcome, Rule
from tests.league.seasons import RUBBERS, season_of, season_players
from tests.prizes.fixtures import set_order

# --- 1. a rubber season compares the rules of the points ---------------------------


@pytest.mark.django_db
def test_a_short_whist_drive_whose_game_was_changed_is_named(
    club, organiser, organiser_client
):
    players = season_players(club, 8)
    season = season_of(
        club, players, kinds=RUBBERS, evenings=3, game="rubbers", by=organiser
    )
    Drive.objects.filter(club=club, name="Drive 1").update(rubber_target=10)
    table = league(season=season)
    assert table.mixed_scales
    words = table.scale_words
    assert (
        "Drive 1 (English short whist; Game: the first side to 10 points wins a "
        "game) was played by other rules than the other drives (English short "
        "whist)"
    ) in words, words
    assert "Drive 0" not in words and "Drive 2" not in words
    page = organiser_client.get(f"/seasons/{season.pk}/").content.decode()
    assert "Rubber points of different sizes:" in page
    assert "change its rubber rules to those of the other drives" in words
    said = {
        "pl": "Drive 1 (Krótki wist angielski; Partia: partię wygrywa strona, "
        "która pierwsza zdobędzie 10 punktów) rozegrano według innych zasad",
        "ru": "Drive 1 (Английский короткий вист; Партия: партию выигрывает "
        "сторона, первой набравшая 10 очков) сыгран по другим правилам",
        "ro": "Drive 1 (Whist scurt englezesc; Partidă: prima axă care "
        "ajunge la 10 puncte câștigă o partidă) s-a jucat după alte reguli",
        "it": "Drive 1 (Whist corto inglese; Partita: la prima linea che arriva "
        "a 10 punti vince una partita) si è giocato con regole diverse",
    }
    for language, words in said.items():
        with translation.override(language):
            assert words in league(season=season).scale_words, language
    # Two of three set to 10: the plain drive is the other, and the rules
    # the others play say what they changed.
    Drive.objects.filter(club=club, name="Drive 2").update(rubber_target=10)
    words = league(season=season).scale_words
    assert (
        "Drive 0 (English short whist) was played by other rules than the other "
        "drives (English short whist; Game: the first side to 10 points wins a "
        "game), and"
    ) in words


@pytest.mark.django_db
def test_drives_of_one_set_of_rules_under_two_preset_names_are_alike(club, organiser):
    """Long whist set to game 5 and the English honours limit plays short
    whist's rules: its points are of the same size, whatever it is called."""
    players = season_players(club, 8)
    season = season_of(
        club, players, kinds=RUBBERS, evenings=2, game="rubbers", by=organiser
    )
    Drive.objects.filter(club=club, name="Drive 1").update(
        rubber_preset="long",
        rubber_target=5,
        rubber_honours_limit="not_one_from_game",
    )
    table = league(season=season)
    assert not table.mixed_scales
    assert "different sizes" not in table.scale_words


# --- 2. a league shares a place, not a prize ---------------------------------------


@pytest.mark.parametrize(
    ("language", "said", "prize"),
    [
        ("en-gb", "count-back from the last drive, then the place shared.", "prize"),
        ("pl", "porównanie od ostatniego turnieju, potem miejsce ex aequo.", "nagrod"),
        ("ru", "сравнение с последнего турнира, затем раздел места.", "приз"),
        (
            "ro",
            "departajare inversă de la ultimul turneu, apoi locul se împarte.",
            "premi",
        ),
        (
            "it",
            "conteggio a ritroso dall'ultimo torneo, poi posizione condivisa.",
            "premi",
        ),
    ],
)
def test_a_league_sharing_its_ties_shares_the_place(language, said, prize):
    for game in ("hands", "rubbers", "predictions"):
        table = League(
            season=SimpleNamespace(game=game),
            drives=[],
            rows=[],
            settings=None,
            order=(Rule.COUNT_BACK, Rule.SHARED),
            draws=[],
        )
        with translation.override(language):
            words = table.ties_words
        assert words.endswith(said), words
        assert prize not in words.lower()


@pytest.mark.django_db
def test_the_league_page_says_the_place_is_shared(club, organiser, organiser_client):
    set_order(club, "count_back", "shared")
    players = season_players(club, 8)
    season = season_of(
        club, players, kinds=RUBBERS, evenings=1, game="rubbers", by=organiser
    )
    page = organiser_client.get(f"/seasons/{season.pk}/").content.decode()
    assert "then the place shared." in page
    assert "the prize shared" not in page


# --- 3. a league draw between pairs is the pair's ----------------------------------


def _pair(first, second, name_first, name_second, totals):
    return [
        Appearance(
            player=me, name=name, drive=drive, total=total, hands=8, partner=other
        )
        for me, other, name in (
            (first, second, name_first),
            (second, first, name_second),
        )
        for drive, total in totals
    ]


ORDER = (Rule.COUNT_BACK, Rule.HANDS_WON, Rule.BEST_HAND, Rule.DRAW)


def _pairs(ann="Ann"):
    return _pair(1, 2, ann, "Bob", [(1, 10), (2, 10)]) + _pair(
        3, 4, "Cat", "Dan", [(1, 10), (2, 10)]
    )


def test_a_league_draw_between_pairs_is_recorded_with_both_partners():
    rows = league_table(_pairs(), drives=2, order=ORDER)
    table = League(
        season=SimpleNamespace(game="rubbers"),
        drives=[],
        rows=rows,
        settings=None,
        order=ORDER,
        draws=[],
    )
    [tie] = table.open_draws
    assert tie["members"] == "1,2,3,4"
    assert tie["who"] == [(1, "Ann & Bob"), (3, "Cat & Dan")]


@pytest.mark.parametrize("winner", [3, 4])
def test_a_draw_won_by_a_pair_holds_whichever_partner_comes_first(winner):
    """The draw the page records (both partners of each pair) places the
    pair that won it, whichever partner it names; and it still holds once
    a partner's new name puts the other first in the alphabet (Ann renamed
    Zoe: Bob now stands for the pair)."""
    draws = {frozenset({1, 2, 3, 4}): winner}
    for ann in ("Ann", "Zoe"):
        rows = league_table(_pairs(ann), drives=2, order=ORDER, draws=draws)
        assert [(r.name, r.rank) for r in rows] == [
            ("Cat", 1),
            ("Dan", 1),
            *sorted([(ann, 3), ("Bob", 3)]),
        ]
        assert rows[0].outcome is Outcome.DECIDED and rows[0].note == (
            "decided by a draw"
        )
    # A draw recorded before, under the first partner alone, holds too.
    rows = league_table(
        _pairs("Zoe"), drives=2, order=ORDER, draws={frozenset({1, 3}): 3}
    )
    assert rows[0].name == "Cat" and rows[0].outcome is Outcome.DECIDED


@pytest.mark.django_db
def test_a_league_draw_recorded_for_a_pair_is_stored_with_both(club, organiser):
    """The service takes what the page sends: every partner who cut."""
    from league.services import season_draw_record

    players = season_players(club, 8)
    season = season_of(
        club, players, kinds=RUBBERS, evenings=1, game="rubbers", by=organiser
    )
    rows = league_table(_pairs(), drives=2, order=ORDER)
    table = League(
        season=season,
        drives=[],
        rows=rows,
        settings=None,
        order=ORDER,
        draws=[],
    )
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr("league.selectors.league", lambda *, season: table)
        ids = [p.pk for p in players[:4]]
        mapping = dict(zip((1, 2, 3, 4), ids, strict=True))
        remapped = league_table(
            [
                Appearance(
                    player=mapping[a.player],
                    name=a.name,
                    drive=a.drive,
                    total=a.total,
                    hands=a.hands,
                    partner=mapping[a.partner],
                )
                for a in _pairs()
            ],
            drives=2,
            order=ORDER,
        )
        table.rows = remapped
        [tie] = table.open_draws
        draw = season_draw_record(
            season=season,
            members=tie["members"],
            winner=tie["who"][1][0],
            by=organiser,
        )
    assert draw.member_keys == frozenset(ids)
    assert table.cut_won_words(draw) == "Cat & Dan won the cut."


def test_league_words_name_each_games_drive_rules():
    """A rule the league says as its drives do is said in the game's words."""
    assert LEAGUE_GAMES[Game.PREDICTIONS].rule_words(Rule.HANDS_WON) == (
        "most predictions made exactly"
    )
    assert LEAGUE_GAMES[Game.RUBBERS].rule_words(Rule.HANDS_WON) == "most hands won"
    assert LEAGUE_GAMES[Game.HANDS].rule_words(Rule.SHARED) == "the place shared"

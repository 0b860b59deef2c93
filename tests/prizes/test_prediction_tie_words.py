"""A prediction whist drive's prize list, boards and notes break ties in its
own words: 'most predictions made exactly' (what a deal won is), 'count-back
from the last deal'; a drive of hands or of rubbers counts hands
(scoring.tie_words: one class per game, never a branch on the format)."""

from __future__ import annotations

import pytest
from django.urls import reverse
from django.utils import translation

from drive.models import Drive, Entry
from drive.movement.types import Game
from prizes.competitors import Competitor
from prizes.engine import Evening, award_prizes
from prizes.prize_list import PrizeKind, PrizeSpec
from prizes.selectors import drive_prizes
from scoring import services as scoring_services
from scoring.card_totals import passed_over_note
from scoring.selectors import drive_scores
from scoring.tie_words import TIE_WORDS
from scoring.tiebreaks import Rule
from tests.league.seasons import PREDICTIONS, season_of, season_players
from tests.prizes.fixtures import set_order


@pytest.mark.parametrize(
    ("language", "said"),
    [
        (
            "en-gb",
            "Ties: count-back from the last deal, then most predictions made exactly.",
        ),
        (
            "pl",
            "Remisy: porównanie od ostatniego rozdania, potem najwięcej "
            "dokładnie spełnionych deklaracji.",
        ),
        (
            "ru",
            "При равенстве: сравнение с последней сдачи, затем больше всего "
            "точно выполненных заказов.",
        ),
        (
            "ro",
            "Egalități: departajare inversă de la ultima mână, apoi cele mai "
            "multe licitații realizate exact.",
        ),
        (
            "it",
            "Pari merito: conteggio a ritroso dall'ultima smazzata, poi più "
            "previsioni esatte.",
        ),
    ],
)
def test_prediction_whist_says_its_ties_in_deals(language, said):
    rules = (Rule.COUNT_BACK, Rule.HANDS_WON)
    with translation.override(language):
        assert TIE_WORDS[Game.PREDICTIONS].order_words(rules) == said
        if language == "en-gb":
            for game in (Game.HANDS, Game.RUBBERS):
                assert TIE_WORDS[game].order_words(rules) == (
                    "Ties: count-back from the last hand, then most hands won."
                )


def test_a_prediction_prize_decided_by_deals_won_says_deals():
    def player(key, won):
        return Competitor(
            key=key,
            number=key,
            name=f"P{key}",
            group="A",
            total=20,
            hand_scores={1: 10, 2: 10},
            won_hands=frozenset(won),
        )

    field = [player(1, {1}), player(2, {1, 2})]
    spec = [PrizeSpec(PrizeKind.OVERALL, 1)]
    notes = {
        game: award_prizes(
            spec,
            Evening(
                competitors=field,
                last_hand=2,
                order=(Rule.HANDS_WON, Rule.DRAW),
                tie_words=TIE_WORDS[game],
            ),
        )[0].note
        for game in Game
    }
    assert notes == {
        Game.HANDS: "decided by most hands won",
        Game.RUBBERS: "decided by most hands won",
        Game.PREDICTIONS: "decided by most predictions made exactly",
    }
    with translation.override("it"):
        assert TIE_WORDS[Game.PREDICTIONS].note(Rule.HANDS_WON) == (
            "deciso con il maggior numero di previsioni esatte"
        )
        assert passed_over_note([Rule.BEST_HAND], Game.PREDICTIONS).endswith(
            ": miglior smazzata singola."
        )


@pytest.mark.django_db
def test_a_prediction_drives_prizes_and_boards_count_deals(
    club, organiser, organiser_client
):
    set_order(club, "hands_won", "draw")
    players = season_players(club, 8)
    season_of(club, players, kinds=PREDICTIONS[:1], evenings=1, game="predictions")
    drive = Drive.objects.get(club=club, name="Drive 0")
    # Two players level on total, one of more deals won: the tie-break places them.
    scores = drive_scores(drive=drive)
    won = {r.entry: r.hands_won for r in scores.records}
    rows = scores.standings()
    top = rows[0]
    other = next(r for r in rows[1:] if won[r.entry] != won[top.entry])
    scoring_services.adjustment_add(
        entry=Entry.objects.get(pk=other.entry),
        points=top.total - other.total,
        reason="Level",
        by=organiser,
    )
    first = drive_prizes(drive=drive).awards[0]
    assert first.note == "decided by most predictions made exactly", first
    page = organiser_client.get(reverse("prizes:drive", args=[drive.pk]))
    text = page.content.decode()
    assert "Ties: most predictions made exactly, then a draw by the organiser" in text
    assert "hands won" not in text
    board = organiser_client.get(f"/drives/{drive.pk}/leaderboard/").content.decode()
    # The leaderboard's key says the rule that placed the two, in the game's words.
    assert "Level on points: placed by most predictions made exactly." in board
    assert "hands won" not in board

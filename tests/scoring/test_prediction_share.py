"""The share ranking of prediction whist (scoring.prediction_share): its arithmetic,
and a seeded simulation over the project's own deal scoring (scoring.prediction_rules)
showing that it makes a mixed drive fair where the book's points do not."""

from __future__ import annotations

import random
from fractions import Fraction

import pytest

from scoring import prediction_rules
from scoring.prediction_share import (
    average_share,
    entry_shares,
    share_text,
    table_shares,
)

F = Fraction


def test_a_game_share_counts_the_others_beaten_and_tied():
    assert table_shares([40, 30, 30, 10]) == (F(1), F(1, 2), F(1, 2), F(0))
    assert table_shares([5, 5, 5, 5, 5]) == (F(1, 2),) * 5
    assert table_shares([9, 70, 3, 50, 60]) == (F(1, 4), F(1), F(0), F(2, 4), F(3, 4))
    # Equal shares add up to half the table, at either size.
    assert sum(table_shares([1, 2, 3, 4])) == 2
    assert sum(table_shares([1, 2, 3, 4, 4])) == F(5, 2)


def test_the_average_is_over_the_games_played():
    shares = entry_shares(
        [((7, 8, 9, 10), (40, 30, 20, 10)), ((7, 9, 11, 12, 13), (1, 2, 3, 4, 5))]
    )
    assert shares[7] == [F(1), F(0)]
    assert shares[9] == [F(1, 3), F(1, 4)]
    assert shares[11] == [F(1, 2)]
    assert average_share(shares[9]) == F(7, 24)
    assert average_share([]) is None
    assert share_text(F(5, 8)) == "62.5%"
    assert share_text(F(2, 3)) == "66.7%"
    assert share_text(None) == "–"


# --- the simulation -------------------------------------------------------------------

# Nine equal players, four games: each game a table of five and a table of
# four. Over the evening the players sit at the five 4, 4, 3, 3, 2, 2, 1, 1 and
# 0 times (who gets which count is drawn each evening).
FIVES = (4, 4, 3, 3, 2, 2, 1, 1, 0)
GAMES = 4
EVENINGS = 3000


def _five_seats(rng: random.Random) -> list[set[int]]:
    """Which players sit at the table of five in each game (5 a game)."""
    counts = list(FIVES)
    rng.shuffle(counts)
    games: list[set[int]] = [set() for _ in range(GAMES)]
    # The players with the most games at five first, each to the games with
    # the fewest players at five so far: always exactly five a game.
    for player in sorted(range(len(counts)), key=lambda p: -counts[p]):
        for game in sorted(range(GAMES), key=lambda g: (len(games[g]), rng.random()))[
            : counts[player]
        ]:
            games[game].add(player)
    assert all(len(g) == 5 for g in games)
    return games


def _deal_points(rng: random.Random, number: int, players: int) -> list[int]:
    """One deal between equal players, scored by the project's rules: each
    trick goes to a player at random, and each predicts their tricks right
    half the time, one off otherwise (all predict Wist on the Wist deal)."""
    tricks = [0] * players
    for _ in range(prediction_rules.tricks_per_deal(players)):
        tricks[rng.randrange(players)] += 1
    points = []
    for taken in tricks:
        if prediction_rules.deal_kind(number).wist:
            prediction = prediction_rules.WIST
        elif rng.random() < 0.5:
            prediction = taken
        else:
            prediction = max(0, taken + rng.choice((-1, 1)))
        points.append(prediction_rules.deal_points(prediction, taken, players))
    return points


def _game_points(rng: random.Random, players: int) -> list[int]:
    totals = [0] * players
    for number in range(1, prediction_rules.DEALS_PER_GAME + 1):
        for seat, points in enumerate(_deal_points(rng, number, players)):
            totals[seat] += points
    return totals


def _top_three_rates() -> dict[str, dict[int, float]]:
    """For each ranking, the chance of finishing in the top three by the number
    of games played at a table of five (ties broken by a draw)."""
    rng = random.Random(32)
    top = {"points": [0] * 5, "share": [0] * 5}
    seen = [0] * 5
    for _ in range(EVENINGS):
        fives = _five_seats(rng)
        points = [0] * len(FIVES)
        games = []
        for five in fives:
            for table in (sorted(five), sorted(set(range(len(FIVES))) - five)):
                scores = _game_points(rng, len(table))
                games.append((table, scores))
                for player, score in zip(table, scores, strict=True):
                    points[player] += score
        shares = {p: average_share(s) for p, s in entry_shares(games).items()}
        at_five = [sum(p in five for five in fives) for p in range(len(FIVES))]
        for ranking, value in (("points", points.__getitem__), ("share", shares.get)):
            order = sorted(range(len(FIVES)), key=lambda p: (-value(p), rng.random()))
            for player in order[:3]:
                top[ranking][at_five[player]] += 1
        for player in range(len(FIVES)):
            seen[at_five[player]] += 1
    return {
        ranking: {n: counts[n] / seen[n] for n in range(5)}
        for ranking, counts in top.items()
    }


@pytest.fixture(scope="module")
def rates() -> dict[str, dict[int, float]]:
    return _top_three_rates()


def test_under_the_points_where_you_sit_decides_part_of_the_ranking(rates):
    """Equal players: the more games at a table of five, the more often in the
    top three (a third of the players are, on average): a table of five scores
    more a game under the book's points."""
    points = rates["points"]
    assert points[4] - points[0] > 0.08
    assert points[0] < points[2] < points[4]


def test_under_the_share_it_does_not(rates):
    share = rates["share"]
    assert max(share.values()) - min(share.values()) < 0.05
    for rate in share.values():
        assert rate == pytest.approx(1 / 3, abs=0.035)

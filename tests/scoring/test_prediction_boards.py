"""Everything a prediction whist drive (issue #18) shows outside the captain's
phone, the organiser's grid and printing: the room (tables of four and five,
each deal's summary, conflicts settled), where each player goes next, the
boards (leaderboard, projector, public board), half-time, the results page,
prizes and the league, all on the game's points; sit-out compensation per deal.

The movement seats tables of five first: 9 players are table 1 of five and
table 2 of four; 7 are a table of five with two sitting out each game.
"""

from __future__ import annotations

import datetime
from collections import Counter
from fractions import Fraction

import pytest

from drive.models import SeatAssignment, Table
from league import services as league_services
from league.selectors import league, player_history
from printing.documents import filled_cards
from prizes.result_cards import result_cards
from prizes.selectors import half_time
from scoring import live, prediction_rules, services
from scoring.models import HandResult, ResultStatus
from scoring.moves import table_moves
from scoring.selectors import drive_scores, prediction_plays
from scoring.standings import round_half_up
from tests.fixtures import drive_url, messages_of
from tests.predictions import (
    play_deals,
    play_to_the_end,
    prediction_drive,
)

pytestmark = pytest.mark.django_db


def page(client, drive, suffix: str = "") -> str:
    response = client.get(drive_url(drive, suffix))
    assert response.status_code == 200, suffix
    return response.content.decode()


def points_by_entry(drive) -> Counter[int]:
    """Each entry's points from the deals as entered, worked out by the rules."""
    points: Counter[int] = Counter()
    for play in prediction_plays(drive=drive):
        for entry, scored in zip(play.entries, play.deal.points, strict=True):
            points[entry] += scored
    return points


# --- the room -------------------------------------------------------------------


def test_the_room_shows_a_table_of_five_and_each_deals_summary(assistant_client, club):
    drive = prediction_drive(club, players=9, games=2)
    played = play_deals(drive, tables=[1], hands=[1, 2, 3])
    response = assistant_client.get(drive_url(drive, "room/"))
    html = response.content.decode()
    assert "Room: game 1 of 2" in html
    assert "Deals 1 to 8: 1 Hearts, 2 Diamonds, 3 Clubs, 4 Spades, 5 Free" in html
    first, second = response.context["tables"]
    assert (first.game.players, second.game.players) == (5, 4)
    seats = first.state.seats
    assert [s.seat for s in seats] == ["N", "E", "S", "W", "F"]
    assert [s.seat_name for s in seats] == [f"Seat {n}" for n in range(1, 6)]
    assert [s.seat_number for s in seats] == [1, 2, 3, 4, 5]
    for hand in (1, 2, 3):
        deal = played[1, hand]
        words = prediction_rules.deal_words(deal.predictions, deal.tricks)
        assert words.replace("Wist", "") in html.replace("Wist", "")
        shown = first.game.deals[hand - 1]
        assert shown.deal == deal
        assert shown.points_words == "points " + ", ".join(map(str, deal.points))
    # Each seat's points over the deals in, worked out by the rules.
    expected = [sum(played[1, h].points[seat] for h in (1, 2, 3)) for seat in range(5)]
    assert list(first.game.totals) == expected
    assert first.game.confirmed == 3
    assert "5 players; 3 deals of 8 in." in html
    assert "Deal 4, Spades</strong>:" in html and "no result yet" in html
    assert second.game.confirmed == 0
    # Nothing of partnerships at a prediction table.
    assert "N-S" not in html and "E-W" not in html


def test_the_room_of_tables_of_four_says_when_the_next_game_starts(
    assistant_client, club
):
    drive = prediction_drive(club, players=8, games=2, advance_automatically=False)
    play_deals(drive)
    html = page(assistant_client, drive, "room/")
    assert "Every table is in." in html
    assert "Start game 2" in html
    response = assistant_client.post(
        drive_url(drive, "room/next/"), {"round": "1"}, follow=True
    )
    assert "Game 2 has started." in messages_of(response)
    drive.refresh_from_db()
    assert drive.current_round == 2


def conflict(drive, table: int, hand: int, predictions, tricks) -> HandResult:
    """A second phone's different result for a deal, as the captain's page leaves it."""
    found = Table.objects.get(drive=drive, number=table)
    version = HandResult.objects.filter(table=found, hand=hand).count() + 1
    return HandResult.objects.create(
        table=found,
        hand=hand,
        ns_tricks=0,
        predictions=prediction_rules.encode(predictions),
        tricks=prediction_rules.encode(tricks),
        version=version,
        status=ResultStatus.CONFLICT,
        source="phone",
    )


@pytest.mark.parametrize("choice", ["keep", "use"])
def test_a_conflict_of_two_deals_is_settled_from_the_room(
    assistant_client, club, choice
):
    drive = prediction_drive(club, players=9, games=2)
    played = play_deals(drive, tables=[1], hands=[1])
    standing = played[1, 1]
    other = prediction_rules.drive_deal(1, (1, 2, 3, 0, 2), (1, 2, 3, 0, 4))
    assert other != standing
    sent = conflict(drive, 1, 1, other.predictions, other.tricks)
    response = assistant_client.get(drive_url(drive, "room/"))
    html = response.content.decode()
    assert "Table 1, deal 1 of game 1: two results" in html
    assert "predictions 1, 2, 3, Wist, 2; tricks 1, 2, 3, 0, 4" in html
    assert 'name="predictions" value="1,2,3,0,2"' in html
    assert 'name="tricks" value="1,2,3,0,4"' in html
    chosen = standing if choice == "keep" else other
    response = assistant_client.post(
        drive_url(drive, "room/resolve/"),
        {
            "table": "1",
            "hand": "1",
            "predictions": prediction_rules.encode(chosen.predictions),
            "tricks": prediction_rules.encode(chosen.tricks),
            "seen_version": "1",
        },
        follow=True,
    )
    assert response.status_code == 200
    words = prediction_rules.deal_words(chosen.predictions, chosen.tricks)
    assert f"Table 1, deal 1 of game 1 (Hearts): {words} stands." in messages_of(
        response
    )
    sent.refresh_from_db()
    assert sent.resolved_at is not None
    confirmed = HandResult.objects.get(
        table__drive=drive, table__number=1, hand=1, status=ResultStatus.CONFIRMED
    )
    assert services.deal_of(confirmed).predictions == prediction_rules.encode(
        chosen.predictions
    )
    assert confirmed.version == (1 if choice == "keep" else 3)


@pytest.mark.parametrize(
    ("data", "words"),
    [
        ({"predictions": "1,2,x", "tricks": "1,2,3,0,4"}, "Something was missing"),
        ({"predictions": "", "tricks": "1,2,3,0,4"}, "Something was missing"),
        ({"predictions": "1,2,3,0", "tricks": "1,2,3,4"}, "each of the 5 players"),
        # The last to predict may not bring the total to the 10 tricks.
        ({"predictions": "2,2,2,2,2", "tricks": "2,2,2,2,2"}, "someone must fail"),
        ({"predictions": "1,2,3,0,2", "tricks": "1,2,3,0,5"}, "must add up to 10"),
    ],
)
def test_a_bad_choice_of_deal_is_a_400_with_words(assistant_client, club, data, words):
    drive = prediction_drive(club, players=9, games=2)
    play_deals(drive, tables=[1], hands=[1])
    conflict(drive, 1, 1, (1, 2, 3, 0, 2), (1, 2, 3, 0, 4))
    response = assistant_client.post(
        drive_url(drive, "room/resolve/"),
        {"table": "1", "hand": "1", "seen_version": "1"} | data,
    )
    assert response.status_code == 400
    assert words in response.content.decode()
    assert HandResult.objects.filter(
        table__drive=drive, status=ResultStatus.CONFLICT, resolved_at__isnull=True
    ).exists()


# --- where each player goes next -------------------------------------------------


def test_where_next_names_the_seats_by_number_and_knows_the_fifth(club):
    drive = prediction_drive(club, players=9, games=2)
    play_deals(drive)
    assert drive.current_round == 2
    moves = table_moves(drive=drive, table_number=1, from_round=1)
    assert len(moves) == 5
    after = {
        s.entry.number: (s.table.number if s.table else None, s.position)
        for s in SeatAssignment.objects.filter(
            round__drive=drive, round__number=2
        ).select_related("entry", "table")
    }
    for move in moves:
        table, position = after[move.number]
        assert (move.table, move.seat) == (table, position)
        number = "NESWF".index(position) + 1
        assert move.seat_name == f"Seat {number}"
        # The numbers held to their words (players.no_break).
        assert f"table\xa0{table}, seat\xa0{number}" in str(move)
    # The captain's page of table 1 shows them when the new game has started.
    view = live.captain_view(drive=drive, table_number=1)
    assert [m.number for m in view.moves] == [m.number for m in moves]
    assert [s.seat_name for s in view.state.seats][-1] == "Seat 5"


# --- scores and sit-outs ----------------------------------------------------------


def test_the_scores_are_the_points_of_every_deal_at_tables_of_four_and_five(club):
    drive = prediction_drive(club, players=9, games=2)
    play_to_the_end(drive)
    rows = drive_scores(drive=drive).standings()
    points = points_by_entry(drive)
    assert {row.entry: row.score for row in rows} == dict(points)
    assert all((row.played, row.sat_out) == (16, 0) for row in rows)
    assert [row.total for row in rows] == sorted(
        (row.total for row in rows), reverse=True
    )
    # A made prediction counts as a hand won (the tie-break "most hands won").
    won = Counter()
    for play in prediction_plays(drive=drive):
        for entry, made in zip(play.entries, play.deal.made, strict=True):
            won[entry] += made
    records = drive_scores(drive=drive).records
    assert {r.entry: len(r.won_hands) for r in records} == {
        r.entry: won[r.entry] for r in records
    }


@pytest.mark.parametrize(
    ("rule", "players"),
    [
        ("room_average", 7),
        ("own_average", 7),
        ("fixed", 7),
        ("none", 7),
        # Two tables of five, one player sitting out each game.
        ("room_average", 11),
    ],
)
def test_sit_out_compensation_is_per_deal(club, rule, players):
    """7 players: a table of five and two sitting out each game, all its 8
    deals (11: two tables of five and one sitting out)."""
    drive = prediction_drive(
        club, players=players, games=3, sit_out_compensation=rule, sit_out_fixed_score=7
    )
    play_to_the_end(drive)
    scores = drive_scores(drive=drive)
    points = points_by_entry(drive)
    by_hand: dict[int, list[int]] = {}
    for play in prediction_plays(drive=drive):
        by_hand.setdefault(play.hand, []).extend(play.deal.points)
    seated = players - (2 if players == 7 else 1)
    assert {len(points) for points in by_hand.values()} == {seated}
    byes: dict[int, list[int]] = {}
    for entry, game in SeatAssignment.objects.filter(
        round__drive=drive, table__isnull=True
    ).values_list("entry_id", "round__number"):
        byes.setdefault(entry, []).append(game)
    assert sum(len(games) for games in byes.values()) == 3 * (players - seated)
    # Sit-outs go round: nobody sits out twice while another has not once.
    assert max(len(games) for games in byes.values()) == 1
    for row in scores.standings():
        hands = [
            h for game in byes.get(row.entry, ()) for h in drive.hands_of_round(game)
        ]
        assert (row.played, row.sat_out) == (24 - len(hands), len(hands))
        if not hands:
            assert row.compensation == 0
            continue
        expected = {
            "room_average": round_half_up(
                sum(Fraction(sum(by_hand[h]), len(by_hand[h])) for h in hands)
            ),
            "own_average": round_half_up(
                Fraction(points[row.entry], row.played) * len(hands)
            ),
            "fixed": 7 * len(hands),
            "none": 0,
        }[rule]
        assert row.compensation == expected
        assert row.total == points[row.entry] + expected


# --- the boards -------------------------------------------------------------------


def test_leaderboard_projector_and_public_board_on_prediction_scores(
    organiser_client, assistant_client, club
):
    drive = prediction_drive(club, players=9, games=2)
    play_deals(drive)
    rows = drive_scores(drive=drive).standings()
    leaderboard = page(assistant_client, drive, "leaderboard/")
    assert "After 8 of 16 deals." in leaderboard
    assert '<th class="wide">Group</th>' not in leaderboard
    projector = assistant_client.get(drive_url(drive, "projector/"))
    html = projector.content.decode()
    # The game alone: its deals are 1 to 8 as in every game, not 9 to 16.
    # The game held to its numbers (players.no_break).
    assert "Game\xa02 of\xa02</p>" in html and "9 to 16" not in html
    assert "After 8 of 16 deals." in html
    assert [s.entry for s in projector.context["rows"]] == [r.entry for r in rows]
    # One board (no groups), then the race.
    assert projector.context["next_slug"] == "race"
    organiser_client.post(drive_url(drive, "links/public/"), {"shared": "1"})
    drive.refresh_from_db()
    public = organiser_client.get(f"/p/{drive.public_key}/")
    assert public.status_code == 200
    html = public.content.decode()
    assert "After 8 of 16 deals." in html
    [(title, slug, shown)] = public.context["boards"]
    assert [(s.number, s.total) for s in shown] == [(r.number, r.total) for r in rows]
    # Prediction scores may go below zero: the boards show them as they are.
    for row in rows:
        assert f'<td class="num total">{row.total}</td>' in html


def test_half_time_comes_after_a_whole_game(assistant_client, club):
    drive = prediction_drive(club, players=8, games=2)
    before = page(assistant_client, drive, "half-time/")
    assert "Half-time comes after game 1 (deal 8 of 16)" in before
    play_deals(drive)
    half = half_time(drive=drive)
    assert (half.reached, half.hand, half.game) == (True, 8, 1)
    html = page(assistant_client, drive, "half-time/")
    assert "The standings after game 1 (deal 8 of 16)" in html
    # In the interval the projector shows the half-time leaders.
    projector = page(assistant_client, drive, "projector/")
    assert "Half-time, after game 1" in projector
    leaders = half.leaders()
    assert leaders and all(
        f"{s.number} {s.name} ({s.total} point{'' if s.total == 1 else 's'})"
        in projector
        for s in leaders
    )
    assert {s.entry: s.total for s in half.standings()} == dict(points_by_entry(drive))


def test_results_page_cards_prizes_and_public_results(organiser_client, club):
    drive = prediction_drive(
        # A table of five, two sitting out each game.
        club,
        players=7,
        games=2,
        sit_out_compensation="fixed",
        sit_out_fixed_score=3,
    )
    play_to_the_end(drive)
    cards = {card.number: card for card in result_cards(drive=drive)}
    rows = {row.number: row for row in drive_scores(drive=drive).standings()}
    assert set(cards) == set(rows)
    assert sum(1 for row in rows.values() if row.sat_out) == 4
    plays = {
        (entry, play.hand): (play, index)
        for play in prediction_plays(drive=drive)
        for index, entry in enumerate(play.entries)
    }
    entry_of = dict(drive.entries.values_list("number", "pk"))
    for number, card in cards.items():
        row = rows[number]
        deals = [line for line in card.lines if line.kind == "hand"]
        assert [line.hand for line in deals] == list(range(1, 17))
        seated = [line for line in deals if line.place == "seated"]
        assert sum(line.score for line in seated) == row.score
        assert len([line for line in deals if line.place == "sits_out"]) == row.sat_out
        for line in seated:
            play, index = plays[entry_of[number], line.hand]
            assert (line.table, line.tricks, line.score) == (
                play.table,
                play.deal.tricks[index],
                play.deal.points[index],
            )
            assert line.prediction == prediction_rules.prediction_words(
                play.deal.predictions[index]
            )
            assert line.order == play.deal.seat_order(index)
            assert line.seat == f"Seat {index + 1}"
            assert line.deal_kind == prediction_rules.deal_kind(line.deal).name
        labels = [line.label for line in card.lines if line.kind != "hand"]
        # The printed card's rows, each game's deals shown before its points.
        assert labels == [
            labels[0],
            "Half-time (after game 1)",
            labels[2],
            "Total",
            "Sit-outs and adjustments",
            "Final total",
        ]
        assert labels[0].startswith("Game 1: ") and labels[2].startswith("Game 2: ")
        assert card.lines[-1].running_total == row.total == card.total
        adjustment = next(line for line in card.lines if line.kind == "adjustment")
        assert adjustment.running_total == row.adjustment
        # The same card as printed: its game rows' points and totals.
        printed = filled_cards(drive=drive)[number]
        games = [r for r in printed.rows if r.kind == "round"]
        subtotals = [line for line in card.lines if line.label.startswith("Game ")]
        assert [line.running_total for line in subtotals] == [
            r.running_total for r in games
        ]
        assert [r.score or 0 for r in games] == [
            sum(line.score or 0 for line in deals if line.game == r.round)
            for r in games
        ]
    html = page(organiser_client, drive, "results/")
    assert '<th class="num">Prediction</th>' in html
    assert "Half-time was after game 1 (deal 8)." in html
    assert "sat out" in html and "Partner" not in html
    winner = min(rows.values(), key=lambda r: (r.rank, r.number))
    prizes = page(organiser_client, drive, "prizes/")
    assert winner.name in prizes
    # The half-time leader's prize names the half-time by its game.
    assert "after game 1" in prizes and "after hand 8" not in prizes
    organiser_client.post(drive_url(drive, "links/public/"), {"shared": "1"})
    drive.refresh_from_db()
    public = organiser_client.get(f"/p/{drive.public_key}/results/")
    assert public.status_code == 200
    assert '<th class="num">Prediction</th>' in public.content.decode()


def test_the_league_counts_a_prediction_drive_by_its_totals(organiser_client, club):
    drive = prediction_drive(club, players=8, games=1)
    play_to_the_end(drive)
    season = league_services.season_create(
        club=club,
        name="Winter",
        start=datetime.date(2026, 10, 1),
        end=datetime.date(2027, 3, 31),
        game="predictions",
    )
    table = league(season=season)
    standings = drive_scores(drive=drive).standings()
    players = dict(drive.entries.values_list("pk", "player_id"))
    assert {row.player: row.total for row in table.rows} == {
        players[s.entry]: s.total for s in standings
    }
    assert all(row.hands == 8 for row in table.rows)
    html = page(organiser_client, drive, "")  # the drive's page
    assert html
    league_page = organiser_client.get(f"/seasons/{season.pk}/")
    assert league_page.status_code == 200
    top = standings[0]
    player = drive.entries.get(pk=top.entry).player
    [row] = player_history(player=player)
    assert (row.total, row.rank, row.group) == (top.total, top.rank, "")
    history = organiser_client.get(f"/players/{player.pk}/history/")
    assert history.status_code == 200


def test_a_negative_score_in_the_room_takes_the_plural_of_its_size(
    assistant_client, club
):
    """Polish writes −17 punktów and −2 punkty, as 17 and 2: the form is
    chosen by the score's size (gettext alone took -17 % 10, "−17 punkty");
    the minus is the true minus sign (players.score_text)."""
    from django.utils import translation

    from players.score_text import score_text
    from scoring.templatetags.predictions import counted

    club.language = "pl"
    club.save()
    drive = prediction_drive(club, players=9, games=2)
    # Table 1's fifth seat is at -24 after these three deals.
    play_deals(drive, seed=10, tables=[1], hands=[1, 2, 3])
    response = assistant_client.get(drive_url(drive, "room/"))
    html = response.content.decode()
    totals = list(response.context["tables"][0].game.totals)
    assert -24 in totals, totals
    assert '<span class="room-points">\u221224 punkty</span>' in html
    with translation.override("pl"):
        for total in totals:
            words = translation.ngettext(
                "%(score)s point", "%(score)s points", counted(total)
            ) % {"score": score_text(total)}
            assert f'<span class="room-points">{words}</span>' in html
    assert counted(-17) == 17 and counted(-2) == 2 and counted(5) == 5

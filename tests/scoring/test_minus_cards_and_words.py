"""The last places that wrote a negative score with the hyphen-minus: the
"Cards in" desk (its row, its messages, its buttons), the card's check
messages, the results e-mail's "place 3 of 8, −2 points", a player's best
score, prediction whist's All hands, and the printed slips' game points and
prediction totals. Each now writes the true minus, U+2212, through
players.score_text."""

from __future__ import annotations

import re

import pytest

from players.models import Player
from printing import prediction_layout, slips
from printing.prediction import SheetPlayer
from scoring import services as scoring_services
from scoring.models import CardTotal
from scoring.player_view import place_words
from scoring.standings import Standing
from tests.factories import drive_with_players, play_drive
from tests.predictions import play_deals, prediction_drive

MINUS = "\u2212"
HYPHEN_NUMBER = re.compile(r"(?<![\w-])-\d")


def _below_zero_paper_drive(club):
    """A cards-in drive where a revoke costs 3 points: a card can be below 0."""
    from drive.models import DriveState

    drive = drive_with_players(
        players=8, hands=4, club=club, score_entry="cards", revoke_penalty="deduct"
    )
    while drive.state == DriveState.IN_PLAY:
        scoring_services.round_start_next(drive=drive, round_number=drive.current_round)
        drive.refresh_from_db()
    return drive


@pytest.mark.django_db
def test_the_cards_in_desk_writes_a_card_below_zero_with_the_minus(
    club, organiser_client
):
    drive = _below_zero_paper_drive(club)
    desk = f"/drives/{drive.pk}/cards-in/"
    saved = organiser_client.post(
        desk, {"number": 3, "total": -3, "hands_won": 0, "correct": "False"}
    )
    html = saved.content.decode()
    assert saved.status_code == 200, html
    assert CardTotal.objects.get(entry__number=3).total == -3
    assert f"Card 3: {MINUS}3, saved." in html
    assert f'<td class="num">{MINUS}3</td>' in html
    again = organiser_client.post(desk, {"number": 3, "total": -6, "hands_won": 0})
    html = again.content.decode()
    assert again.status_code == 409
    assert f"typed before as {MINUS}3, now as {MINUS}6" in html
    assert f"Keep {MINUS}3 (0 won)" in html and f"Use {MINUS}6 (0 won)" in html
    assert not HYPHEN_NUMBER.search(re.sub(r"<input[^>]*>", "", html))


@pytest.mark.django_db
def test_an_impossible_card_below_zero_is_named_with_the_minus(club, organiser_client):
    drive = _below_zero_paper_drive(club)
    refused = organiser_client.post(
        f"/drives/{drive.pk}/cards-in/",
        {"number": 3, "total": -400, "hands_won": 0, "correct": "False"},
    )
    html = refused.content.decode()
    assert refused.status_code == 400, html
    errors = re.search(r'<div class="errors".*?</div>', html, re.S).group(0)
    assert f"a total of {MINUS}400 is impossible" in errors
    assert f"A hand won scores from {MINUS}2 to 7" in errors
    assert f"can be from {MINUS}12 to 0" in errors
    assert not HYPHEN_NUMBER.search(errors), errors


def _standing(total: int) -> Standing:
    return Standing(
        rank=8, entry=1, number=4, name="Ann", group="A", played=4, sat_out=0,
        score=total, compensation=0, adjustments=0,
    )  # fmt: skip


def test_the_results_mails_place_writes_a_negative_total_with_the_minus():
    words = place_words("Overall", _standing(-2), 8)
    assert words == f"Overall: place 8 of 8, {MINUS}2 points"


@pytest.mark.django_db
def test_a_players_best_score_below_zero_has_the_minus(
    club, organiser, assistant_client
):
    drive = drive_with_players(players=8, club=club, hands=2, revoke_penalty="deduct")
    drive = play_drive(drive, by=organiser)
    scoring_services.hand_result_submit(
        drive=drive, table=1, hand=1, ns_tricks=5, revoke="NS", by=organiser
    )
    bests = []
    for player in Player.objects.filter(entries__drive=drive):
        html = assistant_client.get(f"/players/{player.pk}/history/").content.decode()
        bests += re.findall(r"Best score: (\S+?),", html)
    assert f"{MINUS}2" in bests or f"{MINUS}3" in bests, bests
    assert not [b for b in bests if b.startswith("-")], bests


@pytest.mark.django_db
def test_prediction_all_hands_writes_lost_points_with_the_minus(club, organiser_client):
    drive = prediction_drive(club, players=8, games=1)
    for seed in range(1, 6):
        play_deals(drive, seed=seed)
    html = organiser_client.get(f"/drives/{drive.pk}/hands/").content.decode()
    cells = re.findall(r"<td>([^<]*\d[^<]*)</td>\s*<td><a href", html)
    assert any(MINUS in cell for cell in cells), cells
    assert not any(HYPHEN_NUMBER.search(cell) for cell in cells), cells


def test_printed_rubber_values_and_prediction_totals_have_the_minus():
    row = slips.SlipRoundRow(round=2, values=(-3, 5))
    texts = row.texts()
    assert (texts["ns_game"], texts["ew_game"]) == (f"{MINUS}3", "5")
    after = prediction_layout.after_texts(
        SheetPlayer(seat=1, game_total=-15, evening_total=-7)
    )
    assert after["game"] == f"{MINUS}15" and after["evening"] == f"{MINUS}7"

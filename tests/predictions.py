"""Helpers for the tests of prediction whist drives (issue #18): a drive set up
through the services (the movement seats tables of five first: 9 players
are table 1 of five and table 2 of four), and deals that follow the rules (tests.factories.legal_deal), entered through the one write
path."""

from __future__ import annotations

import datetime
from collections.abc import Sequence

from drive import services as drive_services
from drive.models import Drive
from players.models import Club
from scoring import prediction_rules
from scoring import services as scoring_services
from scoring.hand_plays import deals
from tests.factories import PlayerFactory, legal_deal


def prediction_drive(
    club: Club,
    *,
    players: int = 8,
    games: int = 2,
    start: bool = True,
    **settings: object,
) -> Drive:
    """A prediction whist drive of `games` games with `players` checked in;
    started if asked (every game seated at once: the format is fixed)."""
    drive = drive_services.drive_create(
        club=club,
        name="Wist night",
        date=datetime.date(2026, 12, 4),
        format="prediction",
        hands=8 * games,
        **settings,
    )
    drive_services.drive_open_registration(drive=drive)
    for number in range(1, players + 1):
        drive_services.entry_register(
            drive=drive, player=PlayerFactory(club=club, name=f"Wist player {number}")
        )
    if start:
        drive_services.drive_start(drive=drive)
        drive.refresh_from_db()
    return drive


def play_deals(
    drive: Drive,
    *,
    seed: int = 1,
    tables: Sequence[int] | None = None,
    hands: Sequence[int] | None = None,
    by=None,
) -> dict[tuple[int, int], prediction_rules.PredictionDeal]:
    """Enter legal deals for the current game's tables and deals still
    without a result (those of `tables` and `hands` if given); returns each
    (table, hand)'s deal. `drive` is refreshed."""
    batch, played = [], {}
    for deal in deals(drive=drive, round_number=drive.current_round):
        if deal.ns_tricks is not None:
            continue
        if tables is not None and deal.table not in tables:
            continue
        if hands is not None and deal.hand not in hands:
            continue
        players = sum(1 for seat in deal.seats if seat is not None)
        predictions, tricks = legal_deal(deal.hand, players, seed=seed + deal.table)
        batch.append(
            scoring_services.ResultEntry(
                table=deal.table, hand=deal.hand, predictions=predictions, tricks=tricks
            )
        )
        played[deal.table, deal.hand] = prediction_rules.drive_deal(
            deal.hand, predictions, tricks
        )
    scoring_services.hand_results_submit(drive=drive, entries=batch, by=by)
    drive.refresh_from_db()
    return played


def play_to_the_end(drive: Drive, *, seed: int = 1) -> Drive:
    """Every remaining game, with legal deals."""
    while drive.state == "in_play":
        play_deals(drive, seed=seed + drive.current_round)
    return drive

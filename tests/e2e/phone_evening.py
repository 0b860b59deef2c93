"""A club's evening on the phone in Polish or Russian (the longest words),
for the phone layout tests: its drives in play, finished, at the door and in
prediction whist, with long names (evening), and a tab logged in at a screen's
size (logged_in)."""

from __future__ import annotations

from playwright.sync_api import Page

from drive import services as drive_services
from tests.e2e.conftest import TIMEOUT_MS
from tests.e2e.sign_in import log_in
from tests.factories import (
    ClubFactory,
    PlayerFactory,
    drive_with_players,
    olive,
    play_drive,
    play_round,
)
from tests.predictions import play_deals, prediction_drive

# The players' names, a long double-barrelled one first.
NAMES = (
    "Zofia Nowakowska-Wiśniewska",
    "Ionela Popa",
    "Ilja Orlov",
    "Giulia Rossi",
    "Marek Zieliński",
    "Sorin Dumitru",
    "Olga Petrova",
    "Luca Bianchi",
    "Anna Kowalczyk",
    "Piotr Szymański",
)


def evening(language: str):
    """A club speaking `language`: a progressive drive with groups and sit-outs in
    play, one finished (its results shared), one open at the door, and a
    prediction whist drive with two deals in at table 1."""
    club = ClubFactory(name="Klub Wisła", language=language)
    olive(club)

    def named(drive):
        for entry, name in zip(drive.entries.all(), NAMES, strict=False):
            PlayerFactory._meta.model.objects.filter(pk=entry.player_id).update(
                name=name
            )
        drive_services.drive_start(drive=drive)
        drive_services.public_link_set(drive=drive, shared=True)
        drive.refresh_from_db()
        return drive

    in_play = named(drive_with_players(players=10, club=club, start=False, hands=4))
    play_round(in_play)
    finished = named(drive_with_players(players=10, club=club, start=False, hands=4))
    play_drive(finished)
    door = drive_with_players(players=8, club=club, start=False, hands=4)
    predictions = prediction_drive(club, players=9, games=1)
    # Long names at the captain's table: its figures must still show.
    for entry, name in zip(predictions.entries.all(), NAMES, strict=False):
        PlayerFactory._meta.model.objects.filter(pk=entry.player_id).update(name=name)
    play_deals(predictions, tables=[1], hands=[1, 2])
    return in_play, finished, door, predictions


def logged_in(browser, live_server, viewport) -> Page:
    context = browser.new_context(base_url=live_server.url, viewport=viewport)
    context.set_default_timeout(TIMEOUT_MS)
    page = context.new_page()
    log_in(page)
    return page

"""Seasons of many finished drives, the same players in every one, for the
tests that count a season's queries: drives of each game, with sit-outs,
compensation, adjustments and honours, as a club's year has them."""

from __future__ import annotations

import datetime

from drive import services as drive_services
from drive.models import Drive, DriveState, Entry
from drive.trumps import PREDICTION_SEQUENCE, format_sequence
from league import services as league_services
from league.models import Season
from players.models import Club, Player
from scoring import services as scoring_services
from scoring.cards_in import card_desk, card_total_enter
from tests.factories import DriveFactory, PlayerFactory, play_drive, varied_tricks
from tests.predictions import play_to_the_end
from tests.prizes.fixtures import finished_tie

FIRST = datetime.date(2026, 1, 2)


def season_players(club: Club, count: int = 10) -> list[Player]:
    return [PlayerFactory(club=club, name=f"Member {i:02d}") for i in range(count)]


def finished_drive(
    club: Club, players: list[Player], *, day: int, by=None, **settings
) -> Drive:
    """A drive of `settings` on the season's `day`-th week, `players` entered
    (in pairs where the format plays in pairs), played to the end, with an
    adjustment for the first entry."""
    drive = DriveFactory(
        club=club,
        state="open",
        date=FIRST + datetime.timedelta(weeks=day),
        name=f"Drive {day}",
        **settings,
    )
    if drive.plays_in_pairs:
        for first, second in zip(players[::2], players[1::2], strict=True):
            drive_services.pair_register(drive=drive, first=first, second=second)
    else:
        for index, player in enumerate(players):
            drive_services.entry_register(
                drive=drive, player=player, group="AB"[index % 2]
            )
    drive_services.drive_start(drive=drive)
    drive.refresh_from_db()
    if drive.cards_in:
        _cards_in(drive, by=by)
    elif drive.game.value == "predictions":
        play_to_the_end(drive, seed=day)
    else:
        play_drive(drive, tricks=varied_tricks, by=by)
    scoring_services.adjustment_add(
        entry=Entry.objects.filter(drive=drive).order_by("number").first(),
        points=2,
        reason="Late table",
        by=by,
    )
    drive.refresh_from_db()
    return drive


def _cards_in(drive: Drive, *, by=None) -> None:
    """Ring the bell to the end, then type every card."""
    while drive.state == DriveState.IN_PLAY:
        scoring_services.round_start_next(drive=drive, round_number=drive.current_round)
        drive.refresh_from_db()
    for card in card_desk(drive=drive).cards:
        won = min(card.played, card.numbers[0] % 3)
        card_total_enter(
            drive=drive, number=card.numbers[0], total=won * 2, hands_won=won, by=by
        )


# The drives of a season of tricks: progressive with sit-outs and the room's
# average, honours counted; and a partners drive of fixed pairs.
HANDS = (
    {"hands": 4, "sit_out_compensation": "room_average", "count_honours": True},
    {"hands": 4, "format": "partners", "sit_out_compensation": "fixed"},
    {"hands": 4, "score_entry": "cards", "sit_out_compensation": "own_average"},
)
RUBBERS = (
    {
        "format": "rubber",
        "hands": 12,
        "hands_per_round": 6,
        "trump_sequence": "Hearts, Diamonds, Spades, Clubs",
    },
)
PREDICTIONS = (
    {
        "format": "prediction",
        "hands": 8,
        "hands_per_round": 8,
        "trump_sequence": format_sequence(PREDICTION_SEQUENCE),
    },
    {
        "format": "prediction",
        "hands": 16,
        "hands_per_round": 8,
        "trump_sequence": format_sequence(PREDICTION_SEQUENCE),
        "prediction_ranking": "share",
    },
)


def season_of(
    club: Club,
    players: list[Player],
    *,
    kinds: tuple[dict, ...],
    evenings: int,
    game: str = "hands",
    first: int = 0,
    by=None,
) -> Season:
    """A season of `game` whose dates hold `evenings` of each of `kinds`
    (from week `first` on), every drive finished."""
    day = first
    for _ in range(evenings):
        for settings in kinds:
            finished_drive(club, players, day=day, by=by, **settings)
            day += 1
    season = Season.objects.filter(club=club, game=game).first()
    if season is None:
        season = league_services.season_create(
            club=club,
            name=f"Season {game}",
            start=FIRST,
            end=FIRST + datetime.timedelta(weeks=300),
            game=game,
        )
    return season


def best_two_of_three(club: Club, organiser_client) -> Season:
    """Three drives of a tie (prizes' fixtures), best 2 of 3; Member 4 plays
    only the second, in Member 3's place."""
    players = [PlayerFactory(club=club, name=f"Member {i}") for i in range(5)]
    lineups = [players[:4], players[:3] + [players[4]], players[:4]]
    for index, lineup in enumerate(lineups):
        finished_tie(
            club, players=lineup, date=datetime.date(2026, 3, 1 + index), seed=index + 1
        )
    response = organiser_client.post(
        "/seasons/settings/", {"best_of": "2", "min_attendance": "0"}
    )
    assert response.status_code == 302
    return league_services.season_create(
        club=club,
        name="2026",
        start=datetime.date(2026, 1, 1),
        end=datetime.date(2026, 12, 31),
    )

"""factory_boy factories for the models, and helpers that build drives: in play,
played to the end, or played with every kind of change (`eventful_drive`)."""

from __future__ import annotations

import datetime
import random

import factory
from django.contrib.auth import get_user_model

from drive import entry_services
from drive import services as drive_services
from drive.models import Drive, Entry, SeatAssignment, Table
from players.models import Club, Membership, Player, Role
from scoring import captain as captain_services
from scoring import services as scoring_services


class UserFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = get_user_model()
        django_get_or_create = ("username",)
        skip_postgeneration_save = True

    username = factory.Sequence(lambda n: f"user{n}")

    @factory.post_generation
    def password(user, create: bool, extracted: str | None, **kwargs: object) -> None:
        user.set_password(extracted or "correct horse battery")
        if create:
            user.save(update_fields=["password"])


class ClubFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Club

    name = factory.Sequence(lambda n: f"Club {n}")


# The names a new drive gives its two groups in a club of each language.
CLUB_GROUP_NAMES = {
    "en-gb": ("Ladies", "Gents"),
    "pl": ("Panie", "Panowie"),
    "ru": ("Дамы", "Кавалеры"),
    "ro": ("Doamne", "Domni"),
    "it": ("Dame", "Cavalieri"),
}


class MembershipFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Membership

    club = factory.SubFactory(ClubFactory)
    user = factory.SubFactory(UserFactory)
    role = Role.ORGANISER


# The password of the users the browser tests log in as (tests/e2e/sign_in.py).
PASSWORD = "Trumps-and-Tricks-2024"


def olive(club: Club, *, role: str = Role.ORGANISER):
    """Olive, the member of `club` the browser tests log in as (an organiser
    unless `role` says otherwise), with their PASSWORD. Returns her user;
    called again for another club, she is a member of both."""
    user = UserFactory(username="olive", password=PASSWORD)
    MembershipFactory(club=club, user=user, role=role)
    return user


class PlayerFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Player

    club = factory.SubFactory(ClubFactory)
    name = factory.Sequence(lambda n: f"Player {n:03d}")


class DriveFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Drive

    club = factory.SubFactory(ClubFactory)
    name = "Friday drive"
    date = datetime.date(2026, 11, 27)
    hands = 6
    seed = 42


def drive_with_players(
    *,
    players: int = 8,
    start: bool = True,
    club: Club | None = None,
    **settings: object,
) -> Drive:
    """A drive with `players` entries checked in, alternately A and B; started if asked."""
    drive = DriveFactory(club=club or ClubFactory(), state="open", **settings)
    if drive.plays_in_pairs:
        for _ in range(players // 2):
            drive_services.pair_register(
                drive=drive,
                first=PlayerFactory(club=drive.club),
                second=PlayerFactory(club=drive.club),
            )
    else:
        for index in range(players):
            player = PlayerFactory(club=drive.club)
            drive_services.entry_register(
                drive=drive, player=player, group="AB"[index % 2]
            )
    if start:
        drive_services.drive_start(drive=drive)
        drive.refresh_from_db()
    return drive


def tables_seated(drive: Drive, round_number: int) -> set[int]:
    """The ids of the tables with anyone seated in the round, read by the ORM."""
    return set(
        SeatAssignment.objects.filter(
            round__drive=drive, round__number=round_number, table__isnull=False
        ).values_list("table_id", flat=True)
    )


def rubber_drive(club: Club | None = None, **settings: object) -> Drive:
    """A rubber whist drive in play: four fixed pairs at two tables, English
    short whist (game 5), two rounds of 12 hands, trumps only (no No-trumps hand)."""
    values = {
        "players": 8,
        "club": club,
        "format": "rubber",
        "hands": 24,
        "hands_per_round": 12,
        "trump_sequence": "Hearts, Diamonds, Spades, Clubs",
    } | settings
    return drive_with_players(**values)


def prediction_drive(
    club: Club | None = None, *, players: int = 8, games: int = 2, **settings: object
) -> Drive:
    """A prediction whist drive in play: `games` games of 8 deals."""
    from drive.trumps import DEALS_PER_GAME, PREDICTION_SEQUENCE, format_sequence

    values = {
        "players": players,
        "club": club,
        "format": "prediction",
        "hands": DEALS_PER_GAME * games,
        "hands_per_round": DEALS_PER_GAME,
        "trump_sequence": format_sequence(PREDICTION_SEQUENCE),
    } | settings
    return drive_with_players(**values)


def legal_deal(
    hand: int, players: int, seed: int | random.Random = 0
) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """A legal prediction whist deal for a table of `players` at the drive's
    hand `hand`: (predictions, tricks) in seat order, drawn by `seed` (a
    number, or a random.Random to draw from). The tricks are cut at random;
    about half the players predict what they then take, the others say
    anything the rules allow (scoring.prediction_rules.legal_predictions)."""
    from drive.hand_place import hand_place
    from drive.trumps import DEALS_PER_GAME
    from scoring import prediction_rules

    rng = (
        seed
        if isinstance(seed, random.Random)
        else random.Random(seed * 1000 + hand * 10 + players)
    )
    cards = prediction_rules.cards_per_player(players)
    cuts = sorted(rng.randint(0, cards) for _ in range(players - 1))
    tricks = [b - a for a, b in zip([0, *cuts], [*cuts, cards], strict=True)]
    number = hand_place(hand, DEALS_PER_GAME).number
    kind = prediction_rules.deal_kind(number)
    order = prediction_rules.prediction_order(
        players, prediction_rules.dealer(number, players)
    )
    said: list[int] = []
    for seat in order:
        legal = prediction_rules.legal_predictions(said, players, kind)
        made = tricks[seat] in legal and rng.random() < 0.5
        said.append(tricks[seat] if made else rng.choice(legal))
    predictions = [0] * players
    for seat, prediction in zip(order, said, strict=True):
        predictions[seat] = prediction
    return tuple(predictions), tuple(tricks)


def enter_tricks(drive: Drive, by, table: int, tricks: list[int], first: int = 1):
    """The organiser enters `tricks` (N-S) for one table's hands from `first` on."""
    from scoring import services as scoring_services

    for hand, ns in enumerate(tricks, first):
        scoring_services.hand_result_submit(
            drive=drive, table=table, hand=hand, ns_tricks=ns, by=by
        )


def play_round(drive: Drive, tricks=None, by=None):
    """Enter every missing result of the drive's current round through the scoring service.

    `tricks(deal)` gives the N-S tricks of a deal (7 when not given). Returns the
    service's outcome; `drive` is refreshed.
    """
    from scoring.hand_plays import deals

    batch = [
        scoring_services.ResultEntry(
            table=deal.table,
            hand=deal.hand,
            ns_tricks=tricks(deal) if tricks else 7,
        )
        for deal in deals(drive=drive, round_number=drive.current_round)
        if deal.ns_tricks is None
    ]
    outcome = scoring_services.hand_results_submit(drive=drive, entries=batch, by=by)
    drive.refresh_from_db()
    return outcome


def play_drive(drive: Drive, tricks=None, by=None) -> Drive:
    """Play every remaining round of a drive in play; returns it finished."""
    from drive.models import DriveState

    while drive.state == DriveState.IN_PLAY:
        play_round(drive, tricks=tricks, by=by)
    return drive


def varied_tricks(deal) -> int:
    # Varied, and never the same for every table, so a wrong total shows.
    return (deal.hand * 3 + deal.table * 5) % 14


def eventful_drive(club, organiser):
    """A 10-player drive (sit-outs) played to the end with every kind of change:
    organiser entries and corrections, phones with a conflict settled and an
    opponent's confirmation, a late arrival, a withdrawal, adjustments added and
    removed."""
    drive = drive_with_players(
        players=10, club=club, hands=6, sit_out_compensation="room_average"
    )
    play_round(drive, tricks=varied_tricks, by=organiser)  # round 1 from the organiser
    # Round 2 from the phones: table 1 twice with different numbers (a conflict).
    table_1 = Table.objects.get(drive=drive, number=1)
    table_2 = Table.objects.get(drive=drive, number=2)
    captain_services.captain_result_submit(
        table=table_1, hand=2, ns_tricks=8, idempotency_key="a" * 22
    )
    conflict = captain_services.captain_result_submit(
        table=table_1, hand=2, ns_tricks=5, idempotency_key="b" * 22
    )
    assert conflict.kind == captain_services.Kind.CONFLICT
    scoring_services.hand_result_conflict_resolve(
        drive=drive, table=1, hand=2, ns_tricks=5, by=organiser, seen_version=1
    )
    captain_services.captain_result_submit(
        table=table_2, hand=2, ns_tricks=4, idempotency_key="c" * 22
    )
    drive.refresh_from_db()
    assert drive.current_round == 3
    # A second phone at table 2, late, agreeing: no result of its own, a receipt.
    late = captain_services.captain_result_submit(
        table=table_2, hand=2, ns_tricks=4, idempotency_key="d" * 22
    )
    assert late.kind == captain_services.Kind.ALREADY
    # A correction of round 1, and a late arrival who joins at round 4.
    scoring_services.hand_result_submit(
        drive=drive, table=2, hand=1, ns_tricks=2, by=organiser, seen_version=1
    )
    drive_services.entry_register(drive=drive, player=PlayerFactory(club=club))
    drive_services.entry_register(drive=drive, player=PlayerFactory(club=club))
    # Round 3 with the opponent confirming on the phone.
    drive.opponent_confirms = True
    drive.save(update_fields=["opponent_confirms"])
    for number, ns in ((1, 9), (2, 3)):
        table = Table.objects.get(drive=drive, number=number)
        pending = captain_services.captain_result_submit(
            table=table, hand=3, ns_tricks=ns, idempotency_key=f"{number}" * 22
        )
        captain_services.captain_result_confirm(
            table=table, hand=3, version=pending.result.version
        )
    drive.refresh_from_db()
    leaver = Entry.objects.filter(drive=drive, joined_round=1).first()
    entry_services.entry_withdraw(entry=leaver)
    entry = Entry.objects.filter(drive=drive).order_by("number")[2]
    keep = scoring_services.adjustment_add(
        entry=entry, points=4, reason="Prize for the raffle", by=organiser
    )
    gone = scoring_services.adjustment_add(
        entry=entry, points=-2, reason="Typed by mistake", by=organiser
    )
    scoring_services.adjustment_delete(adjustment=gone)
    play_drive(drive, tricks=varied_tricks, by=organiser)
    # A correction after the end.
    scoring_services.hand_result_submit(
        drive=drive, table=1, hand=6, ns_tricks=0, by=organiser
    )
    return drive, keep

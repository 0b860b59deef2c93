"""factory_boy factories for the models, and a helper that builds a drive in play."""

from __future__ import annotations

import datetime

import factory
from django.contrib.auth import get_user_model

from drive import services as drive_services
from drive.models import Drive
from players.models import Club, Membership, Player, Role


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


class MembershipFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Membership

    club = factory.SubFactory(ClubFactory)
    user = factory.SubFactory(UserFactory)
    role = Role.ORGANISER


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
    if drive.format == "partners":
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


def play_round(drive: Drive, tricks=None, by=None):
    """Enter every missing result of the drive's current round through the scoring service.

    `tricks(deal)` gives the N-S tricks of a deal (7 when not given). Returns the
    service's outcome; `drive` is refreshed.
    """
    from scoring import services as scoring_services
    from scoring.selectors import deals

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

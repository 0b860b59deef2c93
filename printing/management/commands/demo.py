"""Play a whole drive with random tricks, through the same services as the pages."""

from __future__ import annotations

import random

from django.core.exceptions import ValidationError
from django.core.management.base import BaseCommand, CommandError, CommandParser
from django.db import transaction
from django.utils import timezone

from drive import services as drive_services
from drive.models import Drive, DriveState, MovementFormat
from players.models import Club, Player
from scoring import services as scoring_services
from scoring.selectors import deals
from scoring.services import ResultEntry


class Command(BaseCommand):
    help = (
        "Create a club if needed, register players and play a drive with random tricks."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--players", type=int, default=16)
        parser.add_argument("--hands", type=int, default=24)
        parser.add_argument(
            "--format",
            choices=MovementFormat.values,
            default=MovementFormat.PROGRESSIVE,
        )
        parser.add_argument("--winners-move", action="store_true")
        parser.add_argument(
            "--three-handed",
            action="store_true",
            help="Three left over play with a dummy hand instead of sitting out.",
        )
        parser.add_argument("--hands-per-round", type=int, default=1)
        parser.add_argument("--seed", type=int, default=None)

    def handle(self, *args: object, **options: object) -> None:
        players = int(options["players"])
        if players < 4:
            raise CommandError("A drive needs at least 4 players.")
        if players > 1000:
            raise CommandError("The demo plays at most 1000 players.")
        seed = (
            options["seed"] if options["seed"] is not None else random.randrange(2**31)
        )
        rng = random.Random(seed)
        try:
            drive = self._set_up(options, players, seed)
            drive_services.drive_start(drive=drive)
        except ValidationError as error:
            raise CommandError(" ".join(error.messages)) from error
        drive.refresh_from_db()
        while drive.state == DriveState.IN_PLAY:
            batch = [
                ResultEntry(
                    table=deal.table, hand=deal.hand, ns_tricks=rng.randint(0, 13)
                )
                for deal in deals(drive=drive, round_number=drive.current_round)
                if deal.ns_tricks is None
            ]
            scoring_services.hand_results_submit(
                drive=drive, entries=batch, by=None, source="demo"
            )
            self.stdout.write(f"round {drive.current_round}: {len(batch)} results")
            drive.refresh_from_db()
        self.stdout.write(f"drive: {drive.pk}")

    @transaction.atomic
    def _set_up(self, options: dict, players: int, seed: int) -> Drive:
        club = Club.objects.order_by("id").first() or Club.objects.create(
            name="Demo whist club"
        )
        roster = list(Player.objects.filter(club=club, active=True)[:players])
        for index in range(len(roster), players):
            roster.append(
                Player.objects.create(club=club, name=f"Demo player {index + 1}")
            )
        drive = drive_services.drive_create(
            club=club,
            seed=seed,
            name=f"Demo drive ({options['format']}, {players} players)",
            date=timezone.localdate(),
            format=options["format"],
            winners_move=bool(options["winners_move"]),
            three_handed=bool(options["three_handed"]),
            hands=int(options["hands"]),
            hands_per_round=int(options["hands_per_round"]),
        )
        drive_services.drive_open_registration(drive=drive)
        if drive.plays_in_pairs:
            if players % 2:
                raise CommandError("A partners drive needs an even number of players.")
            for first, second in zip(roster[::2], roster[1::2], strict=True):
                drive_services.pair_register(
                    drive=drive, first=first, second=second, paid=True
                )
            return drive
        for index, player in enumerate(roster):
            drive_services.entry_register(
                drive=drive,
                player=player,
                group="A" if index % 2 == 0 else "B",
                paid=True,
            )
        return drive

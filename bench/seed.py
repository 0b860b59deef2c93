"""Set up a drive in play in whatever database DATABASE_URL names, through the services.

    DATABASE_URL=sqlite:////tmp/x.sqlite3 python -m bench.seed --migrate --tables 100 --hands 24

Prints one JSON object: the drive's id, each table's captain key, the public
leaderboard key and the logins of an organiser and an assistant; with
`--waiting N`, also the id of a second drive of the same club (stationary,
N players checked in, not yet started). The live
benchmarks and the reliability tests run it in a subprocess, so the server
they start and the data they check share one database file (or PostgreSQL
database) that no test transaction hides.
"""

from __future__ import annotations

import argparse
import datetime
import json
import os
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PASSWORD = "bench-password-not-secret"


def seed_drive(
    *,
    tables: int,
    hands: int,
    hands_per_round: int = 1,
    opponent_confirms: bool = False,
    name: str = "Bench drive",
) -> dict[str, object]:
    """A progressive drive of `tables` full tables, started, its leaderboard shared."""
    from django.contrib.auth import get_user_model

    from drive import services as drive_services
    from drive.models import Table
    from players.models import Club, Membership, Player, Role, normalise_name

    club = Club.objects.create(name=f"{name} club")
    users = {}
    for role in (Role.ORGANISER, Role.ASSISTANT):
        username = f"{role}-{club.pk}"
        user = get_user_model().objects.create_user(username, password=PASSWORD)
        Membership.objects.create(club=club, user=user, role=role)
        users[str(role)] = username
    names = [f"Player {n:04d}" for n in range(1, 4 * tables + 1)]
    players = Player.objects.bulk_create(
        Player(club=club, name=text, name_key=normalise_name(text)) for text in names
    )
    drive = drive_services.drive_create(
        club=club,
        seed=7,
        name=name,
        date=datetime.date(2026, 11, 27),
        hands=hands,
        hands_per_round=hands_per_round,
        opponent_confirms=opponent_confirms,
    )
    drive_services.drive_open_registration(drive=drive)
    for index, player in enumerate(players):
        drive_services.entry_register(drive=drive, player=player, group="AB"[index % 2])
    drive_services.drive_start(drive=drive)
    drive = drive_services.public_link_set(drive=drive, shared=True)
    keys = dict(Table.objects.filter(drive=drive).values_list("number", "captain_key"))
    return {
        "drive": drive.pk,
        "tables": tables,
        "hands": hands,
        "keys": {str(number): key for number, key in sorted(keys.items())},
        "public_key": drive.public_key,
        "users": users,
        "password": PASSWORD,
    }


def seed_waiting_drive(*, club_id: int, players: int, format: str) -> int:
    """A drive of the club's with `players` checked in, alternately A and B, not started."""
    from drive import services as drive_services
    from players.models import Club, Player, normalise_name

    club = Club.objects.get(pk=club_id)
    names = [f"Waiting {n:04d}" for n in range(1, players + 1)]
    roster = Player.objects.bulk_create(
        Player(club=club, name=text, name_key=normalise_name(text)) for text in names
    )
    drive = drive_services.drive_create(
        club=club,
        seed=11,
        name="Waiting drive",
        date=datetime.date(2026, 11, 27),
        format=format,
        hands=24,
    )
    drive_services.drive_open_registration(drive=drive)
    for index, player in enumerate(roster):
        drive_services.entry_register(drive=drive, player=player, group="AB"[index % 2])
    return drive.pk


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--migrate", action="store_true", help="migrate first")
    parser.add_argument("--tables", type=int, default=0)
    parser.add_argument("--hands", type=int, default=24)
    parser.add_argument("--hands-per-round", type=int, default=1)
    parser.add_argument("--opponent-confirms", action="store_true")
    parser.add_argument(
        "--drives",
        type=int,
        default=1,
        help="this many such drives, each of a club of its own (a county's "
        "evening); the answer is then {'drives': [each drive's answer]}",
    )
    parser.add_argument(
        "--waiting",
        type=int,
        default=0,
        help="also a stationary drive of the same club with this many players "
        "checked in, not yet started",
    )
    args = parser.parse_args(argv)

    sys.path.insert(0, str(ROOT))
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    import django
    from django.core.management import call_command

    django.setup()
    if args.migrate:
        call_command("migrate", verbosity=0, interactive=False)
    if args.tables and args.drives > 1:
        seeded = {
            "drives": [
                seed_drive(
                    tables=args.tables,
                    hands=args.hands,
                    hands_per_round=args.hands_per_round,
                    name=f"County drive {n}",
                )
                for n in range(1, args.drives + 1)
            ]
        }
        print(json.dumps(seeded))
    elif args.tables:
        seeded = seed_drive(
            tables=args.tables,
            hands=args.hands,
            hands_per_round=args.hands_per_round,
            opponent_confirms=args.opponent_confirms,
        )
        if args.waiting:
            from drive.models import Drive

            club_id = Drive.objects.get(pk=seeded["drive"]).club_id
            seeded["waiting_drive"] = seed_waiting_drive(
                club_id=club_id, players=args.waiting, format="stationary"
            )
        print(json.dumps(seeded))
    return 0


if __name__ == "__main__":
    sys.exit(main())

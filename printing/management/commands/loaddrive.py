"""Read a drive written by dumpdrive into this site (printing.transfer)."""

from __future__ import annotations

from django.core.exceptions import ValidationError
from django.core.management.base import BaseCommand, CommandError, CommandParser
from django.db import DatabaseError, transaction

from players.models import Club
from printing.transfer import load_drive, read_dump


class Command(BaseCommand):
    help = (
        "Load a drive written by dumpdrive. Players are matched to the club's "
        "roster by name; the drive gets a new id, printed at the end."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("file", help="The .json file written by dumpdrive.")
        parser.add_argument(
            "--club",
            type=int,
            help="The club to load into (needed when this site has several).",
        )

    def _club(self, club_id: int | None) -> Club:
        if club_id is not None:
            club = Club.objects.filter(pk=club_id).first()
            if club is None:
                raise CommandError(f"There is no club {club_id}.")
            return club
        clubs = list(Club.objects.order_by("pk")[:2])
        if len(clubs) > 1:
            listed = ", ".join(f"{c.pk} ({c.name})" for c in Club.objects.all())
            raise CommandError(
                f"This site has several clubs; pick one with --club: {listed}."
            )
        if not clubs:
            # A club made here would have no organiser to log in, and the
            # first-visit page only appears on a site with no club.
            raise CommandError(
                "This site has no club yet: open it in a browser, create the "
                "organiser and the club, then load the drive."
            )
        return clubs[0]

    def handle(self, *args: object, **options: object) -> None:
        try:
            with open(str(options["file"]), encoding="utf-8") as handle:
                data = read_dump(handle)
        except OSError as error:
            raise CommandError(
                f"Cannot read {options['file']}: {error.strerror}"
            ) from error
        except ValidationError as error:
            raise CommandError(" ".join(error.messages)) from error
        notes: list[str] = []
        try:
            with transaction.atomic():
                club = self._club(options.get("club"))
                drive = load_drive(data=data, club=club, notes=notes)
        except ValidationError as error:
            raise CommandError(" ".join(error.messages)) from error
        except (KeyError, TypeError, ValueError, AttributeError) as error:
            raise CommandError(
                f"The file is damaged or incomplete ({error!r}); nothing was loaded."
            ) from error
        except DatabaseError as error:  # a constraint, or a value the column refuses
            raise CommandError(
                f"The file breaks a rule of the database ({error}); nothing was loaded."
            ) from error
        for note in notes:
            self.stdout.write(note)
        self.stdout.write(f"loaded into club {club.pk} ({club.name})")
        self.stdout.write(f"drive: {drive.pk}")

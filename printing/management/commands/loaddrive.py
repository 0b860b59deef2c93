"""Read a drive written by dumpdrive into this site (printing.transfer)."""

from __future__ import annotations

from django.core.exceptions import ValidationError
from django.core.management.base import BaseCommand, CommandError, CommandParser
from django.db import DatabaseError, transaction
from django.utils.translation import gettext as _

from players.management.club_option import add_club_option, chosen_club
from printing.transfer import load_drive, read_dump


class Command(BaseCommand):
    help = (
        "Load a drive written by dumpdrive. Players are matched to the club's "
        "roster by name; the drive gets a new id, printed at the end."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("file", help="The .json file written by dumpdrive.")
        add_club_option(parser)

    def handle(self, *args: object, **options: object) -> None:
        try:
            with open(str(options["file"]), encoding="utf-8") as handle:
                data = read_dump(handle)
        except OSError as error:
            raise CommandError(
                _("Cannot read %(file)s: %(reason)s")
                % {"file": options["file"], "reason": error.strerror}
            ) from error
        except ValidationError as error:
            raise CommandError(" ".join(error.messages)) from error
        notes: list[str] = []
        try:
            with transaction.atomic():
                club = chosen_club(options.get("club"))  # type: ignore[arg-type]
                drive = load_drive(data=data, club=club, notes=notes)
        except ValidationError as error:
            raise CommandError(" ".join(error.messages)) from error
        except (KeyError, TypeError, ValueError, AttributeError) as error:
            raise CommandError(
                _("The file is damaged or incomplete (%(error)r); nothing was loaded.")
                % {"error": error}
            ) from error
        except DatabaseError as error:  # a constraint, or a value the column refuses
            raise CommandError(
                _(
                    "The file breaks a rule of the database (%(error)s); "
                    "nothing was loaded."
                )
                % {"error": error}
            ) from error
        for note in notes:
            self.stdout.write(note)
        self.stdout.write(
            _("loaded into club %(club)s (%(name)s)")
            % {"club": club.pk, "name": club.name}
        )
        # Machine-read (tests, scripts): stays English.
        self.stdout.write(f"drive: {drive.pk}")

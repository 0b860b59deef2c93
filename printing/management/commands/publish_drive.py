"""Publish a finished drive to the club's website (printing.publishing_client)."""

from __future__ import annotations

from django.core.exceptions import ValidationError
from django.core.management.base import BaseCommand, CommandError, CommandParser
from django.utils.translation import gettext as _

from drive.models import Drive
from printing.publishing_client import drive_publish


class Command(BaseCommand):
    help = (
        "Send a finished drive to the club's website; prints its public results "
        "address as the last line. Publishing again replaces the earlier copy."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("drive_id", type=int)
        parser.add_argument(
            "--to", required=True, help="The website's address: https://..."
        )
        parser.add_argument(
            "--key", required=True, help="The publishing key the website gave."
        )

    def handle(self, *args: object, **options: object) -> None:
        drive = Drive.objects.filter(pk=options["drive_id"]).first()
        if drive is None:
            raise CommandError(
                _("There is no drive %(drive)s.") % {"drive": options["drive_id"]}
            )
        try:
            publication = drive_publish(
                drive=drive, address=str(options["to"]), key=str(options["key"])
            )
        except ValidationError as error:
            raise CommandError(" ".join(error.messages)) from error
        if not publication.published:
            raise CommandError(
                _("Not yet published: %(reason)s") % {"reason": publication.reason}
            )
        # Machine-read (tests, scripts): the address alone on the last line.
        self.stdout.write(publication.public_url)

"""Send each consenting player of a finished drive their results by e-mail."""

from __future__ import annotations

import os

from django.core.exceptions import ValidationError
from django.core.management.base import BaseCommand, CommandError, CommandParser
from django.utils import timezone, translation
from django.utils.translation import gettext as _

from drive.models import Drive
from printing import result_mail
from printing.management.language_option import add_language_option, chosen_language


class Command(BaseCommand):
    help = (
        "E-mail each player of a finished drive who has an address and agreed "
        "their card (PDF), place, prizes and the public results link."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("drive_id", type=int)
        parser.add_argument(
            "--dry-run",
            action="store_true",
            help="Say who would be sent what; send and record nothing.",
        )
        parser.add_argument(
            "--only-failed",
            action="store_true",
            help="Send again only to those whose last try failed.",
        )
        parser.add_argument(
            "--base-url",
            default=os.environ.get("SITE_URL", "http://127.0.0.1:8000/"),
            help="The site's address, for the public results link (default SITE_URL).",
        )
        add_language_option(parser)

    def handle(self, *args: object, **options: object) -> None:
        drive = (
            Drive.objects.select_related("club").filter(pk=options["drive_id"]).first()
        )
        if drive is None:
            raise CommandError(
                _("There is no drive %(drive)s.") % {"drive": options["drive_id"]}
            )
        language = chosen_language(options.get("language"), drive)
        try:
            with (
                translation.override(language),
                timezone.override(drive.club.time_zone),
            ):
                summary = result_mail.results_send(
                    drive=drive,
                    by="command line",
                    only_failed=bool(options["only_failed"]),
                    dry_run=bool(options["dry_run"]),
                    base_url=str(options["base_url"]),
                    report=lambda outcome: self.stdout.write(outcome.line()),
                )
        except ValidationError as error:
            raise CommandError(" ".join(error.messages)) from error
        self.stdout.write(summary.last_line())

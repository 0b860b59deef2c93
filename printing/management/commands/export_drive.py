"""Write a drive's workbook (the same as the download on the drive's page)."""

from __future__ import annotations

from django.core.management.base import BaseCommand, CommandError, CommandParser
from django.utils import timezone, translation
from django.utils.translation import gettext as _

from drive.models import Drive
from printing.exports import write_workbook
from printing.management.language_option import add_language_option, chosen_language


class Command(BaseCommand):
    help = "Export every result of a drive to a spreadsheet (.xlsx)."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("drive_id", type=int)
        parser.add_argument("--output", required=True, help="The .xlsx file to write.")
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
        output = str(options["output"])
        try:
            with (
                open(output, "wb") as handle,
                translation.override(language),
                timezone.override(drive.club.time_zone),
            ):
                write_workbook(drive=drive, output=handle)
        except OSError as error:
            raise CommandError(
                _("Cannot write %(file)s: %(reason)s")
                % {"file": output, "reason": error.strerror}
            ) from error
        # Translators: the command's last line; %(file)s is the file written.
        self.stdout.write(_("wrote %(file)s") % {"file": output})

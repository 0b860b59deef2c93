"""Write a drive's workbook (the same as the download on the drive's page)."""

from __future__ import annotations

from django.core.management.base import BaseCommand, CommandError, CommandParser

from drive.models import Drive
from printing.exports import write_workbook


class Command(BaseCommand):
    help = "Export every result of a drive to a spreadsheet (.xlsx)."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("drive_id", type=int)
        parser.add_argument("--output", required=True, help="The .xlsx file to write.")

    def handle(self, *args: object, **options: object) -> None:
        drive = Drive.objects.filter(pk=options["drive_id"]).first()
        if drive is None:
            raise CommandError(f"There is no drive {options['drive_id']}.")
        try:
            with open(str(options["output"]), "wb") as handle:
                write_workbook(drive=drive, output=handle)
        except OSError as error:
            raise CommandError(
                f"Cannot write {options['output']}: {error.strerror}"
            ) from error
        self.stdout.write(f"wrote {options['output']}")

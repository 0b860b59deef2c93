"""Write one drive, with everything that belongs to it, as JSON (printing.transfer)."""

from __future__ import annotations

from django.core.management.base import BaseCommand, CommandError, CommandParser
from django.utils.translation import gettext as _

from drive.models import Drive
from printing.transfer import dump_text


class Command(BaseCommand):
    help = (
        "Write one drive (players, entries, tables, rounds, seats, results with "
        "their history, adjustments, audit record) as JSON for loaddrive."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("drive_id", type=int)
        parser.add_argument(
            "--output", help="The .json file to write (default: standard output)."
        )

    def handle(self, *args: object, **options: object) -> None:
        drive = Drive.objects.filter(pk=options["drive_id"]).first()
        if drive is None:
            raise CommandError(
                _("There is no drive %(drive)s.") % {"drive": options["drive_id"]}
            )
        output = options.get("output")
        text = dump_text(drive=drive)
        if not output:
            self.stdout.write(text, ending="")
            return
        try:
            with open(str(output), "w", encoding="utf-8") as handle:
                handle.write(text)
        except OSError as error:
            raise CommandError(
                _("Cannot write %(file)s: %(reason)s")
                % {"file": output, "reason": error.strerror}
            ) from error
        self.stderr.write(
            _("wrote drive %(drive)s to %(file)s") % {"drive": drive.pk, "file": output}
        )

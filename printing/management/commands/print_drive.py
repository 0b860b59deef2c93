"""Print a drive's sheets to a PDF file (the same as the downloads on the drive's page)."""

from __future__ import annotations

from django.core.management.base import BaseCommand, CommandError, CommandParser
from django.utils import timezone, translation
from django.utils.translation import gettext as _

from drive.models import Drive
from printing import documents, editions
from printing.management.language_option import add_language_option, chosen_language
from printing.management.output import write_pdf


class Command(BaseCommand):
    help = (
        "Print a drive's score cards, blank cards, filled-in cards, travel slips, "
        "table cards or results sheet to a PDF."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("drive_id", type=int)
        parser.add_argument(
            "--what",
            required=True,
            choices=list(documents.KINDS),
            help="Which sheets to print.",
        )
        parser.add_argument("--output", required=True, help="The .pdf file to write.")
        parser.add_argument("--paper", default="a4", choices=list(documents.PAPERS))
        parser.add_argument(
            "--per-page",
            type=int,
            choices=list(documents.PER_PAGE),
            help=(
                "Cards a page (default 2; table cards 1, and travel slips 1 but "
                "a prediction whist drive's 2)."
            ),
        )
        parser.add_argument(
            "--count",
            type=int,
            help=f"Blank cards to print (default {documents.DEFAULT_BLANK_CARDS}).",
        )
        parser.add_argument(
            "--edition",
            default="standard",
            choices=list(editions.EDITIONS),
            help="large: large print (16 pt and more, one card a page).",
        )
        parser.add_argument(
            "--base-url",
            default="http://127.0.0.1:8000/",
            help="The site's address, for the QR codes of the table cards.",
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
            chosen = documents.parse_options(
                kind=str(options["what"]),
                paper=str(options["paper"]),
                per_page=options["per_page"],  # type: ignore[arg-type]
                count=options["count"],  # type: ignore[arg-type]
                edition=str(options["edition"]),
            )
            with (
                translation.override(language),
                timezone.override(drive.club.time_zone),
            ):
                printed = documents.render(
                    drive=drive, options=chosen, base_url=str(options["base_url"])
                )
                # Printed fewer to a page than chosen, to be read: said.
                if note := documents.fewer_per_page_note(printed, chosen.kind):
                    self.stderr.write(note)
        except documents.PrintError as error:
            raise CommandError(str(error)) from error
        write_pdf(self, str(options["output"]), printed)

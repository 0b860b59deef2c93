"""Print a season's league table to a PDF file (the same as the download on
the league page)."""

from __future__ import annotations

from django.core.management.base import BaseCommand, CommandError, CommandParser
from django.utils import timezone, translation
from django.utils.translation import gettext as _

from league.models import Season
from printing import documents, editions, league_pdf, league_sheet
from printing.management.language_option import add_language_option, chosen_language
from printing.management.output import write_pdf


class Command(BaseCommand):
    help = (
        "Print a season's league table (with the season's drives and their "
        "head counts) to a PDF."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("season_id", type=int)
        parser.add_argument("--output", required=True, help="The .pdf file to write.")
        parser.add_argument("--paper", default="a4", choices=list(documents.PAPERS))
        parser.add_argument(
            "--edition",
            default="standard",
            choices=list(editions.EDITIONS),
            help="large: large print (16 pt and more).",
        )
        add_language_option(parser)

    def handle(self, *args: object, **options: object) -> None:
        season = (
            Season.objects.select_related("club")
            .filter(pk=options["season_id"])
            .first()
        )
        if season is None:
            raise CommandError(
                _("There is no season %(season)s.") % {"season": options["season_id"]}
            )
        language = chosen_language(options.get("language"), season)
        with translation.override(language), timezone.override(season.club.time_zone):
            printed = league_pdf.draw_league(
                league_sheet.load_league_sheet(season=season),
                paper=str(options["paper"]),
                edition=editions.EDITIONS[str(options["edition"])],
            )
        write_pdf(self, str(options["output"]), printed)

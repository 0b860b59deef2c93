"""Import a roster from a CSV or XLSX file, with the same matching as the import page."""

from __future__ import annotations

from pathlib import Path

from django.core.exceptions import ValidationError
from django.core.management.base import BaseCommand, CommandError, CommandParser
from django.utils.translation import gettext as _

from players import imports, roster_file
from players.management.club_option import add_club_option, chosen_club


class Command(BaseCommand):
    help = (
        "Add the players of a CSV or XLSX file to a club's roster. Names already "
        "on the roster (ignoring case, accents and spaces) are matched, not added."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("file", help="A .csv or .xlsx file with a Name column.")
        add_club_option(parser)
        parser.add_argument(
            "--skip-errors",
            action="store_true",
            help="Import the good rows and skip those with errors.",
        )
        parser.add_argument(
            "--dry-run", action="store_true", help="Show the verdicts; write nothing."
        )

    def handle(self, *args: object, **options: object) -> None:
        club = chosen_club(options["club"])  # type: ignore[arg-type]
        path = Path(str(options["file"]))
        try:
            data = path.read_bytes()
        except OSError as error:
            raise CommandError(
                _("Cannot read %(path)s: %(error)s")
                % {"path": path, "error": error.strerror}
            ) from error
        try:
            rows = roster_file.read_upload(path.name, data)
        except roster_file.RosterFileError as error:
            raise CommandError(str(error)) from error
        preview = imports.preview(club=club, rows=rows)
        for row in preview.rows:
            if row.is_error:
                self.stderr.write(
                    _("row %(line)s: %(reason)s")
                    % {"line": row.line, "reason": row.reason}
                )
        if options["dry_run"]:
            self.stdout.write(
                _("would add %(new)s, matched %(matched)s, errors %(errors)s")
                % {
                    "new": preview.new,
                    "matched": preview.on_roster,
                    "errors": preview.errors,
                }
            )
            return
        try:
            summary = imports.roster_import(
                club=club, rows=rows, skip_errors=bool(options["skip_errors"])
            )
        except ValidationError as error:
            self.stdout.write(
                added_line(added=0, matched=preview.on_roster, errors=preview.errors)
            )
            raise CommandError(
                # Translators: %(message)s says how many rows have errors.
                _("%(message)s (use --skip-errors to skip them)")
                % {"message": error.messages[0]}
            ) from error
        self.stdout.write(
            added_line(
                added=summary.added, matched=summary.matched, errors=summary.errors
            )
        )


def added_line(*, added: int, matched: int, errors: int) -> str:
    # Translators: the roster import command's last line, counts only.
    return _("added %(added)s, matched %(matched)s, errors %(errors)s") % {
        "added": added,
        "matched": matched,
        "errors": errors,
    }

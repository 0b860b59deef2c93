"""The --language option of the commands that write a drive's papers
(print_drive, export_drive, send_results): the language the sheets are
written in, by default the drive's club's (printing.content.drive_language).
"""

from __future__ import annotations

from django.conf import settings
from django.core.management.base import CommandError, CommandParser
from django.utils.translation import gettext as _

from printing.content import drive_language, known_language


def add_language_option(parser: CommandParser) -> None:
    parser.add_argument(
        "--language",
        help="The language of what is written, e.g. en-gb or pl "
        "(default: the drive's club's language).",
    )


def chosen_language(code: object, drive: object) -> str:
    """The language named by --language, or the drive's; an unknown code is a
    CommandError that lists the known ones."""
    if code in (None, ""):
        return drive_language(drive)
    found = known_language(str(code))
    if found is None:
        known = ", ".join(f"{known} ({name})" for known, name in settings.LANGUAGES)
        raise CommandError(
            _("“%(code)s” is not a language of this site. Use one of: %(known)s.")
            % {"code": str(code)[:20], "known": known}
        )
    return found

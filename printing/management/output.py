"""Writing a printed PDF to the file a print command names (print_drive,
print_league), and saying so on its last line."""

from __future__ import annotations

from django.core.management.base import BaseCommand, CommandError
from django.utils.translation import gettext as _
from django.utils.translation import ngettext


def write_pdf(command: BaseCommand, output: str, printed) -> None:
    """`printed` (with .data and .pages) written to `output`; a file that
    cannot be written is a CommandError saying why."""
    try:
        with open(output, "wb") as handle:
            handle.write(printed.data)
    except OSError as error:
        raise CommandError(
            _("Cannot write %(file)s: %(reason)s")
            % {"file": output, "reason": error.strerror}
        ) from error
    command.stdout.write(
        # Translators: the command's last line; %(file)s is the PDF written.
        ngettext(
            "wrote %(file)s (%(pages)d page)",
            "wrote %(file)s (%(pages)d pages)",
            printed.pages,
        )
        % {"file": output, "pages": printed.pages}
    )

"""What every check of a drive file shares (printing.transfer_checks,
printing.transfer_audit): the problems found, each with where it is in the
file, and the small questions every check asks.
"""

from __future__ import annotations

from typing import Any

from django.core.exceptions import ValidationError
from django.utils.translation import gettext as _

from drive.models import Drive, DriveState

# How many problems one error lists; the rest are counted.
MAX_PROBLEMS = 12


class Problems:
    """What is wrong with a file, each with where it is."""

    def __init__(self) -> None:
        self.found: list[str] = []

    def add(self, where: str, what: str) -> None:
        self.found.append(f"{where}: {what}")

    def raise_if_any(self) -> None:
        if not self.found:
            return
        shown = self.found[:MAX_PROBLEMS]
        more = len(self.found) - len(shown)
        lines = [
            _("This file cannot be loaded; nothing was written. In the file:"),
            *(f"- {problem}" for problem in shown),
        ]
        if more:
            lines.append(_("- and %(count)d more.") % {"count": more})
        raise ValidationError("\n".join(lines))


def row_where(label: str, index: int, row: Any) -> str:
    pk = row.get("pk") if isinstance(row, dict) else None
    if pk is None:
        # Translators: where in a drive file; %(label)s is a kind of row (drive.entry).
        return _("%(label)s, row %(row)d") % {"label": label, "row": index + 1}
    return _("%(label)s, row %(row)d (pk %(pk)s)") % {
        "label": label,
        "row": index + 1,
        "pk": pk,
    }


def is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def has_started(drive: Drive) -> bool:
    return drive.state in (DriveState.IN_PLAY, DriveState.FINISHED)

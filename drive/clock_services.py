"""The organiser's hand on the round clock (drive.clock): start, pause, resume,
extend, stop.

Each change locks the drive, checks the clock is in a state the change makes
sense for (two laptops pressing Pause at once: the second is told it is
already paused), stores the new clock and leaves its record in the record of
changes. A new round restarts the clock by itself (drive.services); results are
never refused because of it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, NamedTuple

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext

from drive import audit_values
from drive import clock as round_clock
from drive.models import Drive, DriveState
from drive.services import lock_drive
from players import audit

START, PAUSE, RESUME, EXTEND, STOP = "start", "pause", "resume", "extend", "stop"
ACTIONS = (START, PAUSE, RESUME, EXTEND, STOP)
# The extensions the room offers, in minutes; any whole number up to the most is taken.
MOST_EXTRA_MINUTES = 60


class _Toggle(NamedTuple):
    """Pause or resume: the state the clock must be in, the state the change
    brings, the words when the clock is already there, the words otherwise
    (the clock is off), and the change."""

    needs: str
    brings: str
    already: Any
    not_ready: Any
    change: Callable[..., round_clock.Clock]


# Pause and resume mirror each other.
_TOGGLES = {
    PAUSE: _Toggle(
        round_clock.RUNNING,
        round_clock.PAUSED,
        gettext_lazy("The clock is already paused."),
        gettext_lazy("The clock is not running."),
        round_clock.Clock.paused,
    ),
    RESUME: _Toggle(
        round_clock.PAUSED,
        round_clock.RUNNING,
        gettext_lazy("The clock is already running."),
        gettext_lazy("The clock is not paused."),
        round_clock.Clock.resumed,
    ),
}


def _conflict(message: str) -> ValidationError:
    return ValidationError(message, code="conflict")


def _extra_seconds(minutes: Any) -> int:
    text = str(minutes if minutes is not None else "").strip()
    if (
        not (text.isascii() and text.isdigit())
        or not 1 <= int(text) <= MOST_EXTRA_MINUTES
    ):
        raise ValidationError(
            _("Add a whole number of minutes from 1 to %(most)d.")
            % {"most": MOST_EXTRA_MINUTES},
            code="invalid",
        )
    return int(text) * 60


def _too_long(most: int, room: int) -> str:
    """Why an extension is refused: the round would have more than `most`
    seconds left; `room` seconds may still be added."""
    values = {"most": most // 60, "room": room // 60}
    if room < 60:
        return (
            ngettext(
                "A round's clock holds at most %(most)d minute, and this one "
                "has that already.",
                "A round's clock holds at most %(most)d minutes, and this one "
                "has that already.",
                values["most"],
            )
            % values
        )
    return (
        ngettext(
            "A round's clock holds at most %(most)d minutes: add %(room)d minute "
            "or less.",
            "A round's clock holds at most %(most)d minutes: add %(room)d minutes "
            "or less.",
            values["room"],
        )
        % values
    )


@transaction.atomic
def clock_change(
    *, drive: Drive, action: str, minutes: Any = None, by: Any = None
) -> Drive:
    """Apply `action` (START, PAUSE, RESUME, EXTEND by `minutes`, STOP) to the
    clock of the round in play; the drive as it now stands."""
    if action not in ACTIONS:
        raise ValidationError(_("Choose what to do with the clock."), code="invalid")
    extra = _extra_seconds(minutes) if action == EXTEND else 0
    drive = lock_drive(drive)
    if drive.state != DriveState.IN_PLAY:
        raise _conflict(_("The clock runs only while the drive is in play."))
    now = timezone.now()
    most = round_clock.most_seconds(drive.round_seconds)
    old = drive.clock.capped(now=now, most=most)
    state = old.state
    if action == START:
        if not drive.round_seconds:
            raise ValidationError(
                drive.words.no_round_time,
                code="invalid",
            )
        if state != round_clock.OFF:
            raise _conflict(_("The clock is already going: stop it first."))
        new = round_clock.Clock.started(now=now, seconds=drive.round_seconds)
    elif action in _TOGGLES:
        needs, brings, already, not_ready, change = _TOGGLES[action]
        if state != needs:
            raise _conflict(str(already if state == brings else not_ready))
        new = change(old, now=now)
    elif action == EXTEND:
        if state == round_clock.OFF:
            raise _conflict(_("The clock is not going: start it first."))
        room = old.room_to_extend(now=now, most=most)
        if extra > room:
            raise _conflict(_too_long(most, room))
        new = old.extended(now=now, seconds=extra)
    else:
        if state == round_clock.OFF:
            raise _conflict(_("The clock is already stopped."))
        new = round_clock.Clock()
    drive.save(update_fields=drive.set_clock(new))
    audit_values.record_drive(
        drive=drive,
        kind=audit.Kind.DRIVE_CLOCK,
        new={
            "action": action,
            "round": drive.current_round,
            "seconds_left": new.seconds_left(now),
            "was_left": old.seconds_left(now),
        },
        by=by,
    )
    return drive


@transaction.atomic
def bell_ring(*, drive: Drive, by: Any = None) -> Drive:
    """The organiser rings the bell by hand: the projector rings at its next
    look (drive.selectors.bell_view) and shows the call to move. Two phones
    ringing at once ring twice (and leave two records); nothing else changes."""
    drive = lock_drive(drive)
    if drive.state != DriveState.IN_PLAY:
        raise _conflict(_("The bell rings only while the drive is in play."))
    drive.bell_rung += 1
    drive.save(update_fields=["bell_rung"])
    audit_values.record_drive(
        drive=drive,
        kind=audit.Kind.DRIVE_BELL,
        new={"round": drive.current_round, "rung": drive.bell_rung},
        by=by,
    )
    return drive

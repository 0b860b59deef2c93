"""Writes for the prize-giving on the projector and the end of the silence:
check, then write, in one transaction (prizes.giving reads where it is).

Only organisers reach these (the views see to it). Every refusal is a
ValidationError with a message the organiser can act on; nothing is written
when one is raised. A refusal that means "the page you saw is out of date"
(another phone moved the prize-giving on) has the code "conflict".
"""

from __future__ import annotations

from dataclasses import dataclass

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils.translation import gettext as _

from drive import entry_services
from drive import services as drive_services
from drive.models import Drive, DriveState, Entry
from players import audit
from players.pair_names import joined_pair
from prizes import audit_values
from prizes.giving import PrizeGiving, prize_giving

# What a prize-giving page asks the next step to do.
NEXT, BACK = "next", "back"


def _finished(drive: Drive) -> None:
    if drive.state != DriveState.FINISHED:
        raise ValidationError(
            _("The prize-giving starts once the drive is finished."), code="invalid"
        )


def _seen_step(drive: Drive, seen: int | None) -> None:
    """Refuse a step taken from a page that no longer shows where the
    prize-giving is (another phone moved it on, or a double click)."""
    if drive.prize_step is None:
        raise ValidationError(
            _("The prize-giving is not on: start it first."), code="conflict"
        )
    if seen is not None and seen != drive.prize_step:
        raise ValidationError(
            _(
                "The prize-giving has moved on since this page was made (another "
                "phone or a double click): nothing was changed. Here is where it is now."
            ),
            code="conflict",
        )


@transaction.atomic
def prize_giving_start(*, drive: Drive, by: object = None) -> Drive:
    """Show the prize-giving's title on the projector instead of the boards;
    from then on the public pages hold the prizes not shown yet. A
    prize-giving left in the middle (prize_giving_stop) goes on from the
    prize it had reached."""
    drive = drive_services.lock_drive(drive)
    _finished(drive)
    if drive.prize_step is None:
        shown = list(drive.prize_shown or ()) if drive.prizes_held else []
        drive.prize_step, drive.prize_shown = len(shown), shown
        drive.prizes_held = True
        drive.save(update_fields=["prize_step", "prize_shown", "prizes_held"])
        audit_values.record_giving(
            drive=drive,
            kind=audit.Kind.GIVING_START,
            new={
                "prizes": prize_giving(drive=drive).total,
                **({"step": len(shown)} if shown else {}),
            },
            by=by,
        )
    return drive


@transaction.atomic
def prize_giving_step(
    *, drive: Drive, action: str, seen: int | None, by: object = None
) -> Drive:
    """Show the next prize (NEXT) or the one before (BACK). Showing the last
    one (the first on the list) lifts a silence, as Reveal does. Each step
    leaves its record: the prize shown (to whom), or the prize taken off.

    The prizes announced are kept by key, in the order announced, and the
    step is how many of them are on (prizes.giving): Back steps back along
    them and Next forward again before it announces a new one, so every
    prize keeps its number. A prize decided meanwhile, or a correction,
    moves nothing, and a prize decided after its turn is the next shown."""
    drive = drive_services.lock_drive(drive)
    _finished(drive)
    _seen_step(drive, seen)
    assert drive.prize_step is not None
    giving = prize_giving(drive=drive)
    shown, step = list(giving.shown_keys), giving.number
    if action == BACK:
        if not step:
            raise ValidationError(
                _("This is the start of the prize-giving."), code="conflict"
            )
        # Off with the prize on show; it stays announced, and counted.
        award, step = giving.current, step - 1
        kind, values = audit.Kind.GIVING_BACK, {}
    elif action == NEXT:
        key = giving.upcoming_key
        if key is None:
            raise ValidationError(_("Every prize has been shown."), code="conflict")
        award = giving.upcoming
        if key not in shown:
            shown.append(key)
        step += 1
        kind = audit.Kind.GIVING_PRIZE
        values = (
            audit_values.award_values(award)
            if award is not None
            else {"prize": giving.upcoming_title}  # taken off the list since
        )
        if giving.steps and award is giving.steps[-1] and not drive.silence_lifted:
            drive.silence_lifted = True
            values["silence_lifted"] = True
    else:
        raise ValidationError(_("Choose Next prize or Back."), code="invalid")
    drive.prize_step, drive.prize_shown = step, shown
    drive.save(update_fields=["prize_step", "prize_shown", "silence_lifted"])
    audit_values.record_giving(
        drive=drive,
        kind=kind,
        new={"step": drive.prize_step, "prizes": giving.total, **values},
        award=award,
        by=by,
    )
    return drive


@transaction.atomic
def prize_giving_stop(*, drive: Drive, by: object = None) -> Drive:
    """The projector shows the boards again. With every prize shown the
    prize-giving is over and the public pages show every prize; in the
    middle of it they keep holding the prizes not shown yet, and Start goes
    on from where it was (prize_giving_end shows them all)."""
    drive = drive_services.lock_drive(drive)
    if drive.prize_step is not None:
        giving = prize_giving(drive=drive)
        over = giving.all_announced
        drive.prize_step = None
        if over:
            drive.prize_shown, drive.prizes_held = [], False
        drive.save(update_fields=["prize_step", "prize_shown", "prizes_held"])
        _record_stop(
            drive=drive, step=giving.number, giving=giving, published=over, by=by
        )
    return drive


@transaction.atomic
def prize_giving_end(*, drive: Drive, by: object = None) -> Drive:
    """The organiser ends a prize-giving before every prize is shown: the
    projector shows the boards and the public pages every prize."""
    drive = drive_services.lock_drive(drive)
    if drive.prize_step is not None or drive.prizes_held:
        giving = prize_giving(drive=drive)
        drive.prize_step, drive.prize_shown, drive.prizes_held = None, [], False
        drive.save(update_fields=["prize_step", "prize_shown", "prizes_held"])
        _record_stop(
            drive=drive, step=giving.shown_count, giving=giving, published=True, by=by
        )
    return drive


def _record_stop(
    *, drive: Drive, step: int, giving: PrizeGiving, published: bool, by: object
) -> None:
    """The record of changes: the prize-giving stopped at prize `step` of the
    prizes the hall was told of (`giving`, as it was before), and whether the
    public pages now show every prize."""
    audit_values.record_giving(
        drive=drive,
        kind=audit.Kind.GIVING_STOP,
        new={
            "step": step,
            "prizes": giving.total,
            **({"published": True} if published else {}),
        },
        by=by,
    )


@transaction.atomic
def silence_lift(*, drive: Drive, by: object = None) -> Drive:
    """Reveal: the boards players see show every round again (drive.silence)."""
    drive = drive_services.lock_drive(drive)
    if drive.state != DriveState.FINISHED:
        raise ValidationError(
            _("The results are revealed once the drive is finished."), code="invalid"
        )
    if not drive.silence_lifted:
        drive.silence_lifted = True
        drive.save(update_fields=["silence_lifted"])
        audit_values.record_giving(
            drive=drive,
            kind=audit.Kind.RESULTS_REVEAL,
            old={"silence_lifted": False},
            new={"silence_lifted": True},
            by=by,
        )
    return drive


@dataclass(frozen=True)
class NotHere:
    """Who was marked not here (or back), named as the MC called them (a
    pair's two names), how many people that is, and the title of the prize
    if that left it with nobody eligible ("" when the prize is still given)."""

    name: str
    people: int
    not_given: str = ""


def _marked(drive: Drive) -> dict[int, str]:
    """Those marked not here at the prize-giving, entry key -> name, in number order."""
    return {
        pk: name
        for pk, name in Entry.objects.filter(
            drive=drive, withdrawn_from_round=drive.rounds + 1
        )
        .order_by("number")
        .values_list("pk", "player__name")
    }


@transaction.atomic
def prize_giving_not_here(
    *, drive: Drive, entry_pk: int, prize: str, by: object = None
) -> NotHere:
    """The MC calls a winner of the prize on show (or the next) and nobody
    answers: they went home. Recorded as any player who left (withdrawn from
    the round after the last, so every score stands); under the club's rule
    the prize passes to the next eligible player, who the projector shows on
    the same prize, or it is held for them. Refused, changing nothing, from a
    page the prize-giving has left behind."""
    drive = drive_services.lock_drive(drive)
    _finished(drive)
    _seen_step(drive, None)
    giving = prize_giving(drive=drive)
    calling = {giving.current_key: giving.current, giving.upcoming_key: giving.upcoming}
    award = calling.get(prize) if prize else None
    if award is None or not any(entry_pk in w.keys for w in award.winners):
        raise ValidationError(
            _(
                "That winner is no longer called for the prize on show or the "
                "next one (another phone moved on, or the prize changed): "
                "nothing was changed. Here is where the prize-giving is now."
            ),
            code="conflict",
        )
    before = _marked(drive)
    entry = Entry.objects.get(pk=entry_pk, drive=drive)
    entry_services.entry_leave_after_play(entry=entry, by=by)
    gone = [name for pk, name in _marked(drive).items() if pk not in before]
    # The prize on show stays in the giving, not given if nobody is left
    # (prizes.giving); the next one, not shown yet, leaves it then.
    left = prize not in prize_giving(drive=drive).keys
    return NotHere(joined_pair(gone), len(gone), award.title if left else "")


@transaction.atomic
def prize_giving_back_here(
    *, drive: Drive, entry_pk: int, by: object = None
) -> NotHere:
    """Undo "Not here" (a mis-tap, or they were in the hall after all): a
    pair comes back together."""
    drive = drive_services.lock_drive(drive)
    _finished(drive)
    entry = Entry.objects.filter(pk=entry_pk, drive=drive).first()
    if entry is None:
        raise ValidationError(
            _("Something was missing from that choice; nothing was saved. Try again."),
            code="invalid",
        )
    before = _marked(drive)
    entry_services.entry_back_after_play(entry=entry, by=by)
    after = _marked(drive)
    back = [name for pk, name in before.items() if pk not in after]
    return NotHere(joined_pair(back or [entry.player.name]), max(len(back), 1))

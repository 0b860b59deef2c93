"""Changes to a drive's entries once registered: check-in, the groups, and
leaving (remove a mistaken entry, withdraw from the next round, reinstate).

Each service is one transaction, holding the drive's lock; fixed formats
re-plan the rounds not yet played. Registration itself is in drive.services.
"""

from __future__ import annotations

from typing import Any

from django.core.exceptions import ValidationError
from django.db import router, transaction
from django.db.models import ProtectedError, RestrictedError
from django.db.models.deletion import Collector
from django.utils.translation import gettext as _

from drive import audit_values, movement
from drive.models import Drive, DriveState, Entry, PaymentMethod
from drive.money_services import entry_pay
from drive.movement import plan
from drive.movement.types import Group
from drive.seating import active_entries, lineup
from drive.services import (
    check_group,
    check_in_entry,
    check_not_finished,
    group_counts,
    lock_drive,
    replan_fixed,
)
from players import audit
from players.models import Player
from players.money import money_text


@transaction.atomic
def entry_check_in(*, entry: Entry, checked_in: bool) -> Entry:
    drive = lock_drive(entry.drive)
    entry = Entry.objects.get(pk=entry.pk)
    old = audit_values.entry_values(entry)
    check_not_finished(drive)
    if checked_in:
        if not entry.checked_in:
            check_in_entry(drive, entry)
            audit_values.record_entry(
                drive=drive, kind=audit.Kind.ENTRY_CHECK_IN, entry=entry, old=old
            )
            replan_fixed(drive=drive)
        return entry
    if entry.joined_round is not None:
        raise ValidationError(
            _("%(name)s has been seated already; withdraw them instead.")
            % {"name": entry.player.name}
        )
    entry.checked_in = False
    entry.save(update_fields=["checked_in"])
    audit_values.record_entry(
        drive=drive, kind=audit.Kind.ENTRY_CHECK_IN, entry=entry, old=old
    )
    return entry


@transaction.atomic
def entry_arrive(*, entry: Entry, paid: bool = False) -> Entry:
    """Someone registered in advance arrives at the door: checked in, and
    their fee taken in cash when the door says they paid (and had not)."""
    entry = entry_check_in(entry=entry, checked_in=True)
    if paid and not entry.paid:
        entry = entry_pay(entry=entry, method=PaymentMethod.CASH)
    return entry


def _check_groups_can_change(drive: Drive) -> None:
    check_not_finished(drive)
    if not drive.has_groups:
        # Pairs, individual and prediction drives seat no groups (a pair's two
        # entries are its A and B, and stay so).
        raise ValidationError(
            _("This drive's format has no groups, so nobody moves between them."),
            code="conflict",
        )
    if not drive.groups_can_change:
        raise ValidationError(
            _("The last round is in play: no round is left to play in another group.")
            if drive.state == DriveState.IN_PLAY
            else _("Groups can change before play or while rounds are still to come.")
        )


def _check_next_round_fills(drive: Drive) -> None:
    """In play: the next round's players still fill a table (else nothing is saved)."""
    if drive.state != DriveState.IN_PLAY:
        return
    players = lineup(drive=drive, round_number=drive.current_round + 1)
    if plan.start_problems(format=drive.format, lineup=players):
        raise ValidationError(_("With the groups so, no table could be filled."))


@transaction.atomic
def entry_set_group(*, entry: Entry, group: str) -> Entry:
    """Move an entry to the other group. In play, a player already seated
    moves from the next round: seated there in the new group's seats, and
    ranked in its board (as a club has a gentleman play as a lady when a
    withdrawal leaves the groups uneven)."""
    drive = lock_drive(entry.drive)
    entry = Entry.objects.get(pk=entry.pk)
    check_group(group)
    _check_groups_can_change(drive)
    if entry.group == group:
        return entry
    if entry.withdrawn_from_round is not None:
        raise ValidationError(
            _("%(name)s has withdrawn.") % {"name": entry.player.name}
        )
    old = audit_values.entry_values(entry)
    entry.group = group
    entry.save(update_fields=["group"])
    _check_next_round_fills(drive)
    audit_values.record_entry(
        drive=drive, kind=audit.Kind.ENTRY_GROUP, entry=entry, old=old
    )
    replan_fixed(drive=drive)
    return entry


def _held_words(obj: Any) -> str:
    """What an entry holds that keeps it, in words: "adjustments"."""
    words = {
        "seatassignment": _("seat assignments"),
        "adjustment": _("adjustments"),
    }
    return words.get(obj._meta.model_name, str(obj._meta.verbose_name_plural))


def _kept_entry_message(entry: Entry, held: list[str]) -> str:
    """Why an entry with something attached stays, and what to do instead."""
    # Translators: joins the kinds of records an entry holds ("adjustments and seats").
    values = {"name": entry.player.name, "held": _(" and ").join(held)}
    if entry.checked_in:
        # Translators: %(held)s is a list of kinds of records ("adjustments and seats").
        return (
            _(
                "%(name)s has %(held)s in this drive, so the entry cannot be removed: "
                "the record of changes would no longer add up. Withdraw them instead: "
                "undo their check-in, and they play no hand."
            )
            % values
        )
    # Translators: %(held)s is a list of kinds of records ("adjustments and seats").
    return (
        _(
            "%(name)s has %(held)s in this drive, so the entry cannot be removed: "
            "the record of changes would no longer add up. Withdraw them instead: "
            "they are not checked in, so they already play no hand; leave the "
            "entry as it is."
        )
        % values
    )


def check_removable(*, entry: Entry) -> Entry:
    """Refuse, in words, to remove an entry that entry_remove would not: the
    door asks "Remove …?" only of one it can remove. Reads only; the entry
    as it stands."""
    check_not_finished(Drive.objects.get(pk=entry.drive_id))
    entry = Entry.objects.select_related("player", "drive__club").get(pk=entry.pk)
    _check_removable(entry)
    # What the database would refuse (PROTECT, RESTRICT), found without deleting.
    try:
        Collector(using=router.db_for_write(Entry)).collect([entry])
    except (ProtectedError, RestrictedError) as error:
        raise ValidationError(_kept_entry_message(entry, _held(error))) from error
    return entry


def _held(error: ProtectedError | RestrictedError) -> list[str]:
    found = getattr(error, "protected_objects", None) or getattr(
        error, "restricted_objects", ()
    )
    return sorted({_held_words(obj) for obj in found})


@transaction.atomic
def entry_remove(*, entry: Entry) -> None:
    """Take back a registration made by mistake, before the entry is seated.

    An entry with anything attached (an adjustment; a seat, so scores) stays:
    removing it would take those with it behind the record of changes' back,
    and the totals rebuilt from the record would no longer be the
    leaderboard's. The database refuses too (PROTECT, RESTRICT).
    """
    check_not_finished(lock_drive(entry.drive))
    entry = Entry.objects.get(pk=entry.pk)
    _check_removable(entry)
    audit_values.record_entry(
        drive=entry.drive,
        kind=audit.Kind.ENTRY_REMOVE,
        entry=entry,
        old=audit_values.entry_values(entry),
        removed=True,
    )
    try:
        entry.delete()
    except (ProtectedError, RestrictedError) as error:
        # Raised before anything is deleted; the record above goes with the
        # transaction.
        raise ValidationError(_kept_entry_message(entry, _held(error))) from error


def _check_removable(entry: Entry) -> None:
    if entry.joined_round is not None:
        raise ValidationError(
            _("%(name)s has been seated already; withdraw them instead.")
            % {"name": entry.player.name}
        )
    if entry.paid_amount > entry.refunded_amount:
        raise ValidationError(
            _(
                "%(name)s has paid %(amount)s: refund it (or undo the payment) "
                "before removing the entry, so the takings add up."
            )
            % {
                "name": entry.player.name,
                "amount": money_text(
                    entry.paid_amount - entry.refunded_amount,
                    entry.drive.club.currency,
                ),
            }
        )


def _partners_of(drive: Drive, entry: Entry) -> list[Entry]:
    """The entry, and in a partners drive its partner: they come and go together."""
    if not drive.plays_in_pairs or entry.pair is None:
        return [entry]
    return list(Entry.objects.filter(drive=drive, pair=entry.pair).order_by("group"))


def check_withdrawable(*, entry: Entry) -> Entry:
    """Refuse, in words, a withdrawal entry_withdraw would refuse at once: the
    door asks "Withdraw …?" only of one it may withdraw. Reads only."""
    entry = Entry.objects.select_related("player", "drive").get(pk=entry.pk)
    _check_withdrawable(entry.drive, entry)
    return entry


def _check_withdrawable(drive: Drive, entry: Entry) -> None:
    check_not_finished(drive)
    if drive.state != DriveState.IN_PLAY:
        raise ValidationError(
            _("Withdrawals are for drives in play; before that, remove the entry.")
        )
    if entry.withdrawn_from_round is not None:
        raise ValidationError(
            _("%(name)s has already withdrawn.") % {"name": entry.player.name}
        )
    if (
        drive.current_round >= drive.rounds
        and entry.joined_round is not None
        and entry.joined_round <= drive.current_round
    ):
        # Withdrawn from a round that never comes, they would miss no hand and
        # yet count as having left early (out of the prizes).
        raise ValidationError(
            _(
                "The last round is in play: %(name)s has no round left to be "
                "withdrawn from, and keeps their place and any prize."
            )
            % {"name": entry.player.name},
            code="conflict",
        )


@transaction.atomic
def entry_withdraw(*, entry: Entry) -> Entry:
    """A player who leaves is withdrawn from the next round; the movement carries on.

    In a partners drive the pair withdraws together. Fixed formats re-plan the
    rounds not yet played.
    """
    drive = lock_drive(entry.drive)
    entry = Entry.objects.get(pk=entry.pk)
    _check_withdrawable(drive, entry)
    leaving = [e for e in _partners_of(drive, entry) if e.withdrawn_from_round is None]
    next_round = drive.current_round + 1
    if drive.current_round < drive.rounds:
        current = lineup(drive=drive, round_number=next_round)
        gone = {e.pk for e in leaving}
        rest = plan.Lineup(
            group_a=tuple(p for p in current.group_a if p not in gone),
            group_b=tuple(p for p in current.group_b if p not in gone),
            pairs=tuple(pair for pair in current.pairs if not gone & set(pair)),
        )
        if plan.start_problems(format=drive.format, lineup=rest):
            raise ValidationError(_("Without this player no table could be filled."))
    for leaver in leaving:
        old = audit_values.entry_values(leaver)
        leaver.withdrawn_from_round = next_round
        if leaver.joined_round is None or leaver.joined_round > drive.current_round:
            # Never seated: simply not playing.
            leaver.joined_round = None
            leaver.withdrawn_from_round = None
            leaver.checked_in = False
        leaver.save(
            update_fields=["withdrawn_from_round", "joined_round", "checked_in"]
        )
        audit_values.record_entry(
            drive=drive, kind=audit.Kind.ENTRY_WITHDRAW, entry=leaver, old=old
        )
    replan_fixed(drive=drive)
    return next(e for e in leaving if e.pk == entry.pk)


@transaction.atomic
def entry_reinstate(*, entry: Entry) -> Entry:
    """Undo a withdrawal that has not yet taken effect (with the partner, in pairs)."""
    drive = lock_drive(entry.drive)
    entry = Entry.objects.get(pk=entry.pk)
    check_not_finished(drive)
    if entry.withdrawn_from_round is None:
        raise ValidationError(
            _("%(name)s has not withdrawn.") % {"name": entry.player.name}
        )
    if entry.withdrawn_from_round <= drive.current_round:
        raise ValidationError(
            _("%(name)s's withdrawal has already taken effect, so it cannot be undone.")
            % {"name": entry.player.name}
        )
    back = [e for e in _partners_of(drive, entry) if e.withdrawn_from_round]
    for returning in back:
        old = audit_values.entry_values(returning)
        returning.withdrawn_from_round = None
        returning.save(update_fields=["withdrawn_from_round"])
        audit_values.record_entry(
            drive=drive, kind=audit.Kind.ENTRY_REINSTATE, entry=returning, old=old
        )
    replan_fixed(drive=drive)
    return next(e for e in back if e.pk == entry.pk)


def _check_after_play(drive: Drive) -> None:
    if drive.state != DriveState.FINISHED:
        raise ValidationError(
            _("A player is marked as not here once the drive is finished."),
            code="conflict",
        )


@transaction.atomic
def entry_leave_after_play(*, entry: Entry, by: object = None) -> Entry:
    """A winner called at the prize-giving who has gone home: withdrawn from
    the round after the last, so every score stands and, under the club's rule
    (ClubScoringSettings.left_early_out_of_prizes), their prizes pass to those
    who stayed, as for any player who left early. In pairs the pair goes.
    Undone by entry_back_after_play."""
    drive = lock_drive(entry.drive)
    entry = Entry.objects.get(pk=entry.pk)
    _check_after_play(drive)
    if entry.withdrawn_from_round is not None:
        raise ValidationError(
            _("%(name)s is already marked as not here.") % {"name": entry.player.name},
            code="conflict",
        )
    leaving = [e for e in _partners_of(drive, entry) if e.withdrawn_from_round is None]
    for leaver in leaving:
        old = audit_values.entry_values(leaver)
        leaver.withdrawn_from_round = drive.rounds + 1
        leaver.save(update_fields=["withdrawn_from_round"])
        audit_values.record_entry(
            drive=drive, kind=audit.Kind.ENTRY_WITHDRAW, entry=leaver, old=old, by=by
        )
    return next(e for e in leaving if e.pk == entry.pk)


@transaction.atomic
def entry_back_after_play(*, entry: Entry, by: object = None) -> Entry:
    """Undo entry_leave_after_play (a mis-tap, or they were in the hall)."""
    drive = lock_drive(entry.drive)
    entry = Entry.objects.get(pk=entry.pk)
    _check_after_play(drive)
    if entry.withdrawn_from_round != drive.rounds + 1:
        raise ValidationError(
            _("%(name)s is not marked as not here.") % {"name": entry.player.name},
            code="conflict",
        )
    back = [
        e
        for e in _partners_of(drive, entry)
        if e.withdrawn_from_round == drive.rounds + 1
    ]
    for returning in back:
        old = audit_values.entry_values(returning)
        returning.withdrawn_from_round = None
        returning.save(update_fields=["withdrawn_from_round"])
        audit_values.record_entry(
            drive=drive,
            kind=audit.Kind.ENTRY_REINSTATE,
            entry=returning,
            old=old,
            by=by,
        )
    return next(e for e in back if e.pk == entry.pk)


@transaction.atomic
def groups_balance(*, drive: Drive) -> list[Entry]:
    """Move the most recently registered players of the larger group until the tables fill.

    Returns the entries that changed group (the door names them).
    """
    drive = lock_drive(drive)
    _check_groups_can_change(drive)
    # In play, those who play the next round, who move from it.
    coming = drive.current_round + 1 if drive.state == DriveState.IN_PLAY else None
    counts = group_counts(drive, round_number=coming)
    advice = movement.balance_advice(group_a=counts["A"], group_b=counts["B"])
    if advice == 0:
        return []
    source = Group.B.value if advice > 0 else Group.A.value
    target = Group.A.value if advice > 0 else Group.B.value
    # The most recently registered first, those whose roster card names the
    # group they are in last.
    playing = [
        e for e in active_entries(drive=drive, round_number=coming) if e.group == source
    ]
    cards = dict(
        Player.objects.filter(pk__in=[e.player_id for e in playing]).values_list(
            "pk", "group"
        )
    )
    playing.sort(key=lambda e: (cards[e.player_id] == source, -e.number))
    movers = playing[: abs(advice)]
    Entry.objects.filter(pk__in=[e.pk for e in movers]).update(group=target)
    for mover in movers:
        old = audit_values.entry_values(mover)
        mover.group = target
        audit_values.record_entry(
            drive=drive, kind=audit.Kind.ENTRY_GROUP, entry=mover, old=old
        )
    replan_fixed(drive=drive)
    return movers

"""Writes to a drive: set-up, registration and check-in, and the life cycle.

Each service is one transaction. A rule a person can fix raises
ValidationError with a message for them; the views show it with a 4xx.
The movement itself is worked out by the pure engine in drive.movement,
reached through drive.seating.
"""

from __future__ import annotations

from collections.abc import Mapping
from datetime import datetime
from typing import Any

from django.core.exceptions import ValidationError
from django.db import connection, transaction
from django.db.models import Count, Max, ProtectedError, RestrictedError
from django.db.transaction import TransactionManagementError
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from drive import audit_values, movement, secret_links, setup, signals
from drive import clock as round_clock
from drive.entry_payment import fill_payment
from drive.group_words import default_group_labels
from drive.models import (
    Drive,
    DriveState,
    Entry,
    PaymentMethod,
    Round,
    Table,
)
from drive.movement import plan
from drive.movement.types import Group, Side
from drive.seating import (
    active_entries,
    lineup,
    note_seated_round,
    plan_inputs,
    planned_movement,
    save_seating,
    start_problems,
    stay_problems,
    stored_seatings,
)
from drive.stay_rules import check_drive_stays, set_stays
from players import audit, rows
from players import selectors as players_selectors
from players.models import Club, Player, tidy_name
from players.money import money_text


def lock_sql(columns: str) -> str:
    """SQL that reads `columns` of the drive whose id is its one parameter,
    holding the drive's row lock (FOR UPDATE where the database has it; on
    SQLite the IMMEDIATE transaction already holds the only write lock)."""
    q = connection.ops.quote_name
    sql = f"SELECT {columns} FROM {q(Drive._meta.db_table)} WHERE {q('id')} = %s"
    if connection.features.has_select_for_update:
        sql += " FOR UPDATE"
    return sql


def lock_drive(drive: Drive) -> Drive:
    """Reload the drive holding its row lock, so writes to one drive queue up.

    On SQLite the IMMEDIATE transaction already serialises writers. Every
    captain's result passes here, so the query is written out once rather than
    built by the ORM each time (players.rows).
    """
    if not connection.in_atomic_block:
        raise TransactionManagementError("lock_drive() needs a transaction.")
    locked = rows.fetch(Drive, lock_sql("*"), [drive.pk])
    if not locked:
        raise Drive.DoesNotExist(f"Drive {drive.pk} is gone.")
    return locked[0]


@transaction.atomic
def drive_create(*, club: Club, seed: int | None = None, **values: Any) -> Drive:
    """Set up a drive; `seed` fixes the draw (a random one otherwise)."""
    unknown = set(values) - set(setup.SETUP_FIELDS)
    if unknown:
        raise TypeError(f"Unknown drive settings: {sorted(unknown)}")
    # Groups not named are given the traditional names in the club's language.
    for group, label in default_group_labels(club.language).items():
        values.setdefault(f"group_{group.lower()}_label", label)
    drive = Drive(club=club, **setup.clean_setup(dict(values)))
    if seed is not None:
        drive.seed = seed
    setup.check_setup(drive)
    drive.save()
    return drive


@transaction.atomic
def drive_update(*, drive: Drive, **values: Any) -> Drive:
    drive = lock_drive(drive)
    allowed = setup.SETUP_FIELDS if drive.is_setup_editable else setup.IN_PLAY_FIELDS
    if drive.state == DriveState.FINISHED:
        allowed = setup.IN_PLAY_FIELDS
    changed = {k: v for k, v in values.items() if getattr(drive, k) != v}
    locked = sorted(set(changed) - set(allowed))
    if locked:
        names = ", ".join(str(Drive._meta.get_field(f).verbose_name) for f in locked)
        raise ValidationError(
            # Translators: %(names)s is a list of the drive's settings.
            _("Play has started, so these can no longer change: %(names)s.")
            % {"names": names}
        )
    for key, value in setup.clean_setup(dict(changed)).items():
        setattr(drive, key, value)
    setup.check_setup(drive)
    drive.save()
    return drive


@transaction.atomic
def drive_open_registration(*, drive: Drive) -> Drive:
    drive = lock_drive(drive)
    if drive.state != DriveState.DRAFT:
        raise ValidationError(_("Registration is already open."))
    drive.state = DriveState.OPEN
    drive.save(update_fields=["state"])
    return drive


def _group_counts(drive: Drive, *, round_number: int | None = None) -> dict[str, int]:
    entries = active_entries(drive=drive, round_number=round_number)
    counts = {Group.A.value: 0, Group.B.value: 0}
    for entry in entries:
        counts[entry.group] += 1
    return counts


def _default_group(drive: Drive, player: Player) -> str:
    if player.group:
        return player.group
    counts = dict.fromkeys((Group.A.value, Group.B.value), 0)
    for row in (
        Entry.objects.filter(drive=drive, withdrawn_from_round__isnull=True)
        .values("group")
        .annotate(n=Count("id"))
    ):
        counts[row["group"]] = row["n"]
    return (
        Group.A.value
        if counts[Group.A.value] <= counts[Group.B.value]
        else Group.B.value
    )


def _check_group(group: str) -> str:
    if group not in (Group.A.value, Group.B.value):
        raise ValidationError({"group": _("Choose one of the two groups.")})
    return group


def roster_namesakes(
    drive: Drive, name: str, besides: Player | None = None
) -> tuple[list[Player], list[Player]]:
    """The club's players called `name` (as the roster compares names): those
    not entered in the drive, then those entered, each active before inactive
    and oldest first.

    The door's rule for namesakes: one already entered tonight is not the one
    typed now, so only those not entered are asked about (more than one, and
    the door must ask which is here); nor is the pair's other player
    (`besides`), when two of the roster's namesakes come as a pair."""
    matches = players_selectors.namesakes(club_id=drive.club_id, name=name)
    entered = set(
        Entry.objects.filter(drive=drive, player__in=matches).values_list(
            "player_id", flat=True
        )
    )
    found = list(matches)
    if len(found) > 1 and besides is not None:
        # With one of the name only, typing it twice is a slip: it stays, and
        # the pair is refused as one player twice.
        found = [p for p in found if p.pk != besides.pk]
    return (
        [p for p in found if p.pk not in entered],
        [p for p in found if p.pk in entered],
    )


def _roster_player(
    drive: Drive,
    player: Player | None,
    name: str,
    field: str,
    besides: Player | None = None,
) -> Player:
    """The roster player picked, or the one typed (found by name, or added);
    `besides`: the pair's other player, already found."""
    if player is None:
        name = tidy_name(name)
        if not name:
            raise ValidationError({field: _("Type the player's name.")})
        if len(name) > Player._meta.get_field("name").max_length:
            raise ValidationError({field: _("That name is too long.")})
        free, entered = roster_namesakes(drive, name, besides)
        if len(free) > 1:
            raise ValidationError(
                {
                    field: _(
                        "More than one player on the roster is called %(name)s; "
                        "pick one from the list."
                    )
                    % {"name": name}
                }
            )
        # One entered already is told so below.
        player = (free or entered or [None])[0]
        if player is None:
            player = Player.objects.create(club=drive.club, name=name)
    if player.club_id != drive.club_id:
        raise ValidationError(_("That player is not on this club's roster."))
    if not player.active:
        player.active = True
        player.save(update_fields=["active"])
    existing = Entry.objects.filter(drive=drive, player=player).first()
    if existing is not None:
        raise ValidationError(
            _("%(name)s is already entered as number %(number)d.")
            % {"name": player.name, "number": existing.number}
        )
    return player


def _check_registration_open(drive: Drive) -> None:
    if drive.state == DriveState.DRAFT:
        raise ValidationError(_("Open registration for this drive first."))
    _check_not_finished(drive)


def _check_not_finished(drive: Drive) -> None:
    """A finished drive's entries stand as played: its results and prizes are
    read from them, and change only through the recorded corrections."""
    if drive.state == DriveState.FINISHED:
        raise ValidationError(
            _(
                "This drive has finished: its players, their groups and "
                "withdrawals no longer change."
            ),
            code="conflict",
        )


def _new_entry(
    drive: Drive,
    player: Player,
    *,
    group: str,
    paid: bool,
    checked_in: bool,
    pair: int | None = None,
    stays: bool = False,
    stays_table: int | None = None,
    large_print: bool = False,
) -> Entry:
    number = (
        Entry.objects.filter(drive=drive).aggregate(n=Max("number"))["n"] or 0
    ) + 1
    entry = Entry(
        drive=drive,
        player=player,
        number=number,
        group=group,
        pair=pair,
        checked_in=False,
        large_print=large_print,
    )
    set_stays(entry, stays=stays, table=stays_table)
    if paid:
        # Paid at the door: the fee in cash (a pair's fee on its A entry).
        fee = drive.entry_fee if pair is None or group == Group.A.value else 0
        fill_payment([entry], amount=fee, method=PaymentMethod.CASH)
    entry.save()
    if checked_in:
        _check_in(drive, entry)
    return entry


@transaction.atomic
def entry_register(
    *,
    drive: Drive,
    player: Player | None = None,
    name: str = "",
    group: str | None = None,
    checked_in: bool = True,
    paid: bool = False,
    stays: bool = False,
    stays_table: int | None = None,
    large_print: bool = False,
) -> Entry:
    """Register a roster player, or a new one by name (found on the roster if
    already there); `stays`: they stay at one table (`stays_table`, or the one
    they first sit at); `large_print`: their score card is printed in large
    print."""
    drive = lock_drive(drive)
    _check_registration_open(drive)
    player = _roster_player(drive, player, name, "name")
    group = _check_group(group) if group else _default_group(drive, player)
    entry = _new_entry(
        drive,
        player,
        group=group,
        paid=paid,
        checked_in=checked_in,
        stays=stays,
        stays_table=stays_table,
        large_print=large_print,
    )
    check_drive_stays(drive)
    audit_values.record_entry(drive=drive, kind=audit.Kind.ENTRY_REGISTER, entry=entry)
    if checked_in:
        replan_fixed(drive=drive)
    return entry


@transaction.atomic
def pair_register(
    *,
    drive: Drive,
    first: Player | None = None,
    first_name: str = "",
    second: Player | None = None,
    second_name: str = "",
    checked_in: bool = True,
    paid: bool = False,
    stays: bool = False,
    stays_table: int | None = None,
) -> tuple[Entry, Entry]:
    """Register two players as a fixed pair (partners drives): one pair number,
    A and B; `stays` marks the first, and the pair stays with them."""
    drive = lock_drive(drive)
    _check_registration_open(drive)
    one = _roster_player(drive, first, first_name, "name")
    other = _roster_player(drive, second, second_name, "partner_name", besides=one)
    if one.pk == other.pk:
        raise ValidationError(
            {"partner_name": _("A pair needs two different players.")}
        )
    pair = (Entry.objects.filter(drive=drive).aggregate(n=Max("pair"))["n"] or 0) + 1
    entries = (
        _new_entry(
            drive,
            one,
            group="A",
            paid=paid,
            checked_in=checked_in,
            pair=pair,
            stays=stays,
            stays_table=stays_table,
        ),
        _new_entry(
            drive, other, group="B", paid=paid, checked_in=checked_in, pair=pair
        ),
    )
    check_drive_stays(drive)
    for entry in entries:
        audit_values.record_entry(
            drive=drive, kind=audit.Kind.ENTRY_REGISTER, entry=entry
        )
    if checked_in:
        replan_fixed(drive=drive)
    return entries


def _check_in(drive: Drive, entry: Entry) -> None:
    entry.checked_in = True
    if drive.state == DriveState.IN_PLAY and entry.joined_round is None:
        # A late arrival joins at the next round.
        entry.joined_round = drive.current_round + 1
    entry.save(update_fields=["checked_in", "joined_round"])


@transaction.atomic
def entry_check_in(*, entry: Entry, checked_in: bool) -> Entry:
    drive = lock_drive(entry.drive)
    entry = Entry.objects.get(pk=entry.pk)
    old = audit_values.entry_values(entry)
    _check_not_finished(drive)
    if checked_in:
        if not entry.checked_in:
            _check_in(drive, entry)
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


def _check_groups_can_change(drive: Drive) -> None:
    _check_not_finished(drive)
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
    _check_group(group)
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


@transaction.atomic
def entry_remove(*, entry: Entry) -> None:
    """Take back a registration made by mistake, before the entry is seated.

    An entry with anything attached (an adjustment; a seat, so scores) stays:
    removing it would take those with it behind the record of changes' back,
    and the totals rebuilt from the record would no longer be the
    leaderboard's. The database refuses too (PROTECT, RESTRICT).
    """
    _check_not_finished(lock_drive(entry.drive))
    entry = Entry.objects.get(pk=entry.pk)
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
        found = getattr(error, "protected_objects", None) or getattr(
            error, "restricted_objects", ()
        )
        held = sorted({_held_words(obj) for obj in found})
        raise ValidationError(_kept_entry_message(entry, held)) from error


def _partners_of(drive: Drive, entry: Entry) -> list[Entry]:
    """The entry, and in a partners drive its partner: they come and go together."""
    if not drive.plays_in_pairs or entry.pair is None:
        return [entry]
    return list(Entry.objects.filter(drive=drive, pair=entry.pair).order_by("group"))


@transaction.atomic
def entry_withdraw(*, entry: Entry) -> Entry:
    """A player who leaves is withdrawn from the next round; the movement carries on.

    In a partners drive the pair withdraws together. Fixed formats re-plan the
    rounds not yet played.
    """
    drive = lock_drive(entry.drive)
    entry = Entry.objects.get(pk=entry.pk)
    _check_not_finished(drive)
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
    _check_not_finished(drive)
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


@transaction.atomic
def groups_balance(*, drive: Drive) -> int:
    """Move the most recently registered players of the larger group until the tables fill.

    Returns how many entries changed group.
    """
    drive = lock_drive(drive)
    _check_groups_can_change(drive)
    # In play, those who play the next round, who move from it.
    coming = drive.current_round + 1 if drive.state == DriveState.IN_PLAY else None
    counts = _group_counts(drive, round_number=coming)
    advice = movement.balance_advice(group_a=counts["A"], group_b=counts["B"])
    if advice == 0:
        return 0
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
    return len(movers)


# How often drive_start plans again when the players change while it plans.
START_ATTEMPTS = 3

# The fewest players checked in that a drive starts with: one table.
PLAYERS_TO_START = 4


def _start_lineup(drive: Drive) -> tuple[list[Entry], plan.Lineup]:
    """Who the start seats, once every check that could refuse it has passed."""
    if drive.state not in (DriveState.DRAFT, DriveState.OPEN):
        raise ValidationError(_("This drive has already started."))
    entries = active_entries(drive=drive)
    if not entries:
        raise ValidationError(
            _("Nobody is checked in yet: check the players in, then start the drive.")
        )
    if len(entries) < PLAYERS_TO_START:
        raise ValidationError(
            ngettext(
                "A drive needs at least %(least)d players checked in; "
                "%(count)d is checked in.",
                "A drive needs at least %(least)d players checked in; "
                "%(count)d are checked in.",
                len(entries),
            )
            % {"least": PLAYERS_TO_START, "count": len(entries)}
        )
    players = lineup(drive=drive)
    if drive.has_groups:
        advice = movement.balance_advice(
            group_a=len(players.group_a), group_b=len(players.group_b)
        )
        if advice:
            raise ValidationError(
                balance_message(drive=drive, advice=advice, start=True)
            )
    # A named table the drive has not is refused at the start only: later, a
    # withdrawal that takes the table away must not be refused for it.
    problems = start_problems(drive, players) or stay_problems(drive, players)
    if problems:
        raise ValidationError(problems)
    return entries, players


def drive_start(*, drive: Drive) -> Round:
    """Seat everyone checked in: round 1 by a seeded draw, or the whole fixed plan.

    The seating is worked out before the drive's lock is taken, from the
    entries as they stand: a big fixed movement takes a while to plan, and
    while a transaction holds the lock every other write waits (on SQLite,
    the writes of every drive). Under the lock the start checks that nothing
    the seating depends on has changed meanwhile (someone checked in at the
    door, a setting changed) and, if something has, plans again.
    """
    for _attempt in range(START_ATTEMPTS):
        drive = Drive.objects.get(pk=drive.pk)
        players = _start_lineup(drive)[1]
        if drive.is_fixed:
            schedule = planned_movement(drive=drive, players=players)
        else:
            schedule = [
                plan.opening_round(
                    lineup=players, seed=drive.seed, three_handed=drive.three_handed
                )
            ]
        with transaction.atomic():
            locked = lock_drive(drive)
            entries, now = _start_lineup(locked)
            if plan_inputs(locked, now) != plan_inputs(drive, players):
                continue
            Entry.objects.filter(pk__in=[e.pk for e in entries]).update(joined_round=1)
            locked.state = DriveState.IN_PLAY
            locked.started_at = timezone.now()
            locked.current_round = 1
            locked.save(
                update_fields=[
                    "state",
                    "started_at",
                    "current_round",
                    *_round_clock_starts(locked, locked.started_at),
                ]
            )
            audit_values.record_drive(
                drive=locked,
                kind=audit.Kind.DRIVE_START,
                new={"joined_round": 1, "entries": sorted(e.number for e in entries)},
            )
            rounds = [
                save_seating(locked, n, s) for n, s in enumerate(schedule, start=1)
            ]
            Round.objects.filter(pk=rounds[0].pk).update(started_at=locked.started_at)
            locked.save(update_fields=note_seated_round(locked, rounds[0]))
            signals.drive_started.send(sender=Drive, drive=locked)
            return rounds[0]
    raise ValidationError(
        _(
            "Players were checked in or out, or the settings changed, each time "
            "the movement was planned. Start the drive again."
        ),
        code="conflict",
    )


def replan_fixed(*, drive: Drive) -> int:
    """Re-plan the rounds of a fixed format not yet played, after a change of players.

    Keeps every round up to the current one; returns how many rounds were planned.
    Runs inside the caller's transaction, with the drive locked.
    """
    if not drive.is_fixed or drive.state != DriveState.IN_PLAY:
        return 0
    remaining = drive.rounds - drive.current_round
    if remaining <= 0:
        return 0
    players = lineup(drive=drive, round_number=drive.current_round + 1)
    problems = start_problems(drive, players)
    if problems:
        raise ValidationError(problems)
    Round.objects.filter(drive=drive, number__gt=drive.current_round).delete()
    schedule = plan.plan_fixed(
        format=drive.format,
        lineup=players,
        rounds=remaining,
        seed=drive.seed,
        history=stored_seatings(drive=drive, up_to=drive.current_round),
        three_handed=drive.three_handed,
    )
    for offset, seating in enumerate(schedule, start=1):
        save_seating(drive, drive.current_round + offset, seating)
    return len(schedule)


def balance_message(*, drive: Drive, advice: int, start: bool = False) -> str:
    """What to do to fill the tables; with `start`, said when the start is refused."""
    if advice == 0:
        return ""
    source, target = (
        (drive.group_b_label, drive.group_a_label)
        if advice > 0
        else (drive.group_a_label, drive.group_b_label)
    )
    count = abs(advice)
    values = {"count": count, "source": source, "target": target}
    if start:
        # Translators: %(source)s and %(target)s are the names of the two groups.
        return (
            ngettext(
                "Move %(count)d player from %(source)s to %(target)s. "
                "Balance the groups, then start.",
                "Move %(count)d players from %(source)s to %(target)s. "
                "Balance the groups, then start.",
                count,
            )
            % values
        )
    # Translators: %(source)s and %(target)s are the names of the two groups.
    return (
        ngettext(
            "Move %(count)d player from %(source)s to %(target)s.",
            "Move %(count)d players from %(source)s to %(target)s.",
            count,
        )
        % values
    )


@transaction.atomic
def round_advance(*, drive: Drive, winners: Mapping[int, Side]) -> Round | None:
    """The current round is complete: seat the next one, or finish the drive.

    `winners` maps each table number of the current round to the side that won
    it; fixed formats already hold the next round and ignore it.
    """
    drive = lock_drive(drive)
    if drive.state != DriveState.IN_PLAY:
        raise ValidationError(_("This drive is not in play."))
    if drive.current_round >= drive.rounds:
        drive_finish(drive=drive)
        return None
    next_number = drive.current_round + 1
    planned = Round.objects.filter(drive=drive, number=next_number).first()
    if planned is None:
        if drive.is_fixed:
            replan_fixed(drive=drive)
            planned = Round.objects.get(drive=drive, number=next_number)
        else:
            seating = plan.following_round(
                format=drive.format,
                winners_move=drive.winners_move,
                history=stored_seatings(drive=drive, up_to=drive.current_round),
                winners=winners,
                lineup=lineup(drive=drive, round_number=next_number),
                seed=drive.seed,
                three_handed=drive.three_handed,
            )
            planned = save_seating(drive, next_number, seating)
    now = timezone.now()
    Round.objects.filter(drive=drive, number=drive.current_round).update(ended_at=now)
    Round.objects.filter(pk=planned.pk).update(started_at=now)
    drive.current_round = next_number
    drive.save(
        update_fields=[
            "current_round",
            *_round_clock_starts(drive, now),
            *note_seated_round(drive, planned),
        ]
    )
    return planned


def _round_clock_starts(drive: Drive, now: datetime) -> tuple[str, ...]:
    """A new round is in play: its countdown starts (drive.clock), when the drive
    has a round time; the fields to save."""
    return drive.set_clock(
        round_clock.Clock.started(now=now, seconds=drive.round_seconds)
    )


@transaction.atomic
def drive_finish(*, drive: Drive) -> Drive:
    drive = lock_drive(drive)
    if drive.state != DriveState.IN_PLAY:
        raise ValidationError(_("Only a drive in play can finish."))
    drive.state = DriveState.FINISHED
    drive.finished_at = timezone.now()
    Round.objects.filter(
        drive=drive, number=drive.current_round, ended_at__isnull=True
    ).update(ended_at=drive.finished_at)
    drive.save(
        update_fields=["state", "finished_at", *drive.set_clock(round_clock.Clock())]
    )
    return drive


@transaction.atomic
def table_key_reissue(*, table: Table) -> Table:
    """Revoke a table's captain link and issue a new one: the old link stops at once."""
    lock_drive(table.drive)
    table = Table.objects.get(pk=table.pk)
    table.captain_key = secret_links.new_key()
    table.save(update_fields=["captain_key"])
    return table


@transaction.atomic
def public_link_set(*, drive: Drive, shared: bool) -> Drive:
    """Share the read-only leaderboard by a secret link, or stop sharing it.

    Sharing again after stopping makes a new link, so the old one stays dead.
    """
    drive = lock_drive(drive)
    if shared and not drive.public_key:
        drive.public_key = secret_links.new_key()
    elif not shared:
        drive.public_key = ""
    drive.save(update_fields=["public_key"])
    return drive

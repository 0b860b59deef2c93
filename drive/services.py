"""Writes to a drive: set-up, registration, and the life cycle (an entry's later changes:
drive.entry_services).

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
from django.db.models import Count, Max
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
from drive.replan import replan_fixed
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
from players.collation import spelled_for
from players.models import Club, Player, tidy_name


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
    setup.check_pairing(drive, changed.get("format", drive.format))
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


def group_counts(drive: Drive, *, round_number: int | None = None) -> dict[str, int]:
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


def check_group(group: str) -> str:
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


def roster_suggestions(
    drive: Drive, name: str, besides: Player | None = None
) -> list[Player]:
    """The club's players the door suggests for `name` when nobody on the
    roster is called it (players.name_search), but for the pair's other
    player (`besides`)."""
    found = players_selectors.roster_suggestions(club_id=drive.club_id, name=name)
    return [p for p in found if besides is None or p.pk != besides.pk]


# The code of the door's question when a name typed is nobody's on the roster
# but resembles some (the page then offers them, and "add as a new player").
NOT_ON_ROSTER = "not_on_roster"


class AlreadyEntered(ValidationError):
    """The player typed (or picked) at the door is entered in the drive
    already, as `entry`: most often someone registered in advance who has
    now arrived, whom the door checks in rather than refusing
    (drive.door_views.entries)."""

    def __init__(self, *, entry: Entry, field: str) -> None:
        if entry.checked_in:
            text = _(
                "%(name)s is already entered as number %(number)d, and checked in."
            )
        else:
            text = _("%(name)s is already entered as number %(number)d.")
        super().__init__(
            {field: [text % {"name": entry.player.name, "number": entry.number}]}
        )
        self.entry = entry
        self.field = field


def _roster_player(
    drive: Drive,
    player: Player | None,
    name: str,
    field: str,
    besides: Player | None = None,
    new: bool = False,
) -> Player:
    """The roster player picked, or the one typed (found by name, or added);
    `besides`: the pair's other player, already found. A name the roster does
    not hold but that resembles its players' (part of a name, a slip) is added
    only when `new` says it is someone new: a volunteer who types "Wisniewska"
    for Anna Wiśniewska must not give her a second card."""
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
            if not new and roster_suggestions(drive, name, besides):
                raise ValidationError(
                    {
                        field: ValidationError(
                            _("Nobody on the roster is called “%(name)s”.")
                            % {"name": name},
                            code=NOT_ON_ROSTER,
                        )
                    }
                )
            player = Player.objects.create(
                club=drive.club, name=spelled_for(drive.club.language, name)
            )
    if player.club_id != drive.club_id:
        raise ValidationError(_("That player is not on this club's roster."))
    # The roster as it is now: one picked on the page may have been merged or
    # deleted since (a merge under way is waited for).
    player = Player.objects.select_for_update(no_key=True).filter(pk=player.pk).first()
    if player is None:
        gone = _("That player is not on the roster (merged or deleted already?).")
        raise ValidationError({field: gone})
    if not player.active:
        player.active = True
        player.save(update_fields=["active"])
    existing = Entry.objects.filter(drive=drive, player=player).first()
    if existing is not None:
        raise AlreadyEntered(entry=existing, field=field)
    return player


def _check_registration_open(drive: Drive) -> None:
    if drive.state == DriveState.DRAFT:
        raise ValidationError(_("Open registration for this drive first."))
    check_not_finished(drive)


def check_not_finished(drive: Drive) -> None:
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
        check_in_entry(drive, entry)
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
    new_player: bool = False,
) -> Entry:
    """Register a roster player, or a new one by name (found on the roster if
    already there; `new_player`: added even if the name resembles the
    roster's); `stays`: they stay at one table (`stays_table`, or the one
    they first sit at); `large_print`: their score card is printed in large
    print."""
    drive = lock_drive(drive)
    _check_registration_open(drive)
    player = _roster_player(drive, player, name, "name", new=new_player)
    group = check_group(group) if group else _default_group(drive, player)
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
    first_new: bool = False,
    second_new: bool = False,
) -> tuple[Entry, Entry]:
    """Register two players as a fixed pair (partners drives): one pair number,
    A and B; `stays` marks the first, and the pair stays with them;
    `first_new`, `second_new`: as entry_register's `new_player`."""
    drive = lock_drive(drive)
    _check_registration_open(drive)
    one = _roster_player(drive, first, first_name, "name", new=first_new)
    other = _roster_player(
        drive, second, second_name, "partner_name", besides=one, new=second_new
    )
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


def check_in_entry(drive: Drive, entry: Entry) -> None:
    entry.checked_in = True
    if drive.state == DriveState.IN_PLAY and entry.joined_round is None:
        # A late arrival joins at the next round.
        entry.joined_round = drive.current_round + 1
    entry.save(update_fields=["checked_in", "joined_round"])


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


def start_refusal(*, drive: Drive) -> list[str]:
    """Why drive_start would refuse this drive now, in words; empty if it would
    start (the page asking to start says it instead of offering the button)."""
    try:
        _start_lineup(drive)
    except ValidationError as error:
        return error.messages
    return []


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
            replan_fixed(drive=drive, advancing=True)
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

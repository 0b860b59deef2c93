"""Writes to a drive: set-up, registration and check-in, and the life cycle.

Each service is one transaction. A rule a person can fix raises
ValidationError with a message for them; the views show it with a 4xx.
The movement itself is worked out by the pure engine in drive.movement.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.core.exceptions import ValidationError
from django.db import transaction
from django.db.models import Count, Max
from django.utils import timezone

from drive import movement
from drive.models import Drive, DriveState, Entry, Round, SeatAssignment, Table
from drive.movement.types import Group, Seating, Side, TableSeating
from drive.trumps import format_sequence, parse_sequence
from players.models import Club, Player, normalise_name, tidy_name

SETUP_FIELDS = (
    "name",
    "date",
    "venue",
    "format",
    "winners_move",
    "three_handed",
    "hands",
    "hands_per_round",
    "trump_sequence",
    "scoring_rule",
    "group_a_label",
    "group_b_label",
    "sit_out_compensation",
    "sit_out_fixed_score",
    "opponent_confirms",
    "advance_automatically",
)
# What may still change once play has started: nothing that alters the movement.
IN_PLAY_FIELDS = (
    "name",
    "venue",
    "scoring_rule",
    "group_a_label",
    "group_b_label",
    "sit_out_compensation",
    "sit_out_fixed_score",
    "opponent_confirms",
    "advance_automatically",
)


def lock_drive(drive: Drive) -> Drive:
    """Reload the drive holding its row lock, so writes to one drive queue up.

    On SQLite the IMMEDIATE transaction already serialises writers.
    """
    return Drive.objects.select_for_update().get(pk=drive.pk)


def _clean_setup(values: dict[str, Any]) -> dict[str, Any]:
    if "trump_sequence" in values:
        try:
            values["trump_sequence"] = format_sequence(
                parse_sequence(values["trump_sequence"])
            )
        except ValueError as exc:
            raise ValidationError({"trump_sequence": str(exc)}) from exc
    for label in ("group_a_label", "group_b_label"):
        if label in values:
            values[label] = tidy_name(values[label])
    return values


def _check_setup(drive: Drive) -> None:
    # Fields first, then the plain-words rules, then the database constraints,
    # so a person reads "choose a multiple of 4", not a constraint's name.
    drive.full_clean(exclude=["club"], validate_constraints=False)
    if not 1 <= drive.hands <= 200:
        raise ValidationError({"hands": "A drive has from 1 to 200 hands."})
    if drive.hands % drive.hands_per_round:
        raise ValidationError(
            {
                "hands": (
                    f"{drive.hands} hands cannot be split into rounds of "
                    f"{drive.hands_per_round}: choose a multiple of {drive.hands_per_round}."
                )
            }
        )
    if drive.group_a_label.casefold() == drive.group_b_label.casefold():
        raise ValidationError({"group_b_label": "The two groups need different names."})
    drive.validate_constraints()


@transaction.atomic
def drive_create(*, club: Club, seed: int | None = None, **values: Any) -> Drive:
    """Set up a drive; `seed` fixes the draw (a random one otherwise)."""
    unknown = set(values) - set(SETUP_FIELDS)
    if unknown:
        raise TypeError(f"Unknown drive settings: {sorted(unknown)}")
    drive = Drive(club=club, **_clean_setup(dict(values)))
    if seed is not None:
        drive.seed = seed
    _check_setup(drive)
    drive.save()
    return drive


@transaction.atomic
def drive_update(*, drive: Drive, **values: Any) -> Drive:
    drive = lock_drive(drive)
    allowed = SETUP_FIELDS if drive.is_setup_editable else IN_PLAY_FIELDS
    if drive.state == DriveState.FINISHED:
        allowed = IN_PLAY_FIELDS
    changed = {k: v for k, v in values.items() if getattr(drive, k) != v}
    locked = sorted(set(changed) - set(allowed))
    if locked:
        names = ", ".join(Drive._meta.get_field(f).verbose_name for f in locked)
        raise ValidationError(
            f"Play has started, so these can no longer change: {names}."
        )
    for key, value in _clean_setup(dict(changed)).items():
        setattr(drive, key, value)
    _check_setup(drive)
    drive.save()
    return drive


@transaction.atomic
def drive_open_registration(*, drive: Drive) -> Drive:
    drive = lock_drive(drive)
    if drive.state != DriveState.DRAFT:
        raise ValidationError("Registration is already open.")
    drive.state = DriveState.OPEN
    drive.save(update_fields=["state"])
    return drive


def _group_counts(drive: Drive, *, round_number: int | None = None) -> dict[str, int]:
    entries = active_entries(drive=drive, round_number=round_number)
    counts = {Group.A.value: 0, Group.B.value: 0}
    for entry in entries:
        counts[entry.group] += 1
    return counts


def active_entries(*, drive: Drive, round_number: int | None = None) -> list[Entry]:
    """The entries that play `round_number`; before play, everyone checked in."""
    entries = Entry.objects.filter(drive=drive, checked_in=True)
    if round_number is None:
        return list(entries.filter(withdrawn_from_round__isnull=True))
    return [
        entry
        for entry in entries
        if entry.joined_round is not None and entry.plays_round(round_number)
    ]


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
        raise ValidationError({"group": "Choose one of the two groups."})
    return group


@transaction.atomic
def entry_register(
    *,
    drive: Drive,
    player: Player | None = None,
    name: str = "",
    group: str | None = None,
    checked_in: bool = True,
    paid: bool = False,
) -> Entry:
    """Register a roster player, or a new one by name (found on the roster if already there)."""
    drive = lock_drive(drive)
    if drive.state == DriveState.DRAFT:
        raise ValidationError("Open registration for this drive first.")
    if drive.state == DriveState.FINISHED:
        raise ValidationError("This drive has finished.")
    if player is None:
        name = tidy_name(name)
        if not name:
            raise ValidationError({"name": "Type the player's name."})
        if len(name) > Player._meta.get_field("name").max_length:
            raise ValidationError({"name": "That name is too long."})
        matches = list(
            Player.objects.filter(
                club=drive.club, name_key=normalise_name(name)
            ).order_by("-active", "id")[:2]
        )
        if len(matches) > 1:
            raise ValidationError(
                {
                    "name": f"More than one player on the roster is called {name}; pick one from the list."
                }
            )
        player = matches[0] if matches else None
        if player is None:
            player = Player.objects.create(club=drive.club, name=name)
    if player.club_id != drive.club_id:
        raise ValidationError("That player is not on this club's roster.")
    if not player.active:
        player.active = True
        player.save(update_fields=["active"])
    existing = Entry.objects.filter(drive=drive, player=player).first()
    if existing is not None:
        raise ValidationError(
            f"{player.name} is already entered as number {existing.number}."
        )
    group = _check_group(group) if group else _default_group(drive, player)
    number = (
        Entry.objects.filter(drive=drive).aggregate(n=Max("number"))["n"] or 0
    ) + 1
    entry = Entry(
        drive=drive,
        player=player,
        number=number,
        group=group,
        checked_in=False,
        paid=paid,
    )
    entry.save()
    if checked_in:
        _check_in(drive, entry)
    return entry


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
    if drive.state == DriveState.FINISHED:
        raise ValidationError("This drive has finished.")
    if checked_in:
        if not entry.checked_in:
            _check_in(drive, entry)
        return entry
    if entry.joined_round is not None:
        raise ValidationError(
            f"{entry.player.name} has been seated already; withdraw them instead."
        )
    entry.checked_in = False
    entry.save(update_fields=["checked_in"])
    return entry


@transaction.atomic
def entry_set_paid(*, entry: Entry, paid: bool) -> Entry:
    entry = Entry.objects.select_for_update().get(pk=entry.pk)
    entry.paid = paid
    entry.save(update_fields=["paid"])
    return entry


@transaction.atomic
def entry_set_group(*, entry: Entry, group: str) -> Entry:
    lock_drive(entry.drive)
    entry = Entry.objects.get(pk=entry.pk)
    _check_group(group)
    if entry.joined_round is not None and entry.group != group:
        raise ValidationError(
            f"{entry.player.name} has been seated already, so their group cannot change."
        )
    entry.group = group
    entry.save(update_fields=["group"])
    return entry


@transaction.atomic
def entry_remove(*, entry: Entry) -> None:
    """Take back a registration made by mistake, before the entry is seated."""
    lock_drive(entry.drive)
    entry = Entry.objects.get(pk=entry.pk)
    if entry.joined_round is not None:
        raise ValidationError(
            f"{entry.player.name} has been seated already; withdraw them instead."
        )
    entry.delete()


@transaction.atomic
def entry_withdraw(*, entry: Entry) -> Entry:
    """A player who leaves is withdrawn from the next round; the movement carries on."""
    drive = lock_drive(entry.drive)
    entry = Entry.objects.get(pk=entry.pk)
    if drive.state != DriveState.IN_PLAY:
        raise ValidationError(
            "Withdrawals are for drives in play; before that, remove the entry."
        )
    if entry.withdrawn_from_round is not None:
        raise ValidationError(f"{entry.player.name} has already withdrawn.")
    next_round = drive.current_round + 1
    others = [
        e
        for e in active_entries(drive=drive, round_number=next_round)
        if e.pk != entry.pk
    ]
    counts = {
        g: sum(1 for e in others if e.group == g)
        for g in (Group.A.value, Group.B.value)
    }
    if drive.current_round < drive.rounds and not movement.table_count(
        group_a=counts[Group.A.value], group_b=counts[Group.B.value]
    ):
        raise ValidationError("Without this player no table could be filled.")
    entry.withdrawn_from_round = next_round
    if entry.joined_round is None or entry.joined_round > drive.current_round:
        # Never seated: simply not playing.
        entry.joined_round = None
        entry.withdrawn_from_round = None
        entry.checked_in = False
    entry.save(update_fields=["withdrawn_from_round", "joined_round", "checked_in"])
    return entry


@transaction.atomic
def entry_reinstate(*, entry: Entry) -> Entry:
    """Undo a withdrawal that has not yet taken effect."""
    drive = lock_drive(entry.drive)
    entry = Entry.objects.get(pk=entry.pk)
    if entry.withdrawn_from_round is None:
        raise ValidationError(f"{entry.player.name} has not withdrawn.")
    if entry.withdrawn_from_round <= drive.current_round:
        raise ValidationError(
            f"{entry.player.name}'s withdrawal has taken effect; register them again as a late arrival is not possible."
        )
    entry.withdrawn_from_round = None
    entry.save(update_fields=["withdrawn_from_round"])
    return entry


@transaction.atomic
def groups_balance(*, drive: Drive) -> int:
    """Move the most recently registered players of the larger group until the tables fill.

    Returns how many entries changed group.
    """
    drive = lock_drive(drive)
    if drive.state not in (DriveState.DRAFT, DriveState.OPEN):
        raise ValidationError("Groups can only be balanced before play starts.")
    counts = _group_counts(drive)
    advice = movement.balance_advice(group_a=counts["A"], group_b=counts["B"])
    if advice == 0:
        return 0
    source = Group.B.value if advice > 0 else Group.A.value
    target = Group.A.value if advice > 0 else Group.B.value
    movers = (
        Entry.objects.filter(
            drive=drive,
            checked_in=True,
            withdrawn_from_round__isnull=True,
            group=source,
        )
        .exclude(player__group=source)  # keep those whose roster entry names this group
        .order_by("-number")[: abs(advice)]
    )
    movers = list(movers)
    if len(movers) < abs(advice):
        extra = (
            Entry.objects.filter(
                drive=drive,
                checked_in=True,
                withdrawn_from_round__isnull=True,
                group=source,
            )
            .exclude(pk__in=[e.pk for e in movers])
            .order_by("-number")[: abs(advice) - len(movers)]
        )
        movers += list(extra)
    Entry.objects.filter(pk__in=[e.pk for e in movers]).update(group=target)
    return len(movers)


def _ensure_tables(drive: Drive, count: int) -> dict[int, Table]:
    existing = {t.number: t for t in Table.objects.filter(drive=drive)}
    for number in range(1, count + 1):
        if number not in existing:
            existing[number] = Table.objects.create(drive=drive, number=number)
    return existing


def _save_seating(drive: Drive, number: int, seating: Seating) -> Round:
    round_ = Round.objects.create(drive=drive, number=number)
    tables = _ensure_tables(drive, len(seating.tables))
    rows = []
    for table in seating.tables:
        for position, entry_id in zip("NESW", table.players(), strict=True):
            rows.append(
                SeatAssignment(
                    round=round_,
                    entry_id=entry_id,
                    table=tables[table.table],
                    position=position,
                )
            )
    rows.extend(
        SeatAssignment(round=round_, entry_id=e, table=None) for e in seating.sit_outs
    )
    SeatAssignment.objects.bulk_create(rows)
    drive.current_round = number
    drive.save(update_fields=["current_round"])
    return round_


def seating_of_round(*, drive: Drive, round_number: int) -> Seating:
    """The stored seating of one round, as the engine's plain value."""
    places: dict[int, dict[str, int]] = {}
    sit_outs: list[int] = []
    for seat in SeatAssignment.objects.filter(
        round__drive=drive, round__number=round_number
    ).select_related("table"):
        if seat.table is None:
            sit_outs.append(seat.entry_id)
        else:
            places.setdefault(seat.table.number, {})[seat.position] = seat.entry_id
    tables = tuple(
        TableSeating(
            table=number,
            north=places[number]["N"],
            east=places[number]["E"],
            south=places[number]["S"],
            west=places[number]["W"],
        )
        for number in sorted(places)
    )
    return Seating(tables=tables, sit_outs=tuple(sorted(sit_outs)))


@transaction.atomic
def drive_start(*, drive: Drive) -> Round:
    """Seat everyone checked in for round 1 by a seeded random draw."""
    drive = lock_drive(drive)
    if drive.state not in (DriveState.DRAFT, DriveState.OPEN):
        raise ValidationError("This drive has already started.")
    entries = active_entries(drive=drive)
    group_a = [e.pk for e in entries if e.group == Group.A.value]
    group_b = [e.pk for e in entries if e.group == Group.B.value]
    if len(entries) < 4:
        raise ValidationError(
            f"A drive needs at least 4 players checked in; {len(entries)} "
            f"{'is' if len(entries) == 1 else 'are'} checked in."
        )
    advice = movement.balance_advice(group_a=len(group_a), group_b=len(group_b))
    if advice:
        raise ValidationError(
            balance_message(drive=drive, advice=advice)
            + " Balance the groups, then start."
        )
    seating = movement.first_round(group_a=group_a, group_b=group_b, seed=drive.seed)
    Entry.objects.filter(pk__in=[e.pk for e in entries]).update(joined_round=1)
    drive.state = DriveState.IN_PLAY
    drive.started_at = timezone.now()
    drive.save(update_fields=["state", "started_at"])
    return _save_seating(drive, 1, seating)


def balance_message(*, drive: Drive, advice: int) -> str:
    if advice == 0:
        return ""
    source, target = (
        (drive.group_b_label, drive.group_a_label)
        if advice > 0
        else (drive.group_a_label, drive.group_b_label)
    )
    count = abs(advice)
    return f"Move {count} player{'s' if count != 1 else ''} from {source} to {target}."


@transaction.atomic
def round_advance(*, drive: Drive, winners: Mapping[int, Side]) -> Round | None:
    """The current round is complete: seat the next one, or finish the drive.

    `winners` maps each table number of the current round to the side that won it.
    """
    drive = lock_drive(drive)
    if drive.state != DriveState.IN_PLAY:
        raise ValidationError("This drive is not in play.")
    if drive.current_round >= drive.rounds:
        drive_finish(drive=drive)
        return None
    previous = seating_of_round(drive=drive, round_number=drive.current_round)
    next_number = drive.current_round + 1
    entries = active_entries(drive=drive, round_number=next_number)
    sit_out_counts = dict(
        SeatAssignment.objects.filter(round__drive=drive, table__isnull=True)
        .values_list("entry_id")
        .annotate(n=Count("id"))
        .values_list("entry_id", "n")
    )
    seating = movement.next_round(
        previous=previous,
        winners=winners,
        format=movement.Format(drive.format),
        winners_move=drive.winners_move,
        group_a=[e.pk for e in entries if e.group == Group.A.value],
        group_b=[e.pk for e in entries if e.group == Group.B.value],
        sit_out_counts=sit_out_counts,
        seed=drive.seed,
    )
    return _save_seating(drive, next_number, seating)


@transaction.atomic
def drive_finish(*, drive: Drive) -> Drive:
    drive = lock_drive(drive)
    if drive.state != DriveState.IN_PLAY:
        raise ValidationError("Only a drive in play can finish.")
    drive.state = DriveState.FINISHED
    drive.finished_at = timezone.now()
    drive.save(update_fields=["state", "finished_at"])
    return drive


@transaction.atomic
def table_key_reissue(*, table: Table) -> Table:
    """Revoke a table's captain link and issue a new one: the old link stops at once."""
    from drive.models import new_captain_key

    lock_drive(table.drive)
    table = Table.objects.get(pk=table.pk)
    table.captain_key = new_captain_key()
    table.save(update_fields=["captain_key"])
    return table


@transaction.atomic
def public_link_set(*, drive: Drive, shared: bool) -> Drive:
    """Share the read-only leaderboard by a secret link, or stop sharing it.

    Sharing again after stopping makes a new link, so the old one stays dead.
    """
    from drive.models import new_captain_key

    drive = lock_drive(drive)
    if shared and not drive.public_key:
        drive.public_key = new_captain_key()
    elif not shared:
        drive.public_key = ""
    drive.save(update_fields=["public_key"])
    return drive

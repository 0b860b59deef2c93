"""Writes to scores: hand results (with their versions) and adjustments.

Entering a result is checked first (the hand is one that table has played or
is playing, the tricks are 0..13, the form saw the latest version), then
written. When the last result of the current round arrives, the round's
winners go to the movement and the next round is seated, in the same
transaction, so nobody ever sees a complete round with no next seating
(unless the drive waits for the organiser's click: `round_start_next`).

Captains' phones (`captain_result_submit`) follow stricter rules, because a
phone on patchy Wi-Fi retries, and two phones may serve one table:

- every submission carries an *idempotency key* made by the phone; the same key
  again gives the same outcome and writes nothing;
- only the table's *current hand* can be entered;
- the first result *stands*: a different one from a second phone is kept as a
  *conflict* for the organiser, who resolves it by entering or keeping the
  right result (`hand_result_conflict_resolve`);
- on a drive where an opponent confirms, a phone's result is *pending* until
  the opponent confirms it on the same phone (`captain_result_confirm`).
"""

from __future__ import annotations

import re
from collections.abc import Collection, Iterable, Sequence
from dataclasses import dataclass

from django.contrib.auth.models import AbstractBaseUser
from django.core.exceptions import ValidationError
from django.db import transaction
from django.db.models import Max, Q
from django.utils import timezone
from django.utils.translation import gettext as _

from drive import services as drive_services
from drive.models import Drive, DriveState, Entry, Round, SeatAssignment, Table
from drive.movement.types import Side
from players import audit
from scoring.models import (
    MAX_RESULT_VERSIONS,
    Adjustment,
    HandResult,
    PhoneReceipt,
    ResultStatus,
)
from scoring.rules import check_tricks, round_winner, tricks_text
from scoring.selectors import current_hand, tables_text


@dataclass(frozen=True)
class ResultEntry:
    """One result as typed: table number, hand, N-S tricks, and the version the form saw."""

    table: int
    hand: int
    ns_tricks: int
    seen_version: int | None = None


@dataclass(frozen=True)
class SubmitOutcome:
    results: tuple[HandResult, ...]
    changed: int
    notes: tuple[str, ...] = ()
    round_completed: bool = False
    # Every table is in but the drive waits for the organiser to start the next round.
    round_ready: bool = False


def _tables_of_round(drive: Drive, round_number: int) -> set[int]:
    return set(
        SeatAssignment.objects.filter(
            round__drive=drive, round__number=round_number, table__isnull=False
        ).values_list("table__number", flat=True)
    )


def _table_ids_of_round(drive: Drive, round_number: int) -> frozenset[int]:
    """The ids of the tables that have a game in the round (a captain's hot path)."""
    return frozenset(
        SeatAssignment.objects.filter(
            round__drive_id=drive.pk, round__number=round_number, table__isnull=False
        )
        .values_list("table_id", flat=True)
        .distinct()
    )


def _round_winners(drive: Drive, round_number: int) -> dict[int, Side] | None:
    """Winners per table, or None while any result of the round is missing."""
    tables = _tables_of_round(drive, round_number)
    hands = list(drive.hands_of_round(round_number))
    tricks: dict[int, dict[int, int]] = {t: {} for t in tables}
    for table_number, hand, ns in HandResult.objects.filter(
        table__drive=drive,
        hand__in=hands,
        status=ResultStatus.CONFIRMED,
        table__number__in=tables,
    ).values_list("table__number", "hand", "ns_tricks"):
        tricks[table_number][hand] = ns
    if not tables or any(len(by_hand) < len(hands) for by_hand in tricks.values()):
        return None
    return {
        table: round_winner([by_hand[h] for h in hands])
        for table, by_hand in tricks.items()
    }


# Phones stop this many versions short of MAX_RESULT_VERSIONS, so that a phone
# stuck in a loop never leaves the organiser unable to correct the hand.
ORGANISER_RESERVED_VERSIONS = 10
PHONE_MAX_VERSIONS = MAX_RESULT_VERSIONS - ORGANISER_RESERVED_VERSIONS


def _next_version(table: Table, hand: int) -> int:
    last = HandResult.objects.filter(table=table, hand=hand).aggregate(
        v=Max("version")
    )["v"]
    return (last or 0) + 1


def _check_version_room(
    *, table: Table, hand: int, version: int, limit: int, needed: int = 1
) -> None:
    """Refuse a result whose version (and the `needed` - 1 after it) would pass
    `limit`: a clear message, not the database's refusal (MAX_RESULT_VERSIONS is
    a constraint there too)."""
    if version + needed - 1 <= limit:
        return
    values = {"table": table.number, "hand": hand, "count": version - 1}
    if limit < MAX_RESULT_VERSIONS:
        message = _(
            "Table %(table)s, hand %(hand)s already has %(count)s versions, the "
            "most phones may add; nothing was saved. Ask the organiser to enter "
            "the result."
        )
    else:
        message = _(
            "Table %(table)s, hand %(hand)s already has %(count)s versions, the "
            "most one hand can keep; nothing was saved. If its score must change, "
            "add an adjustment."
        )
    raise ValidationError(message % values, code="version_limit")


def _record(
    *,
    drive: Drive,
    entry: ResultEntry,
    by: AbstractBaseUser | None,
    source: str,
    idempotency_key: str = "",
    seated: dict[int, dict[int, Table]] | None = None,
) -> tuple[HandResult, bool, str]:
    """Write one result; returns (confirmed result, changed?, note).

    `seated` caches each round's tables by number across a batch, so a whole
    round's grid costs one query for its tables rather than two per result.
    """
    if not 1 <= entry.hand <= drive.hands:
        raise ValidationError(
            f"Hand {entry.hand} is not in this drive (1 to {drive.hands})."
        )
    round_number = drive.round_of_hand(entry.hand)
    if round_number > drive.current_round:
        raise ValidationError(f"Hand {entry.hand} has not been reached yet.")
    try:
        ns_tricks = check_tricks(entry.ns_tricks)
    except (TypeError, ValueError) as exc:
        raise ValidationError(
            f"Table {entry.table}, hand {entry.hand}: N-S tricks must be a whole number from 0 to 13."
        ) from exc
    seated = {} if seated is None else seated
    if round_number not in seated:
        seated[round_number] = {
            t.number: t
            for t in Table.objects.filter(
                drive=drive,
                seats__round__drive=drive,
                seats__round__number=round_number,
            ).distinct()
        }
    table = seated[round_number].get(entry.table)
    if table is None:
        raise ValidationError(
            f"Table {entry.table} does not play in round {round_number}."
        )
    if idempotency_key:
        earlier = HandResult.objects.filter(
            table=table, idempotency_key=idempotency_key
        ).first()
        if earlier is not None:
            if earlier.hand != entry.hand or earlier.ns_tricks != ns_tricks:
                raise ValidationError(
                    "This submission was already used for another result.",
                    code="replayed",
                )
            current = HandResult.objects.get(
                table=table, hand=entry.hand, status=ResultStatus.CONFIRMED
            )
            return current, False, ""
    confirmed = (
        HandResult.objects.filter(
            table=table, hand=entry.hand, status=ResultStatus.CONFIRMED
        )
        .select_for_update()
        .first()
    )
    if confirmed is not None and confirmed.ns_tricks == ns_tricks:
        # What the form says is what is stored, whatever version it saw: a form
        # sent twice (a double click, Back and send again) is already saved.
        return confirmed, False, ""
    current_version = confirmed.version if confirmed else 0
    if entry.seen_version is not None and entry.seen_version != current_version:
        shown = f"N-S {confirmed.ns_tricks}" if confirmed else "no result"
        raise ValidationError(
            f"Table {entry.table}, hand {entry.hand} was changed meanwhile (now {shown}). "
            "Nothing was saved; check the page again.",
            code="conflict",
        )
    version = _next_version(table, entry.hand)
    _check_version_room(
        table=table, hand=entry.hand, version=version, limit=MAX_RESULT_VERSIONS
    )
    pending = HandResult.objects.filter(
        table=table, hand=entry.hand, status=ResultStatus.PENDING
    ).first()
    note = ""
    old_winners = None
    if confirmed is not None and round_number < drive.current_round:
        old_winners = _round_winners(drive, round_number)
    stood = audit.result_values(confirmed or pending)
    for earlier in (confirmed, pending):
        if earlier is not None:
            earlier.status = ResultStatus.SUPERSEDED
            earlier.save(update_fields=["status"])
    result = HandResult.objects.create(
        table=table,
        hand=entry.hand,
        ns_tricks=ns_tricks,
        version=version,
        status=ResultStatus.CONFIRMED,
        entered_by=by,
        source=source,
        idempotency_key=idempotency_key,
    )
    audit.record_result(
        drive=drive, kind=audit.Kind.RESULT_ENTER, result=result, old=stood, by=by
    )
    # The organiser's new result settles any phone's disagreement on this hand.
    _resolve_conflicts(table=table, hand=entry.hand, by=by)
    if old_winners is not None:
        new_winners = _round_winners(drive, round_number)
        if new_winners and new_winners.get(entry.table) != old_winners.get(entry.table):
            note = (
                f"Table {entry.table} now has a different winner in round {round_number}. "
                f"The moves after round {round_number} were already made and stand; "
                "the scores have been recomputed."
            )
    return result, True, note


def _open_conflicts(drive: Drive, round_number: int) -> list[HandResult]:
    return list(
        HandResult.objects.filter(
            table__drive=drive,
            hand__in=list(drive.hands_of_round(round_number)),
            status=ResultStatus.CONFLICT,
            resolved_at__isnull=True,
        ).select_related("table")
    )


def _round_ready(drive: Drive) -> dict[int, Side] | None:
    """The current round's winners once every table is in with no open conflict."""
    if drive.state != DriveState.IN_PLAY:
        return None
    winners = _round_winners(drive, drive.current_round)
    if winners is None or _open_conflicts(drive, drive.current_round):
        # A disagreement could change a winner, and so the moves: it waits.
        return None
    return winners


def _advance_if_complete(drive: Drive) -> bool:
    """Seat the next round (or finish) when every result of the current round is in,
    if the drive starts rounds by itself."""
    if not drive.advance_automatically:
        return False
    winners = _round_ready(drive)
    if winners is None:
        return False
    drive_services.round_advance(drive=drive, winners=winners)
    return True


@transaction.atomic
def hand_results_submit(
    *,
    drive: Drive,
    entries: Iterable[ResultEntry],
    by: AbstractBaseUser | None,
    source: str = "organiser",
) -> SubmitOutcome:
    """Enter or correct several results at once: all of them are written, or none."""
    drive = drive_services.lock_drive(drive)
    if drive.state not in (DriveState.IN_PLAY, DriveState.FINISHED):
        raise ValidationError("Scores can be entered once the drive has started.")
    results, notes, changed = [], [], 0
    seen: set[tuple[int, int]] = set()
    seated: dict[int, dict[int, Table]] = {}
    for entry in entries:
        if (entry.table, entry.hand) in seen:
            raise ValidationError(
                f"Table {entry.table}, hand {entry.hand} appears twice in one submission."
            )
        seen.add((entry.table, entry.hand))
        result, was_changed, note = _record(
            drive=drive, entry=entry, by=by, source=source, seated=seated
        )
        results.append(result)
        changed += was_changed
        if note:
            notes.append(note)
    completed = _advance_if_complete(drive)
    return SubmitOutcome(
        results=tuple(results),
        changed=changed,
        notes=tuple(notes),
        round_completed=completed,
        round_ready=not completed and _round_ready(drive) is not None,
    )


def hand_result_submit(
    *,
    drive: Drive,
    table: int,
    hand: int,
    ns_tricks: int,
    by: AbstractBaseUser | None = None,
    source: str = "organiser",
    seen_version: int | None = None,
) -> SubmitOutcome:
    return hand_results_submit(
        drive=drive,
        entries=[
            ResultEntry(
                table=table, hand=hand, ns_tricks=ns_tricks, seen_version=seen_version
            )
        ],
        by=by,
        source=source,
    )


def _resolve_conflicts(*, table: Table, hand: int, by: AbstractBaseUser | None) -> int:
    """Mark the open conflicts of one table and hand as settled."""
    return HandResult.objects.filter(
        table=table,
        hand=hand,
        status=ResultStatus.CONFLICT,
        resolved_at__isnull=True,
    ).update(resolved_at=timezone.now(), resolved_by=by)


def _tables_waiting(drive: Drive, round_number: int) -> list[int]:
    """Tables of a round still missing a confirmed result for one of its hands."""
    hands = list(drive.hands_of_round(round_number))
    done: dict[int, set[int]] = {}
    for table_number, hand in HandResult.objects.filter(
        table__drive=drive, hand__in=hands, status=ResultStatus.CONFIRMED
    ).values_list("table__number", "hand"):
        done.setdefault(table_number, set()).add(hand)
    return sorted(
        t
        for t in _tables_of_round(drive, round_number)
        if len(done.get(t, ())) < len(hands)
    )


@transaction.atomic
def round_start_next(*, drive: Drive, round_number: int | None = None) -> Round | None:
    """The organiser's click: seat the next round (or finish the drive) once every table is in.

    `round_number` is the round the organiser saw; a second click for the same
    round, after it has moved on, is refused rather than skipping a round.
    """
    drive = drive_services.lock_drive(drive)
    if drive.state != DriveState.IN_PLAY:
        raise ValidationError("This drive is not in play.", code="conflict")
    if round_number is not None and round_number != drive.current_round:
        raise ValidationError(
            f"Round {round_number} has already moved on: round {drive.current_round} is in play.",
            code="conflict",
        )
    waiting = _tables_waiting(drive, drive.current_round)
    if waiting:
        raise ValidationError(
            f"Not every table is in yet: waiting for {tables_text(waiting)}.",
            code="conflict",
        )
    conflicts = _open_conflicts(drive, drive.current_round)
    if conflicts:
        tables = sorted({c.table.number for c in conflicts})
        raise ValidationError(
            f"Settle the disagreement at {tables_text(tables)} first.",
            code="conflict",
        )
    winners = _round_winners(drive, drive.current_round)
    assert winners is not None  # no table is waiting
    return drive_services.round_advance(drive=drive, winners=winners)


@transaction.atomic
def hand_result_conflict_resolve(
    *,
    drive: Drive,
    table: int,
    hand: int,
    ns_tricks: int,
    by: AbstractBaseUser | None,
    seen_version: int | None = None,
) -> SubmitOutcome:
    """The organiser settles two phones' disagreement: this is the right result.

    It may be the result that stands (kept as it is) or another (a new version).
    """
    drive = drive_services.lock_drive(drive)
    if drive.state not in (DriveState.IN_PLAY, DriveState.FINISHED):
        raise ValidationError("Scores can be entered once the drive has started.")
    result, changed, note = _record(
        drive=drive,
        entry=ResultEntry(
            table=table, hand=hand, ns_tricks=ns_tricks, seen_version=seen_version
        ),
        by=by,
        source="organiser",
    )
    # A new result has settled the conflicts already (in _record); the one that
    # stood is kept by settling them here. The same choice sent twice (a double
    # click) settles nothing the second time, and is not recorded twice.
    settled = _resolve_conflicts(table=result.table, hand=hand, by=by)
    if settled or changed:
        audit.record_result(
            drive=drive, kind=audit.Kind.RESULT_RESOLVE, result=result, by=by
        )
    completed = _advance_if_complete(drive)
    return SubmitOutcome(
        results=(result,),
        changed=int(changed),
        notes=(note,) if note else (),
        round_completed=completed,
        round_ready=not completed and _round_ready(drive) is not None,
    )


# --- captains' phones ------------------------------------------------------------

# A key the phone makes for each entry: random, URL-safe, long enough to be unique.
IDEMPOTENCY_KEY = re.compile(r"^[A-Za-z0-9_-]{16,64}$")
OPPONENT_CONFIRMED = ", opponent confirmed"


class Kind:
    """What a phone's submission did."""

    RECORDED = "recorded"  # the result counts
    PENDING = "pending"  # saved, waiting for an opponent's confirmation
    ALREADY = "already"  # the same result was already in: nothing new
    CONFIRMED = "confirmed"  # an opponent confirmed a pending result
    CLEARED = "cleared"  # an opponent turned a pending result down
    CONFLICT = "conflict"  # another result stands: kept for the organiser


@dataclass(frozen=True)
class CaptainOutcome:
    result: HandResult
    kind: str
    message: str
    round_completed: bool = False

    @property
    def accepted(self) -> bool:
        return self.kind != Kind.CONFLICT


def captain_source(table: Table) -> str:
    """Which link a result came from: the table and the start of its key."""
    return f"table {table.number} captain link {table.captain_key[:6]}"


DRIVE_OVER = "The drive is over: ask the organiser if a result needs correcting."


def _check_started(drive: Drive) -> None:
    if drive.state in (DriveState.DRAFT, DriveState.OPEN):
        raise ValidationError(
            "The drive has not started yet: nothing can be entered.",
            code="not_current",
        )


def _check_in_play(drive: Drive) -> None:
    _check_started(drive)
    if drive.state == DriveState.FINISHED:
        raise ValidationError(DRIVE_OVER, code="not_current")


def _moves_stand(drive: Drive, hand: int) -> str:
    """What a phone is told about a disagreement over a hand whose round is over."""
    round_number = drive.round_of_hand(hand)
    if round_number >= drive.current_round:
        return ""
    return " " + _(
        "The moves after round %(round)s were already made and stand, "
        "whatever the organiser decides."
    ) % {"round": round_number}


def _replay(drive: Drive, earlier: HandResult) -> CaptainOutcome:
    """The same submission again: the outcome it had, and nothing written."""
    if earlier.status == ResultStatus.CONFLICT:
        return CaptainOutcome(
            earlier,
            Kind.CONFLICT,
            f"Hand {earlier.hand} already had another result; yours "
            f"({tricks_text(earlier.ns_tricks)}) was passed to the organiser."
            + _moves_stand(drive, earlier.hand),
        )
    return CaptainOutcome(
        earlier,
        Kind.ALREADY,
        f"Hand {earlier.hand} was received: {tricks_text(earlier.ns_tricks)}.",
    )


def _remember(
    *, table: Table, key: str, hand: int, ns_tricks: int, outcome: CaptainOutcome
) -> CaptainOutcome:
    """Keep the answer of a submission that wrote no result, so its key keeps it."""
    PhoneReceipt.objects.create(
        table=table,
        idempotency_key=key,
        hand=hand,
        ns_tricks=ns_tricks,
        kind=outcome.kind,
        message=outcome.message,
        result=outcome.result,
    )
    return outcome


def _all_confirmed(drive: Drive, tables: Collection[int], hands: Sequence[int]) -> bool:
    """Whether every table of the round may have all its hands in: one count, a
    quick test before the full check (it can only count too many, never too few)."""
    confirmed = HandResult.objects.filter(
        table__drive_id=drive.pk, hand__in=hands, status=ResultStatus.CONFIRMED
    ).count()
    return bool(tables) and confirmed >= len(tables) * len(hands)


def captain_result_submit(
    *, table: Table, hand: int, ns_tricks: int, idempotency_key: str
) -> CaptainOutcome:
    """A table captain's result for the table's current hand, or for a hand whose
    round is over (a second phone, or a first one whose answer was lost).

    Raises ValidationError (code "invalid" for bad input, "not_current" for a
    hand this table is not playing now and has no result for, "version_limit"
    when the hand has as many versions as phones may add); nothing is written
    then. A key that had an answer (a result, "already" or a conflict) gets
    that answer again, whatever numbers come with it, and writes nothing.

    Every submission of a drive queues for the drive's lock, so the work done
    holding it is kept small: the input is checked and the round's tables are
    read before the lock (read again under it only if the round moved on);
    under it one query reads the table's results for the round together with
    any earlier use of the key (and one more looks for the key's receipt),
    then the result and its audit record are written, and one count says
    whether the round may be complete.
    """
    if not isinstance(idempotency_key, str) or not IDEMPOTENCY_KEY.match(
        idempotency_key
    ):
        raise ValidationError(
            "This entry has no valid submission key; reload the page and enter it again.",
            code="invalid",
        )
    try:
        ns_tricks = check_tricks(ns_tricks)
    except (TypeError, ValueError) as exc:
        raise ValidationError(
            "N-S tricks are a whole number from 0 to 13.", code="invalid"
        ) from exc
    if isinstance(hand, bool) or not isinstance(hand, int):
        raise ValidationError("The hand is a whole number.", code="invalid")
    seen_round = table.drive.current_round
    round_tables = _table_ids_of_round(table.drive, seen_round)
    with transaction.atomic():
        drive = drive_services.lock_drive(table.drive)
        if drive.current_round != seen_round:
            round_tables = _table_ids_of_round(drive, drive.current_round)
        return _captain_result_locked(
            drive, table, hand, ns_tricks, idempotency_key, round_tables
        )


def _captain_result_locked(
    drive: Drive,
    table: Table,
    hand: int,
    ns_tricks: int,
    idempotency_key: str,
    round_tables: frozenset[int],
) -> CaptainOutcome:
    if not 1 <= hand <= drive.hands:
        raise ValidationError(
            f"There is no hand {hand} in this drive (1 to {drive.hands}).",
            code="invalid",
        )
    round_number = drive.current_round
    hands = list(drive.hands_of_round(round_number))
    rows = list(
        HandResult.objects.filter(
            Q(hand__in={*hands, hand}) | Q(idempotency_key=idempotency_key),
            table=table,
        ).select_for_update()
    )
    # A key's first answer is final: sent again, with whatever numbers, it gets
    # that answer and writes nothing.
    earlier = next((r for r in rows if r.idempotency_key == idempotency_key), None)
    if earlier is not None:
        return _replay(drive, earlier)
    receipt = (
        PhoneReceipt.objects.filter(table=table, idempotency_key=idempotency_key)
        .select_related("result")
        .first()
    )
    if receipt is not None:
        return CaptainOutcome(receipt.result, receipt.kind, receipt.message)
    _check_started(drive)
    of_hand = [r for r in rows if r.hand == hand]
    if drive.state == DriveState.FINISHED or hand < hands[0]:
        return _late_result(drive, table, hand, ns_tricks, idempotency_key, of_hand)
    if table.pk not in round_tables:
        raise ValidationError(
            f"Table {table.number} has no game in round {round_number}.",
            code="not_current",
        )
    rows = [r for r in rows if r.hand in hands]
    standing = {
        r.hand: r
        for r in rows
        if r.status in (ResultStatus.PENDING, ResultStatus.CONFIRMED)
    }
    current = current_hand(hands, standing)
    if hand not in hands:
        now = f"this table is on hand {current}" if current else "this table is in"
        raise ValidationError(
            f"Hand {hand} has not started yet at table {table.number}: {now}.",
            code="not_current",
        )
    version = 1 + max((r.version for r in of_hand), default=0)
    first = standing.get(hand)
    if first is not None:
        return _phone_meets_result(
            drive, table, hand, ns_tricks, idempotency_key, first, of_hand
        )
    if hand != current:
        raise ValidationError(
            f"Enter hand {current} first: this table is on hand {current}.",
            code="not_current",
        )
    pending = drive.opponent_confirms
    # A pending result needs room for its confirmation too.
    _check_version_room(
        table=table,
        hand=hand,
        version=version,
        limit=PHONE_MAX_VERSIONS,
        needed=2 if pending else 1,
    )
    result = HandResult.objects.create(
        table=table,
        hand=hand,
        ns_tricks=ns_tricks,
        version=version,
        status=ResultStatus.PENDING if pending else ResultStatus.CONFIRMED,
        source=captain_source(table),
        idempotency_key=idempotency_key,
    )
    audit.record_result(
        drive=drive,
        kind=audit.Kind.RESULT_PHONE,
        result=result,
        by=captain_source(table),
    )
    if pending:
        return CaptainOutcome(
            result,
            Kind.PENDING,
            f"Hand {hand}: {tricks_text(ns_tricks)}. "
            "Now hand the phone to an opponent to confirm.",
        )
    completed = (
        drive.advance_automatically
        and _all_confirmed(drive, round_tables, hands)
        and _advance_if_complete(drive)
    )
    return CaptainOutcome(
        result,
        Kind.RECORDED,
        f"Hand {hand} is in: {tricks_text(ns_tricks)}.",
        round_completed=completed,
    )


def _late_result(
    drive: Drive,
    table: Table,
    hand: int,
    ns_tricks: int,
    idempotency_key: str,
    of_hand: list[HandResult],
) -> CaptainOutcome:
    """A phone's result for a hand whose round is over: the room has moved on, or
    the drive has finished.

    It gets the answer it would have had before: the same tricks are "already"
    in; other tricks are a conflict for the organiser, who sees it in the room.
    Neither changes the moves already made.
    """
    confirmed = next((r for r in of_hand if r.status == ResultStatus.CONFIRMED), None)
    if confirmed is None:
        # Every round before the current one is complete, so no result here
        # means this table had no game in that hand.
        if drive.state == DriveState.FINISHED:
            raise ValidationError(DRIVE_OVER, code="not_current")
        raise ValidationError(
            _("Table %(table)s did not play hand %(hand)s.")
            % {"table": table.number, "hand": hand},
            code="not_current",
        )
    return _phone_meets_result(
        drive, table, hand, ns_tricks, idempotency_key, confirmed, of_hand
    )


def _phone_meets_result(
    drive: Drive,
    table: Table,
    hand: int,
    ns_tricks: int,
    idempotency_key: str,
    first: HandResult,
    of_hand: list[HandResult],
) -> CaptainOutcome:
    """A phone's result for a hand that already has one standing (`first`): the
    same tricks are "already" in; other tricks are kept as a conflict. The key's
    answer is kept either way (as the conflict, or as a receipt)."""
    if first.ns_tricks == ns_tricks:
        return _remember(
            table=table,
            key=idempotency_key,
            hand=hand,
            ns_tricks=ns_tricks,
            outcome=CaptainOutcome(
                first,
                Kind.ALREADY,
                f"Hand {hand} was already in with the same tricks "
                f"({tricks_text(ns_tricks)}): nothing changed.",
            ),
        )
    # Two phones disagree. The first stands; the second goes to the organiser.
    message = (
        f"Hand {hand} at table {table.number} already has a result: "
        f"{tricks_text(first.ns_tricks)}, sent at "
        f"{timezone.localtime(first.created_at):%H:%M}. Yours "
        f"({tricks_text(ns_tricks)}) was not counted; the organiser has been told "
        "and will settle it."
    )
    message += _moves_stand(drive, hand)
    conflict = next(
        (
            r
            for r in of_hand
            if r.status == ResultStatus.CONFLICT
            and r.resolved_at is None
            and r.ns_tricks == ns_tricks
        ),
        None,
    )
    if conflict is not None:
        return _remember(
            table=table,
            key=idempotency_key,
            hand=hand,
            ns_tricks=ns_tricks,
            outcome=CaptainOutcome(conflict, Kind.CONFLICT, message),
        )
    version = 1 + max((r.version for r in of_hand), default=0)
    _check_version_room(
        table=table, hand=hand, version=version, limit=PHONE_MAX_VERSIONS
    )
    conflict = HandResult.objects.create(
        table=table,
        hand=hand,
        ns_tricks=ns_tricks,
        version=version,
        status=ResultStatus.CONFLICT,
        source=captain_source(table),
        idempotency_key=idempotency_key,
    )
    audit.record_result(
        drive=drive,
        kind=audit.Kind.RESULT_PHONE,
        result=conflict,
        old=first,
        by=captain_source(table),
    )
    return CaptainOutcome(conflict, Kind.CONFLICT, message)


def _pending_of(table: Table, hand: int, version: int) -> HandResult:
    result = (
        HandResult.objects.filter(table=table, hand=hand, version=version)
        .select_for_update()
        .first()
    )
    if result is None:
        raise ValidationError(
            "There is no such result at this table.", code="not_current"
        )
    return result


@transaction.atomic
def captain_result_confirm(*, table: Table, hand: int, version: int) -> CaptainOutcome:
    """An opponent confirms a pending result on the captain's phone: now it counts."""
    drive = drive_services.lock_drive(table.drive)
    table = Table.objects.get(pk=table.pk)
    pending = _pending_of(table, hand, version)
    confirmed = HandResult.objects.filter(
        table=table, hand=hand, status=ResultStatus.CONFIRMED
    ).first()
    if pending.status != ResultStatus.PENDING:
        if (
            confirmed is not None
            and confirmed.version > pending.version
            and confirmed.ns_tricks == pending.ns_tricks
            and confirmed.source.endswith(OPPONENT_CONFIRMED)
        ):
            return CaptainOutcome(
                confirmed, Kind.ALREADY, f"Hand {hand} is already confirmed."
            )
        raise ValidationError(
            f"That result for hand {hand} has changed meanwhile; nothing was saved.",
            code="not_current",
        )
    _check_in_play(drive)
    version = _next_version(table, hand)
    # The phone's entry left room for this (PHONE_MAX_VERSIONS); the organiser's
    # entries since may not have.
    _check_version_room(
        table=table, hand=hand, version=version, limit=MAX_RESULT_VERSIONS
    )
    pending.status = ResultStatus.SUPERSEDED
    pending.resolved_at = timezone.now()
    pending.save(update_fields=["status", "resolved_at"])
    result = HandResult.objects.create(
        table=table,
        hand=hand,
        ns_tricks=pending.ns_tricks,
        version=version,
        status=ResultStatus.CONFIRMED,
        source=(pending.source or captain_source(table))[:40] + OPPONENT_CONFIRMED,
    )
    audit.record_result(
        drive=drive,
        kind=audit.Kind.RESULT_CONFIRM,
        result=result,
        old=audit.result_values(pending) | {"status": ResultStatus.PENDING},
        by=captain_source(table),
    )
    return CaptainOutcome(
        result,
        Kind.CONFIRMED,
        f"Hand {hand} is confirmed: {tricks_text(result.ns_tricks)}.",
        round_completed=_advance_if_complete(drive),
    )


@transaction.atomic
def captain_result_reject(*, table: Table, hand: int, version: int) -> CaptainOutcome:
    """An opponent says a pending result is wrong: it is set aside, to be entered again."""
    drive = drive_services.lock_drive(table.drive)
    table = Table.objects.get(pk=table.pk)
    pending = _pending_of(table, hand, version)
    if pending.status == ResultStatus.PENDING:
        pending.status = ResultStatus.SUPERSEDED
        pending.resolved_at = timezone.now()
        pending.save(update_fields=["status", "resolved_at"])
        audit.record_result(
            drive=drive,
            kind=audit.Kind.RESULT_REJECT,
            result=pending,
            old=audit.result_values(pending) | {"status": ResultStatus.PENDING},
            by=captain_source(table),
        )
        return CaptainOutcome(
            pending, Kind.CLEARED, f"Cleared: enter hand {hand} again."
        )
    standing = HandResult.objects.filter(
        table=table,
        hand=hand,
        status__in=(ResultStatus.PENDING, ResultStatus.CONFIRMED),
    ).first()
    if (
        standing is None
        and pending.status == ResultStatus.SUPERSEDED
        and pending.resolved_at is not None
    ):
        return CaptainOutcome(
            pending, Kind.CLEARED, f"Cleared: enter hand {hand} again."
        )
    raise ValidationError(
        f"That result for hand {hand} has been confirmed meanwhile; "
        "ask the organiser if it needs correcting.",
        code="not_current",
    )


@transaction.atomic
def adjustment_add(
    *, entry: Entry, points: int, reason: str, by: AbstractBaseUser | None
) -> Adjustment:
    reason = " ".join(reason.split())
    if not reason:
        raise ValidationError({"reason": "Say why the score is adjusted."})
    if not -1000 <= points <= 1000:
        raise ValidationError(
            {"points": "An adjustment is between -1000 and 1000 points."}
        )
    if points == 0:
        raise ValidationError({"points": "An adjustment of 0 changes nothing."})
    adjustment = Adjustment.objects.create(
        entry=entry, points=points, reason=reason, created_by=by
    )
    audit.record_adjustment(
        kind=audit.Kind.ADJUSTMENT_ADD, adjustment=adjustment, by=by
    )
    return adjustment


@transaction.atomic
def adjustment_delete(*, adjustment: Adjustment) -> None:
    audit.record_adjustment(
        kind=audit.Kind.ADJUSTMENT_DELETE, adjustment=adjustment, removed=True
    )
    adjustment.delete()

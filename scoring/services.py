"""Writes to scores: hand results (with their versions) and adjustments.

Entering a result is checked first (the hand is one that table has played or
is playing, the tricks are 0..13, the form saw the latest version), then
written. When the last result of the current round arrives, the round's
winners go to the movement and the next round is seated, in the same
transaction, so nobody ever sees a complete round with no next seating
(unless the drive waits for the organiser's click: `round_start_next`).

Captains' phones follow stricter rules (scoring.captain); a conflict they
leave is resolved here by the organiser (`hand_result_conflict_resolve`).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from django.contrib.auth.models import AbstractBaseUser
from django.core.exceptions import ValidationError
from django.db import connection, transaction
from django.db.models import Max
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from drive import audit_values
from drive import services as drive_services
from drive.models import Drive, DriveState, Entry, Round, SeatAssignment, Table
from drive.movement.types import Side
from drive.trumps import Trump
from players import audit
from scoring.audit import record_adjustment, record_result, result_values
from scoring.deal_games import GAMES, game_of_deal
from scoring.deal_games import checked_deal as checked_deal  # the score grid's check
from scoring.models import (
    MAX_RESULT_VERSIONS,
    Adjustment,
    HandResult,
    ResultStatus,
)
from scoring.rules import DealRecord, round_winner
from scoring.selectors import tables_at_text, tables_text
from scoring.typed_ahead import is_ahead, refuse_tables_dropped
from scoring.typed_ahead_clear import STRANDED, typed_ahead_clear

CARDS_IN_NO_HANDS = gettext_lazy(
    "This drive takes its cards in at the end: no hand is entered. Type each "
    "card's total under Cards in."
)


@dataclass(frozen=True)
class ResultEntry:
    """One result as typed: table number, hand, N-S tricks, and the version the
    form saw; the hand's honours and any revoke. A prediction whist deal gives
    each seat's prediction and tricks in seat order instead (ns_tricks 0)."""

    table: int
    hand: int
    ns_tricks: int = 0
    seen_version: int | None = None
    honours: str = ""
    revoke: str = ""
    predictions: tuple[int, ...] = ()
    tricks: tuple[int, ...] = ()
    # The cell emptied: remove the result typed ahead, or stranded
    # (scoring.typed_ahead_clear).
    clear: bool = False


@dataclass(frozen=True)
class SubmitOutcome:
    results: tuple[HandResult, ...]
    # The (table, hand) of each result written anew, in the order sent.
    changed_hands: tuple[tuple[int, int], ...]
    notes: tuple[str, ...] = ()
    round_completed: bool = False
    # Every table is in but the drive waits for the organiser to start the next round.
    round_ready: bool = False
    # The (table, hand) of each result typed ahead and removed, in the order sent.
    removed_hands: tuple[tuple[int, int], ...] = ()
    # Of those, each removed as stranded: at a table its round does not seat.
    removed_stranded: tuple[tuple[int, int], ...] = ()

    @property
    def changed(self) -> int:
        """How many results were written anew (a hand sent again unchanged is not)."""
        return len(self.changed_hands)


def honours_asked(drive: Drive, trumps: Trump) -> bool:
    """Whether a hand's honours are asked for, the hand playing `trumps`: the
    drive counts them and the hand has trumps (what `checked_deal` lets through)."""
    return drive.count_honours and trumps is not Trump.NO_TRUMPS


def deal_of(result: HandResult) -> DealRecord:
    """What a result says of its hand: N-S tricks, honours, revoke (or each
    seat's prediction and tricks, in prediction whist)."""
    return DealRecord(*(getattr(result, column) for column in DealRecord._fields))


def deal_summary(deal: DealRecord | HandResult) -> str:
    """ "N-S 9, E-W 4; honours: N-S held 3": a result as messages quote it, in
    the words of the game it was played in."""
    return GAMES[game_of_deal(deal)].summary(deal)


def _tables_of_round(drive: Drive, round_number: int) -> set[int]:
    return set(
        SeatAssignment.objects.filter(
            round__drive=drive, round__number=round_number, table__isnull=False
        ).values_list("table__number", flat=True)
    )


def confirmed_count(drive: Drive, hands: range) -> int:
    """How many confirmed results the drive has for `hands` (a captain's hot path)."""
    q = connection.ops.quote_name
    result, table = q(HandResult._meta.db_table), q(Table._meta.db_table)
    sql = (
        f"SELECT COUNT(*) FROM {result} h JOIN {table} t ON t.{q('id')} = h.{q('table_id')} "
        f"WHERE t.{q('drive_id')} = %s AND h.{q('hand')} BETWEEN %s AND %s "
        f"AND h.{q('status')} = %s"
    )
    with connection.cursor() as cursor:
        cursor.execute(sql, [drive.pk, hands[0], hands[-1], ResultStatus.CONFIRMED])
        return cursor.fetchone()[0]


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


def next_version(table: Table, hand: int) -> int:
    last = HandResult.objects.filter(table=table, hand=hand).aggregate(
        v=Max("version")
    )["v"]
    return (last or 0) + 1


def check_version_room(
    *, table: Table, hand: int, version: int, limit: int, needed: int = 1
) -> None:
    """Refuse a result whose version (and the `needed` - 1 after it) would pass
    `limit`: a clear message, not the database's refusal (MAX_RESULT_VERSIONS is
    a constraint there too)."""
    if version + needed - 1 <= limit:
        return
    drive = table.drive
    raise ValidationError(
        drive.words.versions_full(
            table=table.number,
            **drive.hand_named(hand),
            count=version - 1,
            phones=limit < MAX_RESULT_VERSIONS,
        ),
        code="version_limit",
    )


def _seated_tables(
    drive: Drive, round_number: int, seated: dict[int, dict[int, Table]]
) -> dict[int, Table]:
    """The tables of a round by number, read once a batch (`seated`)."""
    if round_number not in seated:
        seated[round_number] = {
            t.number: t
            for t in Table.objects.filter(
                drive=drive,
                seats__round__drive=drive,
                seats__round__number=round_number,
            ).distinct()
        }
    return seated[round_number]


def _record(
    *,
    drive: Drive,
    entry: ResultEntry,
    by: AbstractBaseUser | None,
    source: str,
    idempotency_key: str = "",
    seated: dict[int, dict[int, Table]] | None = None,
    types_ahead: bool = False,
) -> tuple[HandResult, bool, str]:
    """Write one result; returns (confirmed result, changed?, note).

    `types_ahead`: the desk types a travel slip's later hands, of rounds not
    reached yet, where the game allows it (deal_games: types_ahead).

    `seated` caches each round's tables by number across a batch, so a whole
    round's grid costs one query for its tables rather than two per result.
    """
    if not 1 <= entry.hand <= drive.hands:
        raise ValidationError(
            _("Hand %(hand)s is not in this drive (1 to %(hands)s).")
            % {"hand": entry.hand, "hands": drive.hands}
        )
    round_number = drive.round_of_hand(entry.hand)
    game = GAMES[drive.game]
    ahead = round_number > drive.current_round
    if ahead and not (types_ahead and game.types_ahead):
        raise ValidationError(
            _("Hand %(hand)s has not been reached yet.") % {"hand": entry.hand}
        )
    deal = game.typed_deal(drive, entry)
    seated = {} if seated is None else seated
    table = _seated_tables(drive, round_number, seated).get(entry.table)
    if table is None and ahead and not seated[round_number]:
        # A round not seated yet: the slip's hand waits at its table's number,
        # one of the tables in play now.
        table = _seated_tables(drive, drive.current_round, seated).get(entry.table)
    if table is None:
        raise ValidationError(
            _("Table %(table)s does not play in round %(round)s.")
            % {"table": entry.table, "round": round_number}
        )
    deal = game.seated_deal(deal, entry, table, round_number)
    if idempotency_key:
        earlier = HandResult.objects.filter(
            table=table, idempotency_key=idempotency_key
        ).first()
        if earlier is not None:
            if earlier.hand != entry.hand or deal_of(earlier) != deal:
                raise ValidationError(
                    _("This submission was already used for another result."),
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
    if confirmed is not None and deal_of(confirmed) == deal:
        # What the form says is what is stored, whatever version it saw: a form
        # sent twice (a double click, Back and send again) is already saved.
        return confirmed, False, ""
    current_version = confirmed.version if confirmed else 0
    if entry.seen_version is not None and entry.seen_version != current_version:
        shown = deal_summary(confirmed) if confirmed else _("no result")
        raise ValidationError(
            drive.words.changed_at_table(
                table=entry.table, **drive.hand_named(entry.hand), result=shown
            ),
            code="conflict",
        )
    version = next_version(table, entry.hand)
    check_version_room(
        table=table, hand=entry.hand, version=version, limit=MAX_RESULT_VERSIONS
    )
    pending = HandResult.objects.filter(
        table=table, hand=entry.hand, status=ResultStatus.PENDING
    ).first()
    note = ""
    old_winners = None
    if confirmed is not None and round_number < drive.current_round:
        old_winners = _round_winners(drive, round_number)
    stood = result_values(confirmed or pending)
    for earlier in (confirmed, pending):
        if earlier is not None:
            earlier.status = ResultStatus.SUPERSEDED
            earlier.save(update_fields=["status"])
    result = HandResult.objects.create(
        table=table,
        hand=entry.hand,
        **deal._asdict(),
        version=version,
        status=ResultStatus.CONFIRMED,
        entered_by=by,
        source=source,
        idempotency_key=idempotency_key,
    )
    record_result(
        drive=drive, kind=audit.Kind.RESULT_ENTER, result=result, old=stood, by=by
    )
    # The organiser's new result settles any phone's disagreement on this hand.
    _resolve_conflicts(table=table, hand=entry.hand, by=by)
    if old_winners is not None:
        new_winners = _round_winners(drive, round_number)
        if new_winners and new_winners.get(entry.table) != old_winners.get(entry.table):
            note = _(
                "Table %(table)s now has a different winner in round %(round)s. "
                "The moves after round %(round)s were already made and stand; "
                "the scores have been recomputed."
            ) % {"table": entry.table, "round": round_number}
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


def advance_if_complete(drive: Drive) -> bool:
    """Seat the next round (or finish) when every result of the current round is in,
    if the drive starts rounds by itself; and the next, if it is complete too."""
    if not drive.advance_automatically:
        return False
    advanced = False
    # The next round may be complete already: a travel slip typed whole holds
    # the hands of rounds not reached when it was typed.
    while (winners := _round_ready(drive)) is not None:
        drive_services.round_advance(drive=drive, winners=winners)
        advanced = True
        if not _typed_ahead(drive, drive.current_round + 1):
            break
        drive.refresh_from_db()
    return advanced


def _typed_ahead(drive: Drive, round_number: int) -> bool:
    """Whether a hand of `round_number` already has a result, typed ahead
    from a travel slip: one look, or none where the game types round by round
    (a captain's last hand of a round pays no more)."""
    if round_number > drive.rounds or not GAMES[drive.game].types_ahead:
        return False
    return HandResult.objects.filter(
        table__drive=drive,
        hand__in=list(drive.hands_of_round(round_number)),
        status=ResultStatus.CONFIRMED,
    ).exists()


@transaction.atomic
def hand_results_submit(
    *,
    drive: Drive,
    entries: Iterable[ResultEntry],
    by: AbstractBaseUser | None,
    source: str = "organiser",
    types_ahead: bool = False,
) -> SubmitOutcome:
    """Enter or correct several results at once: all of them are written, or none.

    `types_ahead`: a travel slip typed whole may hold hands of rounds not yet
    reached (kept until their round is seated; each round then complete is
    moved on in turn); an entry marked `clear` removes such a result, or one
    stranded at a table its round does not seat. A hand typed ahead at a
    table with no game in its round any more is refused."""
    drive = drive_services.lock_drive(drive)
    if drive.state not in (DriveState.IN_PLAY, DriveState.FINISHED):
        raise ValidationError(_("Scores can be entered once the drive has started."))
    if not drive.desk_pages.enters_hands:
        raise ValidationError(CARDS_IN_NO_HANDS, code="conflict")
    entries = list(entries)
    ahead = types_ahead and GAMES[drive.game].types_ahead
    if ahead:
        refuse_tables_dropped(
            drive, [(e.table, e.hand) for e in entries if not e.clear]
        )
    results, notes, changed_hands, removed_hands = [], [], [], []
    stranded_hands = []
    seen: set[tuple[int, int]] = set()
    seated: dict[int, dict[int, Table]] = {}
    for entry in entries:
        if (entry.table, entry.hand) in seen:
            raise ValidationError(
                _("Table %(table)s, hand %(hand)s appears twice in one submission.")
                % {"table": entry.table, "hand": entry.hand}
            )
        seen.add((entry.table, entry.hand))
        if entry.clear:
            if not ahead and is_ahead(drive, entry.hand):
                raise ValidationError(
                    _("Hand %(hand)s has not been reached yet.") % {"hand": entry.hand}
                )
            removed = typed_ahead_clear(
                drive=drive,
                table=entry.table,
                hand=entry.hand,
                seen_version=entry.seen_version,
                by=by,
            )
            if removed:
                removed_hands.append((entry.table, entry.hand))
            if removed == STRANDED:
                stranded_hands.append((entry.table, entry.hand))
            continue
        result, was_changed, note = _record(
            drive=drive,
            entry=entry,
            by=by,
            source=source,
            seated=seated,
            types_ahead=types_ahead,
        )
        results.append(result)
        if was_changed:
            changed_hands.append((entry.table, entry.hand))
        if note:
            notes.append(note)
    completed = advance_if_complete(drive)
    return SubmitOutcome(
        results=tuple(results),
        changed_hands=tuple(changed_hands),
        notes=tuple(notes),
        round_completed=completed,
        round_ready=not completed and _round_ready(drive) is not None,
        removed_hands=tuple(removed_hands),
        removed_stranded=tuple(stranded_hands),
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
    honours: str = "",
    revoke: str = "",
) -> SubmitOutcome:
    return hand_results_submit(
        drive=drive,
        entries=[
            ResultEntry(
                table=table,
                hand=hand,
                ns_tricks=ns_tricks,
                seen_version=seen_version,
                honours=honours,
                revoke=revoke,
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


def paper_winners(drive: Drive, round_number: int) -> dict[int, Side]:
    """A cards-in drive's round ends at the bell with no results: the winners
    the movement is given. A fixed format needs none. In a progressive or
    semi-partner drive the players move by the rule at their tables, which the
    site cannot see: it seats the next round as if N-S won everywhere, which
    keeps what the cards need, who sits out and so how many hands each plays
    (the sit-outs rotate whoever won), but not who sits where."""
    if drive.is_fixed:
        return {}
    return dict.fromkeys(_tables_of_round(drive, round_number), Side.NS)


@transaction.atomic
def round_start_next(
    *, drive: Drive, round_number: int | None = None, by: object = None
) -> Round | None:
    """The organiser's click: seat the next round (or finish the drive) once
    every table is in; in a rubber drive, the bell, whenever the organiser rings it.
    The record of changes keeps who ended which round, and whether the drive
    finished with it.

    `round_number` is the round the organiser saw; a second click for the same
    round, after it has moved on, is refused rather than skipping a round.
    """
    drive = drive_services.lock_drive(drive)
    ended = drive.current_round
    started = _round_next(drive, round_number)
    audit_values.record_drive(
        drive=drive,
        kind=audit.Kind.ROUND_END,
        new={"round": ended, "finished": started is None},
        by=by,
    )
    return started


def _round_next(drive: Drive, round_number: int | None) -> Round | None:
    """round_start_next's checks and the round's advance, on the locked drive."""
    if drive.state != DriveState.IN_PLAY:
        raise ValidationError(_("This drive is not in play."), code="conflict")
    if round_number is not None and round_number != drive.current_round:
        raise ValidationError(
            _("Round %(seen)s has already moved on: round %(current)s is in play.")
            % {"seen": round_number, "current": drive.current_round},
            code="conflict",
        )
    if drive.cards_in:
        return drive_services.round_advance(
            drive=drive, winners=paper_winners(drive, drive.current_round)
        )
    waiting = _tables_waiting(drive, drive.current_round)
    # A rubber drive's round ends at the organiser's bell, played out or not:
    # a rubber in progress is scored as it stands (scoring.rubber).
    if waiting and not GAMES[drive.game].ends_at_the_bell:
        raise ValidationError(
            _("Not every table is in yet: waiting for %(tables)s.")
            % {"tables": tables_text(waiting)},
            code="conflict",
        )
    conflicts = _open_conflicts(drive, drive.current_round)
    if conflicts:
        tables = sorted({c.table.number for c in conflicts})
        raise ValidationError(
            # Translators: at_tables is "at table 3" or "at tables 3 and 7".
            _("Settle the disagreement %(at_tables)s first.")
            % {"at_tables": tables_at_text(tables)},
            code="conflict",
        )
    if drive.is_fixed:
        # The next round is planned already, whoever won (round_advance).
        return drive_services.round_advance(drive=drive, winners={})
    winners = _round_winners(drive, drive.current_round)
    assert winners is not None  # no table is waiting
    return drive_services.round_advance(drive=drive, winners=winners)


@transaction.atomic
def hand_result_conflict_resolve(
    *,
    drive: Drive,
    table: int,
    hand: int,
    by: AbstractBaseUser | None,
    ns_tricks: int = 0,
    seen_version: int | None = None,
    honours: str = "",
    revoke: str = "",
    predictions: Sequence[int] = (),
    tricks: Sequence[int] = (),
) -> SubmitOutcome:
    """The organiser settles two phones' disagreement: this is the right result.

    It may be the result that stands (kept as it is) or another (a new version).
    A prediction whist deal is given by each seat's prediction and tricks, in
    seat order, as for `ResultEntry` (ns_tricks is then not asked).
    """
    drive = drive_services.lock_drive(drive)
    if drive.state not in (DriveState.IN_PLAY, DriveState.FINISHED):
        raise ValidationError(_("Scores can be entered once the drive has started."))
    result, changed, note = _record(
        drive=drive,
        entry=ResultEntry(
            table=table,
            hand=hand,
            ns_tricks=ns_tricks,
            seen_version=seen_version,
            honours=honours,
            revoke=revoke,
            predictions=tuple(predictions),
            tricks=tuple(tricks),
        ),
        by=by,
        source="organiser",
    )
    # A new result has settled the conflicts already (in _record); the one that
    # stood is kept by settling them here. The same choice sent twice (a double
    # click) settles nothing the second time, and is not recorded twice.
    settled = _resolve_conflicts(table=result.table, hand=hand, by=by)
    if settled or changed:
        record_result(drive=drive, kind=audit.Kind.RESULT_RESOLVE, result=result, by=by)
    completed = advance_if_complete(drive)
    return SubmitOutcome(
        results=(result,),
        changed_hands=((table, hand),) if changed else (),
        notes=(note,) if note else (),
        round_completed=completed,
        round_ready=not completed and _round_ready(drive) is not None,
    )


@transaction.atomic
def adjustment_add(
    *, entry: Entry, points: int, reason: str, by: AbstractBaseUser | None
) -> Adjustment:
    reason = " ".join(reason.split())
    if not reason:
        raise ValidationError({"reason": _("Say why the score is adjusted.")})
    if not -1000 <= points <= 1000:
        raise ValidationError(
            {"points": _("An adjustment is between -1000 and 1000 points.")}
        )
    if points == 0:
        raise ValidationError({"points": _("An adjustment of 0 changes nothing.")})
    adjustment = Adjustment.objects.create(
        entry=entry, points=points, reason=reason, created_by=by
    )
    record_adjustment(kind=audit.Kind.ADJUSTMENT_ADD, adjustment=adjustment, by=by)
    return adjustment


@transaction.atomic
def adjustment_delete(*, adjustment: Adjustment) -> None:
    record_adjustment(
        kind=audit.Kind.ADJUSTMENT_DELETE, adjustment=adjustment, removed=True
    )
    adjustment.delete()

"""scoring's part of the record of changes (players.models.AuditEvent): what
it holds of a hand result and an adjustment, and reading a drive's record back.

- *Values*: a hand result is recorded by its N-S tricks, status and version,
  and its honours, revoke and prediction whist numbers when the hand had them;
  an adjustment by its entry's number, its points and its reason. The
  replay below reads those keys back, so each keeps its name and its form.
- *Trail*: every recorded change to the drive's entries, results and
  adjustments, oldest first, with who made it and the old and new values.
- *Scores from the record*: the totals rebuilt by replaying the record alone:
  the entries registered and not removed, each table and hand's last
  confirmed result, and the adjustments added and not removed. Only the
  seating comes from the drive's rounds (the movement is not a score). If the
  record is complete, these equal the leaderboard's totals (`audit_check`).
- *Disagreements settled*: the results each settling was between, read back
  from the record (`disagreements_settled`), so the page can say "between 8
  and 6, settled as 8" where the settling's own record has no old value.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from django.utils.translation import gettext as _

from drive.models import Drive, SeatAssignment
from players import audit
from players.audit_words import subject_words
from players.models import AuditEvent, AuditKind
from scoring.card_records import card_averages, seated_hands
from scoring.game_scores import SCORES
from scoring.models import (
    HONOURS_VALUES,
    REVOKE_VALUES,
    Adjustment,
    HandResult,
    ResultStatus,
)
from scoring.rules import DealRecord
from scoring.selectors import leaderboard
from scoring.standings import CardScore, EntryRecord, room_averages, standings

ENTRY_KINDS = frozenset(k for k in AuditKind.values if k.startswith("entry."))
RESULT_KINDS = frozenset(k for k in AuditKind.values if k.startswith("result."))
CARD_KINDS = frozenset(k for k in AuditKind.values if k.startswith("card."))


# --- writing the record -----------------------------------------------------------


def result_values(result: HandResult | None) -> dict[str, Any] | None:
    """What a hand result is, as recorded (None: no result)."""
    if result is None:
        return None
    values = {
        "ns_tricks": result.ns_tricks,
        "status": result.status,
        "version": result.version,
    }
    # Honours, a revoke and prediction whist's numbers only when a hand had
    # them, so a drive without them keeps the record it always had.
    for name in ("honours", "revoke", "predictions", "tricks"):
        if getattr(result, name, ""):
            values[name] = getattr(result, name)
    return values


def result_event(
    *,
    drive: Drive,
    kind: str,
    result: HandResult,
    old: HandResult | dict[str, Any] | None = None,
    by: Any = None,
    removed: bool = False,
) -> AuditEvent:
    """The record of a hand result written: `result` as it is now, `old` the one
    that stood before (a result, or its values). Its refs name the result's
    id, so a record made before the result is saved gets it in
    `refs["result"]` then. `removed`: the table and hand has no result any
    more (`new` is None).

    Rebuilding the scores replays these: the last `new` whose status is
    confirmed is a table and hand's result, unless a later record removed it
    (scores_from_audit).
    """
    table = result.table.number
    return audit.event(
        club_id=drive.club_id,
        drive_id=drive.pk,
        kind=kind,
        subject=f"table {table}, hand {result.hand}",
        refs={"table": table, "hand": result.hand, "result": result.pk},
        old=old if isinstance(old, dict) or old is None else result_values(old),
        new=None if removed else result_values(result),
        by=by,
    )


def record_result(**values: Any) -> AuditEvent:
    """Write the record of a hand result written (`result_event`'s arguments)."""
    return audit.write(result_event(**values))


def record_adjustment(
    *, kind: str, adjustment: Adjustment, removed: bool = False, by: Any = None
) -> AuditEvent:
    """An adjustment added, or `removed`."""
    entry = adjustment.entry
    drive = entry.drive
    values = {
        "entry": entry.number,
        "points": adjustment.points,
        "reason": adjustment.reason,
    }
    return audit.record(
        club_id=drive.club_id,
        drive_id=drive.pk,
        kind=kind,
        subject=f"entry {entry.number}: {adjustment.points:+d} ({adjustment.reason})",
        refs={"adjustment": adjustment.pk, "entry": entry.pk, "number": entry.number},
        old=values if removed else None,
        new=None if removed else values,
        by=by,
    )


# --- reading the record -----------------------------------------------------------


def audit_trail(*, drive: Drive) -> list[AuditEvent]:
    return list(AuditEvent.objects.filter(club=drive.club, drive_id=drive.pk))


@dataclass(frozen=True)
class ScoresFromRecord:
    totals: dict[int, int]  # entry number -> total
    # (table number, hand) -> what the table recorded
    results: dict[tuple[int, int], DealRecord]
    adjustments: dict[int, int]  # entry number -> sum of adjustments
    events: int
    # Events the replay cannot read (a file loaded before loaddrive checked
    # the record): left out, and named by audit_check.
    unreadable: tuple[str, ...] = ()


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def recorded_deal(values: object) -> DealRecord | None:
    """A result's deal as recorded (`result_values`), or None when the record
    holds something no page could enter (a file loaded before it was checked)."""
    if not isinstance(values, dict):
        return None
    deal = DealRecord(
        values.get("ns_tricks"),
        values.get("honours", ""),
        values.get("revoke", ""),
        values.get("predictions", ""),
        values.get("tricks", ""),
    )
    if not (
        _is_int(deal.ns_tricks)
        and 0 <= deal.ns_tricks <= 13
        and deal.honours in HONOURS_VALUES
        and deal.revoke in REVOKE_VALUES
        and isinstance(deal.predictions, str)
        and isinstance(deal.tricks, str)
    ):
        return None
    return deal


def _readable_deal(drive: Drive, hand: object, new: dict) -> DealRecord | None:
    """A confirmed result as the rules read it, or None when they cannot."""
    deal = recorded_deal(new)
    if deal is None or not (_is_int(hand) and 1 <= hand <= drive.hands):
        return None
    if not SCORES[drive.game].readable(hand, deal):
        return None
    return deal


def disagreements_settled(
    *, drive: Drive, events: Iterable[AuditEvent]
) -> dict[int, tuple[dict, ...]]:
    """The results each disagreement settled among `events` was between, by
    the settling record's id, read from the record alone: the result that
    stood when the first second result came, then each second result kept
    beside it (scoring.second_results), in the order they came.

    A disagreement is settled by the organiser choosing (a record of its own,
    `RESULT_RESOLVE`), or by the organiser entering the hand's result, which
    then is recorded first, in the same transaction (scoring.services._record);
    a settling record with none to be found (a file's record cut short) is
    left out.
    """
    settling = [e for e in events if e.kind == AuditKind.RESULT_RESOLVE]
    if not settling:
        return {}
    last = max(e.pk for e in settling)
    wanted = {e.pk for e in settling}
    # (table, hand) -> what stood, the second results kept, both still open.
    open_: dict[tuple, tuple[dict | None, list[dict]]] = {}
    # (table, hand) -> the result the organiser entered, and what it settled.
    entered: dict[tuple, tuple[object, tuple[dict, ...]]] = {}
    found: dict[int, tuple[dict, ...]] = {}
    trail = AuditEvent.objects.filter(
        club=drive.club, drive_id=drive.pk, kind__in=RESULT_KINDS, pk__lte=last
    ).only("pk", "kind", "refs", "old", "new")
    for event in trail:
        refs = event.refs if isinstance(event.refs, dict) else {}
        key = (refs.get("table"), refs.get("hand"))
        new = event.new if isinstance(event.new, dict) else {}
        stood, kept = open_.get(key, (None, []))
        if new.get("status") == ResultStatus.CONFLICT:
            if not kept:
                stood = event.old if isinstance(event.old, dict) else None
            if recorded_deal(new) not in {recorded_deal(v) for v in kept}:
                kept = [*kept, new]
            open_[key] = (stood, kept)
        elif event.kind == AuditKind.RESULT_RESOLVE:
            between = _between(stood, kept)
            if not between and key in entered and entered[key][0] == refs.get("result"):
                between = entered[key][1]
            if between and event.pk in wanted:
                found[event.pk] = between
            open_.pop(key, None)
            entered.pop(key, None)
        elif (
            event.kind == AuditKind.RESULT_ENTER
            and new.get("status") == ResultStatus.CONFIRMED
            and kept
        ):
            entered[key] = (refs.get("result"), _between(stood, kept))
            open_.pop(key, None)
    return found


def _between(stood: dict | None, kept: list[dict]) -> tuple[dict, ...]:
    """The results of a disagreement, each once: what stood, then the others."""
    if not kept:
        return ()
    results = [stood] if stood is not None else []
    for values in kept:
        if recorded_deal(values) not in {recorded_deal(r) for r in results}:
            results.append(values)
    return tuple(results)


def scores_from_audit(*, drive: Drive) -> ScoresFromRecord:
    entries: dict[int, dict] = {}
    results: dict[tuple[int, int], DealRecord] = {}
    adjustments: dict[int, tuple[int, int]] = {}
    unreadable: list[str] = []
    # A cards-in drive: entry number -> (total, hands won) as last typed.
    cards: dict[int, tuple[int, int | None]] = {}
    events = audit_trail(drive=drive)
    for event in events:
        if event.kind in ENTRY_KINDS:
            number = event.refs.get("number")
            if event.new is None:
                entries.pop(number, None)
            else:
                entries.setdefault(number, {}).update(event.new)
        elif event.kind in RESULT_KINDS:
            if event.kind == AuditKind.RESULT_REMOVE or event.new is None:
                # A result typed ahead, removed (scoring.typed_ahead_clear).
                results.pop((event.refs.get("table"), event.refs.get("hand")), None)
            elif event.new and event.new.get("status") == ResultStatus.CONFIRMED:
                key = (event.refs.get("table"), event.refs.get("hand"))
                deal = _readable_deal(drive, key[1], event.new)
                if deal is None:
                    unreadable.append(event.subject)
                else:
                    results[key] = deal
        elif event.kind == AuditKind.ADJUSTMENT_ADD:
            new = event.new or {}
            if _is_int(new.get("entry")) and _is_int(new.get("points")):
                adjustments[event.refs.get("adjustment")] = (
                    new["entry"],
                    new["points"],
                )
            else:
                unreadable.append(event.subject)
        elif event.kind == AuditKind.ADJUSTMENT_DELETE:
            adjustments.pop(event.refs.get("adjustment"), None)
        elif event.kind in CARD_KINDS:
            new = event.new or {}
            if _is_int(event.refs.get("number")) and _is_int(new.get("total")):
                cards[event.refs["number"]] = (new["total"], new.get("hands_won"))
            else:
                unreadable.append(event.subject)
    adjusted: dict[int, int] = defaultdict(int)
    for number, points in adjustments.values():
        adjusted[number] += points

    scores: dict[int, dict[int, int]] = defaultdict(dict)
    sat_out: dict[int, list[int]] = defaultdict(list)
    by_hand: dict[int, list[int]] = defaultdict(list)
    hands_with_results = {hand for (_, hand) in results}
    per_round = drive.hands_per_round
    seats = list(
        SeatAssignment.objects.filter(round__drive=drive).values_list(
            "entry__number", "table__number", "position", "round__number"
        )
    )
    hand_scores = SCORES[drive.game].replayed_points(drive, results)
    for number, table, position, round_number in seats:
        first = (round_number - 1) * per_round + 1
        for hand in range(first, first + per_round):
            if table is None:
                if hand in hands_with_results:
                    sat_out[number].append(hand)
                continue
            hand_result = results.get((table, hand))
            if hand_result is None:
                continue
            score = hand_scores[table, hand, position]
            scores[number][hand] = score
            by_hand[hand].append(score)
    if not drive.is_setup_editable:
        # Once started, one never here, seated or adjusted is on no board
        # (scoring.selectors._entries).
        seated = {number for number, *_ in seats}
        entries = {
            number: values
            for number, values in entries.items()
            if values.get("checked_in") or number in seated or number in adjusted
        }
    records = [
        EntryRecord(
            entry=number,
            number=number,
            name=values.get("player", ""),
            group=values.get("group", ""),
            hand_scores=dict(scores.get(number, {})),
            sat_out_hands=tuple(sorted(sat_out.get(number, ()))),
            adjustments=adjusted.get(number, 0),
        )
        for number, values in entries.items()
    ]
    averages = room_averages(by_hand)
    if drive.cards_in:
        records, averages = _card_records(drive, entries, cards, adjusted)
    rows = standings(
        records,
        rule=drive.sit_out_compensation,
        fixed_score=drive.sit_out_fixed_score,
        averages=averages,
    )
    return ScoresFromRecord(
        totals={row.number: row.total for row in rows},
        results=results,
        adjustments=dict(adjusted),
        events=len(events),
        unreadable=tuple(unreadable),
    )


def _card_records(
    drive: Drive,
    entries: dict[int, dict],
    cards: dict[int, tuple[int, int | None]],
    adjusted: dict[int, int],
) -> tuple[list[EntryRecord], dict]:
    """A cards-in drive's records from the record: each entry's card as last
    typed there, over the hands the seating gives it (scoring.card_records)."""
    played, sat_out = seated_hands(drive=drive, by_number=True)
    records = []
    for number, values in entries.items():
        card = cards.get(number)
        if card is None and played.get(number):
            continue  # its card is still out, as on the leaderboard
        records.append(
            EntryRecord(
                entry=number,
                number=number,
                name=values.get("player", ""),
                group=values.get("group", ""),
                sat_out_hands=tuple(sorted(sat_out.get(number, ()))),
                adjustments=adjusted.get(number, 0),
                card=CardScore(card[0], len(played.get(number, ())), card[1])
                if card
                else None,
            )
        )
    return records, card_averages(drive, records)


def leaderboard_totals(*, drive: Drive) -> dict[int, int]:
    return {row.number: row.total for row in leaderboard(drive=drive)}


def audit_check(*, drive: Drive) -> list[str]:
    """Where the totals rebuilt from the record differ from the leaderboard (none: agreed)."""
    replayed = scores_from_audit(drive=drive)
    rebuilt = replayed.totals
    board = leaderboard_totals(drive=drive)
    problems = [
        # Translators: %(subject)s says what the change was of ("table 2, hand 5").
        _("The record of %(subject)s holds values no page could enter: left out.")
        % {"subject": subject_words(subject, drive.record_deal)}
        for subject in replayed.unreadable
    ]
    for number in sorted(set(rebuilt) | set(board)):
        if number not in rebuilt:
            problems.append(
                _("Entry %(number)s is on the leaderboard but not in the record.")
                % {"number": number}
            )
        elif number not in board:
            problems.append(
                _("Entry %(number)s is in the record but not on the leaderboard.")
                % {"number": number}
            )
        elif rebuilt[number] != board[number]:
            problems.append(
                # Translators: the record is the audit record; the numbers are totals.
                _(
                    "Entry %(number)s: the record gives %(record)s, "
                    "the leaderboard %(board)s."
                )
                % {"number": number, "record": rebuilt[number], "board": board[number]}
            )
    return problems

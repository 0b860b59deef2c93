"""A cards-in drive's standings input, read from its seating and typed cards.

The one place a cards-in drive's scores come from (scoring.selectors.
drive_scores asks it, and every board, prize, export and e-mail reads that):
each entry's hands played and sat out in the rounds reached, and its card's
total as typed (scoring.card_totals). An entry that played and whose card is
still out is left off the standings until it comes in.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence
from fractions import Fraction

from django.db.models import Q

from drive.models import Drive, DriveState, SeatAssignment
from scoring.card_totals import room_average
from scoring.models import CardTotal
from scoring.standings import CardScore, EntryRecord


def rounds_reached(drive: Drive) -> int:
    """The rounds that have been in play (the current one included)."""
    if drive.state not in (DriveState.IN_PLAY, DriveState.FINISHED):
        return 0
    return drive.current_round


Seated = tuple[dict[int, list[int]], dict[int, list[int]]]
Cards = dict[int, tuple[int, int | None]]


def seated_hands(*, drive: Drive, by_number: bool = False) -> Seated:
    """Entry id (or number) -> the hands it played, and -> the hands it sat
    out, in the rounds reached."""
    return seated_hands_of(drives=[drive], by_number=by_number)[drive.pk]


def seated_hands_of(
    *, drives: Sequence[Drive], by_number: bool = False
) -> dict[int, Seated]:
    """seated_hands of each of `drives` (by id): one query for them all."""
    by_id = {drive.pk: drive for drive in drives}
    found: dict[int, Seated] = {
        pk: (defaultdict(list), defaultdict(list)) for pk in by_id
    }
    reached = Q()
    for drive in drives:
        reached |= Q(round__drive=drive, round__number__lte=rounds_reached(drive))
    for drive_id, entry_id, round_number, table_id in (
        SeatAssignment.objects.filter(reached).values_list(
            "round__drive_id",
            "entry__number" if by_number else "entry_id",
            "round__number",
            "table_id",
        )
        if drives
        else ()
    ):
        hands = by_id[drive_id].hands_of_round(round_number)
        played, sat_out = found[drive_id]
        (sat_out if table_id is None else played)[entry_id].extend(hands)
    return found


def typed_cards(*, drive: Drive) -> Cards:
    """Entry id -> (total, hands won) of every card typed in."""
    return typed_cards_of(drives=[drive])[drive.pk]


def typed_cards_of(*, drives: Sequence[Drive]) -> dict[int, Cards]:
    """typed_cards of each of `drives` (by id): one query for them all."""
    found: dict[int, Cards] = {drive.pk: {} for drive in drives}
    for drive_id, entry_id, total, won in CardTotal.objects.filter(
        drive__in=list(found)
    ).values_list("drive_id", "entry_id", "total", "hands_won"):
        found[drive_id][entry_id] = (total, won)
    return found


def card_records(
    *,
    drive: Drive,
    entries: list[tuple],
    seated: Seated | None = None,
    cards: Cards | None = None,
) -> tuple[list[EntryRecord], dict[int, Fraction]]:
    """The records of a cards-in drive's `entries` (rows of scoring.selectors.
    _entries) and the room's averages by hand; `seated` and `cards` where the
    caller has read them already (seated_hands_of, typed_cards_of)."""
    played, sat_out = seated if seated is not None else seated_hands(drive=drive)
    if cards is None:
        cards = typed_cards(drive=drive)
    records = []
    for pk, number, name, group, adjustments, withdrawn_from in entries:
        card = None
        if pk in cards:
            total, won = cards[pk]
            card = CardScore(total=total, played=len(played[pk]), hands_won=won)
        elif played.get(pk):
            continue  # played, and the card is still out
        records.append(
            EntryRecord(
                entry=pk,
                number=number,
                name=name,
                group=group,
                sat_out_hands=tuple(sorted(sat_out.get(pk, ()))),
                adjustments=adjustments,
                withdrawn_from=(
                    withdrawn_from
                    if withdrawn_from is not None and withdrawn_from <= drive.rounds + 1
                    else None
                ),
                card=card,
            )
        )
    return records, card_averages(drive, records)


def card_averages(drive: Drive, records: list[EntryRecord]) -> dict[int, Fraction]:
    """The room's average by hand: no hand has its own, so each hand of the
    rounds reached is the room's average a hand over every card typed."""
    average = room_average(r.card for r in records if r.card)
    if average is None:
        return {}
    averages: dict[int, Fraction] = {}
    for round_number in range(1, rounds_reached(drive) + 1):
        averages.update(dict.fromkeys(drive.hands_of_round(round_number), average))
    return averages

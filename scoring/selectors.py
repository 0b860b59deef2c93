"""Reads of scores: the leaderboard, a result's history (a drive's deals: scoring.hand_plays).

The leaderboard is a fixed handful of queries whatever the size of the drive:
the entries with their adjustment sums, the confirmed results with who held
each seat, and the sit-outs; then plain-Python arithmetic in scoring.standings,
each entry's totals worked out once for the overall board and its group's.
Many drives' scores (a season's league, a player's history) are read the same
way for them all at once (drives_scores): the same handful of queries
whatever the number of drives.
"""

from __future__ import annotations

import itertools
from collections import defaultdict
from collections.abc import Collection, Iterable, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from functools import cached_property

from django.db import connection
from django.db.models import Count
from django.utils.translation import gettext, pgettext

from drive import silence
from drive.models import Drive, DriveState, Entry, SeatAssignment
from players.models import Player
from players.pair_names import joined_pair
from scoring import prediction_rules, prediction_share
from scoring.card_records import card_records, seated_hands_of, typed_cards_of
from scoring.game_scores import SCORES, PredictionPlay
from scoring.models import Adjustment, HandResult, ResultStatus
from scoring.pair_lines import pair_lines
from scoring.standings import (
    EntryRecord,
    Standing,
    assign_ranks,
    ranked_by_share,
    room_averages,
    unranked_standings,
    until_hand,
)
from scoring.table_rubbers import TableRubbers
from scoring.tie_settings import FinalTies, final_ties, final_ties_of
from scoring.tie_words import tie_words
from scoring.tiebreaks import DriveTieBreaks, Rule, placed_rules


def tie_order(drive: Drive, tie_breaks: DriveTieBreaks | None) -> tuple[Rule, ...]:
    """The tie-break rules a board's ranks follow: none without tie-breaks
    (play still going on) or in a drive ranked by share, where a share is
    the whole order."""
    if tie_breaks is None or drive.ranks_by_share:
        return ()
    return tie_breaks.order


@dataclass
class DriveScores:
    """Everything the standings need, loaded once."""

    drive: Drive
    records: list[EntryRecord]
    averages: dict
    hands_complete: int
    # Set once the drive is finished: ranks then follow the club's tie-break rules.
    tie_breaks: DriveTieBreaks | None = None
    # Every entry's totals, worked out once for the overall board and each group's.
    _totals: list[Standing] | None = field(
        default=None, init=False, repr=False, compare=False
    )
    # A drive ranked by share: who sat where, where already read (_read_shares).
    share_seats: list[tuple] | None = field(default=None, repr=False, compare=False)

    @property
    def tie_order(self) -> tuple[Rule, ...]:
        """The tie-break rules the ranks follow (none while play goes on, or
        in a drive ranked by share)."""
        return tie_order(self.drive, self.tie_breaks)

    @cached_property
    def shares(self) -> dict[int, Fraction] | None:
        """Each entry's average share of the table, in a prediction whist
        drive ranked by share (None in any other drive)."""
        if not self.drive.ranks_by_share:
            return None
        return prediction_shares(
            drive=self.drive, records=self.records, seats=self.share_seats
        )

    def standings(self, group: str | None = None) -> list[Standing]:
        if self._totals is None:
            self._totals = unranked_standings(
                self.records,
                rule=self.drive.sit_out_compensation,
                fixed_score=self.drive.sit_out_fixed_score,
                averages=self.averages,
            )
        rows = self._totals
        if group is not None:
            rows = [row for row in rows if row.group == group]
        if self.shares is not None:
            return ranked_by_share(rows, self.shares)
        return _ranked(rows, self.records, tie_breaks=self.tie_breaks)

    @cached_property
    def pairs(self) -> dict[int, int]:
        """A drive of fixed pairs: entry id -> pair number (empty otherwise);
        the tie-breaks' where they read them."""
        if self.tie_breaks is not None and self.tie_breaks.pairs:
            return dict(self.tie_breaks.pairs)
        return pair_numbers(drive=self.drive)

    def board(self, group: str | None = None) -> list[Standing]:
        """A board's lines as the club reads them: the standings, and in a
        drive of fixed pairs one line for each pair (scoring.pair_lines)."""
        return board_lines(self.drive, self.standings(group), self.pairs)

    def tie_key(self, *boards: Sequence[Standing]) -> str:
        """The key to the mark on the `boards`' rows placed apart by a
        tie-break from others level on points (Standing.placed_by), saying
        the rules that did, in the drive's game's words ("Level on points:
        placed by count-back from the last hand."); empty where no tie was
        broken (during play, a place shared, a drive ranked by share)."""
        rules = placed_rules(itertools.chain(*boards), self.tie_order)
        return tie_words(self.drive.game).placed_words(rules) if rules else ""


def board_lines(
    drive: Drive, rows: list[Standing], pairs: dict[int, int]
) -> list[Standing]:
    """Ranked `rows` as a board shows them: a drive of fixed pairs (its
    `pairs`, pair_numbers) one line for each pair, named in the reader's
    language (players.pair_names); any other drive's as they are."""
    if not drive.plays_in_pairs:
        return rows
    return pair_lines(rows, pairs, join=joined_pair)


def _ranked(
    rows: list[Standing],
    records: list[EntryRecord],
    *,
    tie_breaks: DriveTieBreaks | None,
) -> list[Standing]:
    """Rows of unranked_standings ranked: by the tie-breaks once set, else level totals share."""
    if tie_breaks is not None:
        return tie_breaks.apply(rows, records)
    return assign_ranks(rows, key=lambda row: row.total)


def drive_standings(
    drive: Drive,
    records: list[EntryRecord],
    *,
    averages: dict,
    tie_breaks: DriveTieBreaks | None,
    group: str | None = None,
    share_seats: list[tuple] | None = None,
) -> list[Standing]:
    """The ranked rows of a drive's records: its sit-out rule, and its
    tie-breaks once set (`share_seats`: DriveScores.share_seats)."""
    rows = unranked_standings(
        records,
        rule=drive.sit_out_compensation,
        fixed_score=drive.sit_out_fixed_score,
        averages=averages,
        group=group,
    )
    if drive.ranks_by_share:
        shares = prediction_shares(drive=drive, records=records, seats=share_seats)
        return ranked_by_share(rows, shares)
    return _ranked(rows, records, tie_breaks=tie_breaks)


def prediction_shares(
    *,
    drive: Drive,
    records: Iterable[EntryRecord],
    seats: list[tuple] | None = None,
) -> dict[int, Fraction]:
    """Each entry's average share of the table (scoring.prediction_share) over the
    games in `records` (half-time's records hold the first half's): every
    table's game from the entries seated there and their points in it.
    `seats`: the drive's rows of _table_seats, where already read."""
    points = {record.entry: record.hand_scores for record in records}
    tables: dict[tuple[int, int], list[tuple[str, int]]] = defaultdict(list)
    if seats is None:
        seats = _table_seats([drive])[drive.pk]
    for round_number, table_id, position, entry_id in seats:
        tables[round_number, table_id].append((position, entry_id))
    order = [seat.value for seat in prediction_rules.SEAT_POSITIONS]
    games = []
    for (round_number, _table), seated in sorted(tables.items()):
        entries = [
            entry for _, entry in sorted(seated, key=lambda s: order.index(s[0]))
        ]
        hands = drive.hands_of_round(round_number)
        played = [
            [points.get(entry, {})[h] for h in hands if h in points.get(entry, {})]
            for entry in entries
        ]
        if not played[0] or any(len(p) != len(played[0]) for p in played):
            continue  # not played yet (or not by everyone at the table)
        games.append((entries, [sum(p) for p in played]))
    return {
        entry: sum(shares, Fraction(0)) / len(shares)
        for entry, shares in prediction_share.entry_shares(games).items()
    }


def _table_seats(drives: Sequence[Drive]) -> dict[int, list[tuple]]:
    """(round, table id, seat, entry id) of every seat at a table of each of
    `drives` (by id): one query."""
    found: dict[int, list[tuple]] = {drive.pk: [] for drive in drives}
    for drive_id, *seat in SeatAssignment.objects.filter(
        round__drive__in=list(found), table__isnull=False
    ).values_list(
        "round__drive_id", "round__number", "table_id", "position", "entry_id"
    ):
        found[drive_id].append(tuple(seat))
    return found


def _read_shares(scores: Iterable[DriveScores]) -> None:
    """Read the seats of every drive ranked by share among `scores` at once."""
    by_share = [s for s in scores if s.drive.ranks_by_share]
    if by_share:
        seats = _table_seats([s.drive for s in by_share])
        for found in by_share:
            found.share_seats = seats[found.drive.pk]


def pair_numbers(*, drive: Drive) -> dict[int, int]:
    """A drive of fixed pairs: entry id -> pair number (empty for other drives)."""
    return pair_numbers_of(drives=[drive])[drive.pk]


def pair_numbers_of(*, drives: Sequence[Drive]) -> dict[int, dict[int, int]]:
    """pair_numbers of each of `drives` (by id): one query for those in pairs."""
    found: dict[int, dict[int, int]] = {drive.pk: {} for drive in drives}
    paired = [drive.pk for drive in drives if drive.plays_in_pairs]
    if paired:
        for drive_id, pk, pair in Entry.objects.filter(
            drive__in=paired, pair__isnull=False
        ).values_list("drive_id", "pk", "pair"):
            found[drive_id][pk] = pair
    return found


def finished_tie_breaks(
    *,
    drive: Drive,
    averages: dict,
    ties: FinalTies | None = None,
    pairs: dict[int, int] | None = None,
) -> DriveTieBreaks:
    """A finished drive's tie-breaks; `ties` and `pairs` where the caller has
    read them already (final_ties_of, pair_numbers_of)."""
    ties = ties or final_ties(drive)
    return DriveTieBreaks(
        order=ties.order,
        last_hand=drive.hands,
        compensation=drive.sit_out_compensation,
        fixed_score=drive.sit_out_fixed_score,
        averages=averages,
        draws=ties.draws,
        pairs=pair_numbers(drive=drive) if pairs is None else pairs,
    )


def confirmed_tricks(*, drive: Drive) -> dict[tuple[int, int], int]:
    """(table id, hand) -> N-S tricks of every confirmed result."""
    return {
        (table_id, hand): ns
        for table_id, hand, ns in HandResult.objects.filter(
            table__drive=drive, status=ResultStatus.CONFIRMED
        ).values_list("table_id", "hand", "ns_tricks")
    }


def _entries(drive: Drive) -> list[tuple]:
    """(id, number, player's name, group, adjustments added up, the round it
    withdrew from or None) of every entry, by number; once the drive has
    started, only those here, with a place (a seat or a sit-out) in a round
    or with an adjustment. One registered who never came is on no board: not
    last with 0, as if they had played and lost (scoring.audit replays the
    same rule)."""
    return _entries_of([drive])[drive.pk]


def _entries_of(drives: Sequence[Drive]) -> dict[int, list[tuple]]:
    """_entries of each of `drives` (by id): a query for those still being set
    up, and one for those started."""
    found: dict[int, list[tuple]] = {drive.pk: [] for drive in drives}
    for editable in (True, False):
        ids = [drive.pk for drive in drives if drive.is_setup_editable is editable]
        if ids:
            for row in _entry_rows(ids, started=not editable):
                found[row[0]].append(row[1:])
    return found


def _entry_rows(drive_ids: list[int], *, started: bool) -> list[tuple]:
    """The rows of _entries, each led by its drive's id."""
    q = connection.ops.quote_name
    entry, player = q(Entry._meta.db_table), q(Player._meta.db_table)
    adjustment = q(Adjustment._meta.db_table)
    seat = q(SeatAssignment._meta.db_table)
    took_part = (
        f"AND (e.{q('checked_in')} OR a.entry_id IS NOT NULL "
        f"OR EXISTS (SELECT 1 FROM {seat} s WHERE s.entry_id = e.id))"
    )
    ids = ", ".join("%s" for _ in drive_ids)
    sql = (
        f"SELECT e.drive_id, e.id, e.number, p.name, e.{q('group')}, "
        f"COALESCE(a.total, 0), e.{q('withdrawn_from_round')} "
        f"FROM {entry} e JOIN {player} p ON p.id = e.player_id "
        f"LEFT JOIN (SELECT x.entry_id, SUM(x.points) AS total FROM {adjustment} x "
        f"JOIN {entry} y ON y.id = x.entry_id WHERE y.drive_id IN ({ids}) "
        f"GROUP BY x.entry_id) a ON a.entry_id = e.id "
        f"WHERE e.drive_id IN ({ids}) {took_part if started else ''} "
        f"ORDER BY e.drive_id, e.number"
    )
    with connection.cursor() as cursor:
        cursor.execute(sql, [*drive_ids, *drive_ids])
        return cursor.fetchall()


def prediction_plays(*, drive: Drive) -> list[PredictionPlay]:
    """Every confirmed deal of a prediction whist drive, by hand and table
    (none for another format): two queries, the results and the seats."""
    return SCORES[drive.game].plays(drive)


def drive_scores(*, drive: Drive) -> DriveScores:
    return drives_scores(drives=[drive])[drive.pk]


def drives_scores(*, drives: Sequence[Drive]) -> dict[int, DriveScores]:
    """drive_scores of each of `drives` (by id), read in a fixed handful of
    queries whatever their number (a season's league reads every drive):
    each kind of row once for them all, then each drive's arithmetic as for
    one drive."""
    entries = _entries_of(drives)
    cards_in = [drive for drive in drives if drive.cards_in]
    # The paper evening: totals typed from the cards (scoring.card_records).
    seated = seated_hands_of(drives=cards_in)
    cards = typed_cards_of(drives=cards_in)
    by_game: dict[object, list[Drive]] = defaultdict(list)
    for drive in drives:
        if not drive.cards_in:
            by_game[drive.game].append(drive)
    seat_scores: dict[int, tuple] = {}
    for game, played in by_game.items():
        seat_scores.update(SCORES[game].seat_scores_of(played))
    played = [drive for drive in drives if not drive.cards_in]
    sat_out = _sat_out_rounds(played)
    seats = _seated_by_round(played)
    finished = [drive for drive in drives if drive.state == DriveState.FINISHED]
    ties = final_ties_of(finished)
    pairs = pair_numbers_of(drives=finished)
    found = {}
    for drive in drives:
        read = {"ties": ties.get(drive.pk), "pairs": pairs.get(drive.pk)}
        if drive.cards_in:
            records, averages = card_records(
                drive=drive,
                entries=entries[drive.pk],
                seated=seated[drive.pk],
                cards=cards[drive.pk],
            )
            found[drive.pk] = _scores_of(
                drive, records, averages, hands_complete=len(averages), **read
            )
            continue
        scores, scores_by_hand, won = seat_scores[drive.pk]
        found[drive.pk] = _drive_scores(
            drive,
            entries[drive.pk],
            scores,
            scores_by_hand,
            won,
            sat_out_rounds=sat_out[drive.pk],
            seated=seats[drive.pk],
            **read,
        )
    if len(drives) > 1:  # one drive reads its seats if its shares are asked for
        _read_shares(found.values())
    return found


def _sat_out_rounds(drives: Sequence[Drive]) -> dict[int, list[tuple[int, int]]]:
    """(entry id, round) of each sit-out of each of `drives` (by id): one query."""
    found: dict[int, list[tuple[int, int]]] = {drive.pk: [] for drive in drives}
    if drives:
        for drive_id, entry_id, round_number in SeatAssignment.objects.filter(
            round__drive__in=list(found), table__isnull=True
        ).values_list("round__drive_id", "entry_id", "round__number"):
            found[drive_id].append((entry_id, round_number))
    return found


def _seated_by_round(drives: Sequence[Drive]) -> dict[int, dict[int, int]]:
    """How many entries hold a seat at a table in each round of each of
    `drives` (by id), round by round: one query."""
    found: dict[int, dict[int, int]] = {drive.pk: {} for drive in drives}
    if drives:
        for drive_id, round_number, seats in (
            SeatAssignment.objects.filter(
                round__drive__in=list(found), table__isnull=False
            )
            .values_list("round__drive_id", "round__number")
            .annotate(seats=Count("id"))
            .order_by()
        ):
            found[drive_id][round_number] = seats
    return found


def _hands_everywhere(
    drive: Drive, scores_by_hand: dict[int, list[int]], seated: dict[int, int]
) -> int:
    """How many hands the boards have come through: while play goes on, the
    hands every seated player has a result for (a hand the first tables have
    sent while the others still play is not yet done: the boards of the last
    round must not say "after 24 of 24" while it is played); once the drive
    is finished, every hand with a result."""
    if drive.state == DriveState.FINISHED:
        return len(scores_by_hand)
    return sum(
        1
        for hand, scores in scores_by_hand.items()
        if len(scores) >= seated.get(drive.round_of_hand(hand), 0)
    )


def board_scores(*, drive: Drive) -> DriveScores:
    """The scores the boards players see show: while the last rounds are
    silent (drive.silence), as they stood at the end of the last round before
    them; otherwise the live ones."""
    until = silence.board_until_hand(drive)
    scores = drive_scores(drive=drive)
    if until is None:
        return scores
    return _until_hand(scores, until)


def _until_hand(scores: DriveScores, until: int) -> DriveScores:
    """`scores` counting only the hands up to `until` (adjustments kept whole),
    ranked as during play."""
    records = [until_hand(record, until) for record in scores.records]
    averages = {h: v for h, v in scores.averages.items() if h <= until}
    return DriveScores(
        drive=scores.drive,
        records=records,
        averages=averages,
        # The hands done everywhere are the first ones: those up to `until`.
        hands_complete=min(scores.hands_complete, len(averages)),
    )


def _drive_scores(
    drive: Drive,
    entries: list[tuple],
    scores: dict[int, dict[int, int]],
    scores_by_hand: dict[int, list[int]],
    won: dict[int, set[int]],
    *,
    sat_out_rounds: list[tuple[int, int]],
    seated: dict[int, int],
    ties: FinalTies | None = None,
    pairs: dict[int, int] | None = None,
) -> DriveScores:
    """The standings' input from each entry's scores by hand: the hands sat
    out, the records, the room's averages and, once finished, the tie-breaks."""
    hands_with_results = set(scores_by_hand)
    sat_out: dict[int, list[int]] = defaultdict(list)
    for entry_id, round_number in sat_out_rounds:
        for hand in drive.hands_of_round(round_number):
            if hand in hands_with_results:
                sat_out[entry_id].append(hand)
    records = [
        EntryRecord(
            entry=pk,
            number=number,
            name=name,
            group=group,
            hand_scores=scores.get(pk, {}),
            sat_out_hands=tuple(sorted(sat_out.get(pk, ()))),
            adjustments=adjustments,
            won_hands=frozenset(won.get(pk, ())),
            # Withdrawn from the round after the last: gone home before the
            # prize-giving (drive.entry_services.entry_leave_after_play), no
            # hand missed but left early. (Those withdrawn so as the last round
            # was played, before that was refused, were cleared: drive 0025.)
            withdrawn_from=(
                withdrawn_from
                if withdrawn_from is not None and withdrawn_from <= drive.rounds + 1
                else None
            ),
        )
        for pk, number, name, group, adjustments, withdrawn_from in entries
    ]
    averages = room_averages(scores_by_hand)
    return _scores_of(
        drive,
        records,
        averages,
        hands_complete=_hands_everywhere(drive, scores_by_hand, seated),
        ties=ties,
        pairs=pairs,
    )


def _scores_of(
    drive: Drive,
    records: list[EntryRecord],
    averages: dict,
    *,
    hands_complete: int,
    ties: FinalTies | None = None,
    pairs: dict[int, int] | None = None,
) -> DriveScores:
    """The standings' input, with the tie-breaks once the drive is finished."""
    return DriveScores(
        drive=drive,
        records=records,
        averages=averages,
        hands_complete=hands_complete,
        tie_breaks=(
            finished_tie_breaks(drive=drive, averages=averages, ties=ties, pairs=pairs)
            if drive.state == DriveState.FINISHED
            else None
        ),
    )


def drive_rubbers(*, drive: Drive) -> list[TableRubbers]:
    """A rubber drive's rubbers: each table's round, by round and table
    number, from its confirmed results in hand order (none in another drive)."""
    return SCORES[drive.game].table_rubbers(drive)


def leaderboard(*, drive: Drive, group: str | None = None) -> list[Standing]:
    return drive_scores(drive=drive).standings(group=group)


def result_history(*, drive: Drive, table_number: int, hand: int) -> list[HandResult]:
    return list(
        HandResult.objects.filter(
            table__drive=drive, table__number=table_number, hand=hand
        )
        .select_related("entered_by", "table")
        .order_by("version")
    )


def tables_so_far(*, drive: Drive) -> list[int]:
    """The numbers of the tables with a game in a round so far, in order: one
    query, whatever the number of hands typed."""
    return sorted(
        SeatAssignment.objects.filter(
            round__drive=drive,
            round__number__lte=drive.current_round,
            table__isnull=False,
        )
        .values_list("table__number", flat=True)
        .distinct()
    )


def standing_results_from(*, table_id: int, hand: int, count: int) -> list[HandResult]:
    """What stands for one table's hands from `hand` on, in one query: the
    result of each hand in a row that has one (confirmed, or waiting for an
    opponent), at most `count`, stopping at the first hand without."""
    results = HandResult.objects.filter(
        table_id=table_id,
        hand__gte=hand,
        hand__lt=hand + count,
        status__in=(ResultStatus.CONFIRMED, ResultStatus.PENDING),
    ).order_by("hand", "-version")
    standing: dict[int, HandResult] = {}
    for result in results:
        standing.setdefault(result.hand, result)
    found = []
    while hand + len(found) in standing and len(found) < count:
        found.append(standing[hand + len(found)])
    return found


def current_hand(hands: Iterable[int], standing: Collection[int]) -> int | None:
    """The hand a table plays now: the first of its round's `hands` without a
    standing result (`standing`: the hands with one, confirmed or waiting for
    an opponent); None once every hand is in."""
    return next((hand for hand in hands if hand not in standing), None)


def table_in_after(
    hands: Iterable[int], hand: int, standing: Collection[int], pending: Collection[int]
) -> bool:
    """Whether a table whose round has `hands` is in once a confirmed result
    for `hand` is written: every hand then has a standing result and none
    waits for an opponent (`standing`, `pending`: the hands with one before),
    so that its page lists the round's hands while the room plays on."""
    return not any(h in pending for h in hands) and all(
        h == hand or h in standing for h in hands
    )


def table_is_in(*, drive: Drive, table_id: int) -> bool:
    """Whether the table has every hand of the drive's round in, none waiting
    for an opponent: its page then lists them (table_in_after, read back)."""
    hands = drive.hands_of_round(drive.current_round)
    rows = HandResult.objects.filter(
        table_id=table_id,
        hand__in=hands,
        status__in=(ResultStatus.PENDING, ResultStatus.CONFIRMED),
    ).values_list("hand", "status")
    in_ = {hand for hand, status in rows if status == ResultStatus.CONFIRMED}
    waiting = {hand for hand, status in rows if status == ResultStatus.PENDING}
    return table_in_after(hands, 0, in_, waiting)


def tables_text(numbers: list[int]) -> str:
    """ "table 3", "tables 3 and 7", "tables 1, 3 and 7"."""
    if len(numbers) == 1:
        return gettext("table %(number)s") % {"number": numbers[0]}
    # Translators: numbers is all but the last table number, "1, 3"; last is "7".
    return gettext("tables %(numbers)s and %(last)s") % {
        "numbers": ", ".join(str(n) for n in numbers[:-1]),
        "last": numbers[-1],
    }


def tables_at_text(numbers: list[int]) -> str:
    """ "at table 3", "at tables 3 and 7": the tables as the place where
    something is, in the middle of a sentence; the language joins its own
    word for "at" to the table (Italian "al tavolo 3", "ai tavoli 3 e 7")."""
    if len(numbers) == 1:
        # Translators: where something is, inside a sentence: "Settle the
        # disagreement at table 3 first." Italian "al tavolo 3".
        return pgettext("tables, place", "at table %(number)s") % {"number": numbers[0]}
    # Translators: numbers is all but the last table number, "1, 3"; last is
    # "7": "Two results to settle at tables 1, 3 and 7". Italian "ai tavoli".
    return pgettext("tables, place", "at tables %(numbers)s and %(last)s") % {
        "numbers": ", ".join(str(n) for n in numbers[:-1]),
        "last": numbers[-1],
    }


def board_groups(*, drive: Drive) -> list[tuple[str, str, str | None]]:
    """The leaderboards shown in turn: (title, slug, group) overall, then each group."""
    boards: list[tuple[str, str, str | None]] = [(gettext("Overall"), "overall", None)]
    if drive.has_groups:
        boards += [
            (drive.group_a_label, "group-a", "A"),
            (drive.group_b_label, "group-b", "B"),
        ]
    return boards

"""Reads for prizes: a club's settings and prize list, half-time, and a drive's
prizes, loaded from the database for prizes.engine and scoring.tiebreaks to
do the arithmetic (the rules they follow: prizes.prize_rules; the results
page: prizes.result_cards).

- *Half-way hand*: the last hand of the round that ends nearest before the
  middle of the drive (hand 12 of 24); *half-time* is reached when every table
  has its result for every hand up to it. The *interval* is the time between:
  half-time reached, and no result yet for a later hand.
- Half-time standings count the hands up to the half-way hand and their sit-out
  compensation; the organiser's adjustments (which belong to no hand) count
  only at the end.
- An entry that neither played nor sat out a hand took no part, and wins nothing.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass, field

from django.utils import formats, timezone
from django.utils.translation import gettext, ngettext

from drive.group_words import default_group_labels
from drive.models import Drive, DriveState, SeatAssignment
from players import dates
from players.group_names import club_group_labels
from players.language import list_label_count
from players.models import Club
from players.pair_names import joined_pair
from prizes.competitors import Competitor, pairs_of
from prizes.consolation import (
    consolation_blockers,
    consolation_number,
    consolation_pool,
)
from prizes.engine import (
    Award,
    AwardStatus,
    ConsolationDrawn,
    Evening,
    award_prizes,
    numbers_text,
    open_draws,
    tonight,
)
from prizes.games import PRIZE_GAMES
from prizes.level_words import leaders_of, placed_lead
from prizes.models import (
    ClubScoringSettings,
    ConsolationDraw,
    ContestChoice,
    MysteryScore,
    TieDraw,
)
from prizes.prize_list import Contest, PrizeKind, PrizeSpec
from prizes.prize_reads import (
    PrizeReads,
    club_prize_specs_of,
    drive_prize_specs_of,
    prize_reads_of,
)
from prizes.prize_rules import (
    PrizeRules,
    draws_of,
    drive_prize_rules,
    recorded_draws,
)
from scoring.board_notices import Notice
from scoring.hand_plays import HandPlay
from scoring.models import HandResult, ResultStatus
from scoring.selectors import (
    DriveScores,
    board_groups,
    board_lines,
    drive_scores,
    drive_standings,
    pair_numbers,
    tie_order,
)
from scoring.standings import EntryRecord, Standing, sat_out_scores
from scoring.tie_words import TIE_WORDS
from scoring.tiebreaks import (
    DEFAULT_TIE_BREAKS,
    DriveTieBreaks,
    Rule,
    TieBreakError,
    parse_order,
)

# The group names a club's prize list may use, besides its drives' own labels
# and the traditional names in the club's language (drive.group_words).
DEFAULT_LABELS = {"A": "Ladies", "B": "Gents"}


# --- the rules a drive's ranks and prizes follow ---------------------------------


def club_tie_break_order(*, club_id: int) -> tuple[Rule, ...]:
    """The club's tie-break rules in order (the defaults when it has not chosen)."""
    text = (
        ClubScoringSettings.objects.filter(club_id=club_id)
        .values_list("tie_breaks", flat=True)
        .first()
    )
    try:
        return parse_order(DEFAULT_TIE_BREAKS if text is None else text)
    except TieBreakError:  # only ever stored after checking; never stop a page for it
        return parse_order(DEFAULT_TIE_BREAKS)


def club_settings(*, club: Club) -> ClubScoringSettings:
    """The club's settings; unsaved defaults when it has never changed them."""
    found = ClubScoringSettings.objects.filter(club=club).first()
    return found or ClubScoringSettings(club=club)


def group_labels(*, club: Club) -> dict[str, str]:
    """How the club names its groups (players.group_names)."""
    return club_group_labels(club=club)


def group_names(*, club: Club) -> dict[str, str]:
    """Every name a typed prize list may give a group, folded to lower case -> "A"/"B"."""
    names: dict[str, str] = {}
    for label, group in (
        *((v, k) for k, v in DEFAULT_LABELS.items()),
        *((v, k) for k, v in default_group_labels(club.language).items()),
        *(
            pair
            for a, b in Drive.objects.filter(club=club)
            .order_by()
            .values_list("group_a_label", "group_b_label")
            .distinct()
            for pair in ((a, "A"), (b, "B"))
        ),
        *((v, k) for k, v in group_labels(club=club).items()),
    ):
        names[" ".join(label.casefold().split())] = group
    for group in ("A", "B"):
        names[group.casefold()] = group
        names[f"group {group.casefold()}"] = group
    return names


def club_prize_specs(*, club: Club) -> list[PrizeSpec]:
    return club_prize_specs_of(club_ids={club.pk})[club.pk]


def drive_prize_specs(*, drive: Drive) -> tuple[list[PrizeSpec], bool]:
    """The drive's prize list, and whether it is the drive's own (not the
    club's): prizes.prize_reads.drive_prize_specs_of."""
    return drive_prize_specs_of(drives=[drive])[drive.pk]


def hands_won_prize(drive: Drive) -> bool:
    """The drive's prize list has a prize for most hands won (a cards-in
    drive's desk then asks each card's hands won)."""
    specs, _own = drive_prize_specs(drive=drive)
    return any(spec.kind is PrizeKind.MOST_HANDS_WON for spec in specs)


# --- half-time --------------------------------------------------------------------


def halfway_hand(drive: Drive) -> int:
    """The last hand before the interval (drive.half_time decides it; 0: none)."""
    return drive.half_time_hand


def half_time_reached(*, drive: Drive) -> bool:
    half = halfway_hand(drive)
    # A cards-in drive's cards come in at the end, with totals only.
    if not half or drive.cards_in or drive.state in (DriveState.DRAFT, DriveState.OPEN):
        return False
    if drive.state == DriveState.FINISHED:
        return True
    half_round = drive.round_of_hand(half)
    if drive.current_round != half_round:
        return drive.current_round > half_round
    tables = (
        SeatAssignment.objects.filter(
            round__drive=drive, round__number=half_round, table__isnull=False
        )
        .values("table_id")
        .distinct()
        .count()
    )
    results = HandResult.objects.filter(
        table__drive=drive,
        hand__in=list(drive.hands_of_round(half_round)),
        status=ResultStatus.CONFIRMED,
    ).count()
    return tables > 0 and results >= tables * drive.hands_per_round


def in_interval(*, drive: Drive) -> bool:
    """Half-time is reached and nobody has a result for the second half yet."""
    return (
        drive.state == DriveState.IN_PLAY
        and half_time_reached(drive=drive)
        and not HandResult.objects.filter(
            table__drive=drive,
            hand__gt=halfway_hand(drive),
            status=ResultStatus.CONFIRMED,
        ).exists()
    )


def took_part(record: EntryRecord) -> bool:
    return bool(record.hand_scores or record.sat_out_hands or record.card)


@dataclass
class HalfTime:
    drive: Drive
    hand: int
    reached: bool
    records: list[EntryRecord] = field(default_factory=list)
    tie_breaks: DriveTieBreaks | None = None
    # A drive ranked by share: who sat where, where already read.
    share_seats: list[tuple] | None = None

    @property
    def game(self) -> int | None:
        """A prediction whist drive's half-time game (None in another drive):
        the interval comes after whole games."""
        return PRIZE_GAMES[self.drive.game].half_game(self.drive, self.hand)

    @property
    def round(self) -> int | None:
        """A rubber drive's half-time round (None in another drive): the bell
        may have cut its last hands short at some tables."""
        return PRIZE_GAMES[self.drive.game].half_round(self.drive, self.hand)

    @property
    def notes(self) -> str:
        """The half-time page's words (a template): in a drive that takes its
        cards in at the end, that there are no half-time standings; otherwise
        the drive's game's."""
        if self.drive.cards_in:
            return "prizes/_half_time_cards.html"
        return PRIZE_GAMES[self.drive.game].half_time_notes

    @property
    def tie_order(self) -> tuple[Rule, ...]:
        """The tie-break rules the half-time ranks follow (none in a drive
        ranked by share)."""
        return tie_order(self.drive, self.tie_breaks)

    def standings(self, group: str | None = None) -> list[Standing]:
        return drive_standings(
            self.drive,
            self.records,
            averages=self.tie_breaks.averages if self.tie_breaks else {},
            tie_breaks=self.tie_breaks,
            group=group,
            share_seats=self.share_seats,
        )

    def board(self, group: str | None = None) -> list[Standing]:
        """A half-time board's lines: in a drive of fixed pairs one for each
        pair (scoring.selectors.board_lines)."""
        pairs = self.tie_breaks.pairs if self.tie_breaks else {}
        return board_lines(self.drive, self.standings(group), dict(pairs))

    @property
    def boards(self) -> list[tuple[str, str, list[Standing]]]:
        return [
            (title, slug, self.board(group))
            for title, slug, group in board_groups(drive=self.drive)
        ]

    def leaders(self, group: str | None = None) -> list[Standing]:
        return leaders_of(self.board(group))


def half_time(
    *,
    drive: Drive,
    scores: DriveScores | None = None,
    reads: PrizeReads | None = None,
) -> HalfTime:
    """The standings after the half-way hand (empty until half-time is
    reached); `reads`: the drive's rules, draws and pairs, where already read."""
    hand = halfway_hand(drive)
    if not half_time_reached(drive=drive):
        return HalfTime(drive=drive, hand=hand, reached=False)
    scores = scores or drive_scores(drive=drive)
    records = [
        EntryRecord(
            entry=r.entry,
            number=r.number,
            name=r.name,
            group=r.group,
            hand_scores={h: s for h, s in r.hand_scores.items() if h <= hand},
            sat_out_hands=tuple(h for h in r.sat_out_hands if h <= hand),
            adjustments=0,
            won_hands=frozenset(h for h in r.won_hands if h <= hand),
        )
        for r in scores.records
    ]
    records = [r for r in records if took_part(r)]
    averages = {h: a for h, a in scores.averages.items() if h <= hand}
    return HalfTime(
        drive=drive,
        hand=hand,
        reached=True,
        records=records,
        tie_breaks=DriveTieBreaks(
            order=(reads.rules if reads else drive_prize_rules(drive=drive)).order,
            last_hand=hand,
            compensation=drive.sit_out_compensation,
            fixed_score=drive.sit_out_fixed_score,
            averages=averages,
            draws=draws_of(reads.draws, contest=ContestChoice.HALF_TIME)
            if reads
            else recorded_draws(drive=drive, contest=ContestChoice.HALF_TIME),
            pairs=reads.pairs if reads else pair_numbers(drive=drive),
        ),
        share_seats=scores.share_seats,
    )


# --- the drive's prizes -----------------------------------------------------------


def half_time_notice(drive: Drive, group: str | None) -> Notice | None:
    """The projector's notice in the interval: the half-time leaders of the board
    on show (scoring.board_notices), and where a tie-break placed them first,
    who is level with them and what decided it (prizes.level_words)."""
    if not in_interval(drive=drive):
        return None
    half = half_time(drive=drive)
    board = half.board(group)
    return Notice(
        template="prizes/_half_time_banner.html",
        context={
            "hand": half.hand,
            "game": half.game,
            "round": half.round,
            "leaders": leaders_of(board),
            # Leaders a tie-break placed first: who is level, and what decided.
            "placed": placed_lead(board, drive.game),
        },
    )


def second_half_sat_out(
    *, drive: Drive, record: EntryRecord, averages: dict, half_hand: int
) -> dict:
    """The compensation of each hand sat out after half-time, worked out over
    the second half alone (as half_time does over the first: a player's own
    average is the second half's)."""
    second = EntryRecord(
        entry=record.entry,
        number=record.number,
        name=record.name,
        group=record.group,
        hand_scores={h: s for h, s in record.hand_scores.items() if h > half_hand},
        sat_out_hands=tuple(h for h in record.sat_out_hands if h > half_hand),
    )
    return sat_out_scores(
        second,
        rule=drive.sit_out_compensation,
        fixed_score=drive.sit_out_fixed_score,
        averages=averages,
    )


def left_early(scores: DriveScores) -> list[EntryRecord]:
    """Those who took part and withdrew, by number."""
    return [r for r in scores.records if took_part(r) and r.withdrawn_from is not None]


def competitors(
    *,
    drive: Drive,
    scores: DriveScores,
    half: HalfTime | None = None,
    played: Sequence[HandPlay] | None = None,
    left_early_out: bool = False,
    pairs: dict[int, int] | None = None,
) -> list[Competitor]:
    """Who the prizes are between: each entry that took part, or in a drive of
    fixed pairs each pair (prizes.competitors.pairs_of). With `left_early_out` (the
    club's rule) a player who withdrew keeps their scores on the boards but is
    in no prize: not the booby for hands they never played, nor a draw they
    are not there to collect; a half-time prize decided before they left
    stands (Competitor.left_early). `pairs`: the drive's pair numbers, where
    already read."""
    standings = scores.standings()
    totals = {s.entry: s.total for s in standings}
    shares = {s.entry: s.share for s in standings}
    tricks = PRIZE_GAMES[drive.game].side_tricks(
        drive=drive, scores=scores, played=played
    )
    half_hand = halfway_hand(drive)
    half_rows = half.standings() if half and half.reached else []
    half_totals = {s.entry: s.total for s in half_rows}
    half_shares = {s.entry: s.share for s in half_rows}
    found = []
    # The first round after half-time: who withdrew from it or later was there.
    after_half = drive.round_of_hand(half_hand) + 1 if half_hand else None
    for record in scores.records:
        if not took_part(record):
            continue
        left = left_early_out and record.withdrawn_from is not None
        if left and (after_half is None or record.withdrawn_from < after_half):
            continue
        found.append(
            Competitor(
                key=record.entry,
                number=record.number,
                name=record.name,
                group=record.group,
                total=totals[record.entry],
                hand_scores=record.hand_scores,
                sat_out_scores=sat_out_scores(
                    record,
                    rule=drive.sit_out_compensation,
                    fixed_score=drive.sit_out_fixed_score,
                    averages=scores.averages,
                ),
                won_hands=record.won_hands,
                hands_won_count=record.card.hands_won if record.card else None,
                half_total=half_totals.get(record.entry),
                share=shares.get(record.entry),
                half_share=half_shares.get(record.entry),
                left_early=left,
                tricks=tricks.get(record.entry, {}),
                second_sat_out_scores=second_half_sat_out(
                    drive=drive,
                    record=record,
                    averages=scores.averages,
                    half_hand=half_hand,
                )
                if half_hand
                else None,
            )
        )
    if drive.plays_in_pairs:
        if pairs is None:
            pairs = pair_numbers(drive=drive)
        return pairs_of(found, pairs, join=joined_pair)
    return found


@dataclass
class DrivePrizes:
    drive: Drive
    awards: list[Award]
    own_list: bool
    mystery: MysteryScore | None
    rules: PrizeRules
    order: tuple[Rule, ...]
    draws: list[TieDraw]
    half: HalfTime
    names: dict[int, str]  # entry id -> "number name"; a pair's first: "3 & 4 names"
    # Every consolation draw made, current and replaced, by number then time.
    consolation_draws: list[ConsolationDraw] = field(default_factory=list)
    competitors: list[Competitor] = field(default_factory=list)
    # Those who withdrew: in no prize (competitors).
    left_early: list[EntryRecord] = field(default_factory=list)
    # The prizes of the list the drive's format cannot give, each with why:
    # in none of the lists above, only named on the organiser's page.
    left_off: list[Award] = field(default_factory=list)

    @property
    def left_off_words(self) -> str:
        """One line for the organiser: which prizes of the list are not given
        tonight and why ("" when every prize can be)."""
        if not self.left_off:
            return ""
        prizes = "; ".join(f"{a.in_sentence} ({a.note})" for a in self.left_off)
        return ngettext(
            "Left off tonight's prizes, as this drive cannot give it: %(prizes)s.",
            "Left off tonight's prizes, as this drive cannot give them: %(prizes)s.",
            list_label_count(self.left_off),
        ) % {"prizes": prizes}

    @property
    def provisional(self) -> bool:
        return self.drive.state != DriveState.FINISHED

    @property
    def open_draws(self) -> list[dict]:
        """The ties the organiser settles by a draw, with who cuts."""
        return [
            {
                "contest": contest.value,
                "members": ",".join(str(k) for k in sorted(keys)),
                "title": title,
                "who": [(k, self.names.get(k, str(k))) for k in keys],
            }
            for contest, keys, title in open_draws(self.awards)
        ]

    @property
    def draws_won(self) -> list[tuple[TieDraw, str]]:
        """Each recorded draw, with who won the cut ("3 & 4 Ann & Bob" for a pair)."""
        return [
            (
                draw,
                self.names.get(
                    draw.winner_entry_id,
                    f"{draw.winner_entry.number} {draw.winner_entry.player.name}",
                ),
            )
            for draw in self.draws
        ]

    @property
    def has_mystery(self) -> bool:
        return any(a.spec.kind is PrizeKind.MYSTERY for a in self.awards)

    @property
    def custom(self) -> list[Award]:
        return [a for a in self.awards if a.spec.kind is PrizeKind.CUSTOM]

    @property
    def consolations(self) -> list[dict]:
        """Each consolation draw of the list: its award, whether the organiser
        may draw now (and why not), and every draw made for it, with how."""
        found = []
        blockers = consolation_blockers(self.awards)
        finished = self.drive.state == DriveState.FINISHED
        for award in self.awards:
            if award.spec.kind is not PrizeKind.CONSOLATION:
                continue
            nth = consolation_number(self.awards, award.position)
            made = [d for d in self.consolation_draws if d.number == nth]
            current = next((d for d in made if d.replaced_at is None), None)
            if not finished:
                waiting = gettext("The draw is made once the drive is finished.")
            elif blockers:
                waiting = gettext(
                    "The draw is made once every other prize is decided: %(prizes)s."
                ) % {"prizes": ", ".join(b.in_sentence for b in blockers)}
            else:
                waiting = ""
            found.append(
                {
                    "award": award,
                    "number": nth,
                    "current": current,
                    "how": consolation_words(current, self.names) if current else "",
                    "earlier": [
                        (d, consolation_words(d, self.names))
                        for d in made
                        if d.replaced_at is not None
                    ],
                    "waiting": waiting,
                    "pool": len(consolation_pool(self.awards, self.competitors, nth)),
                }
            )
        return found

    def won_by(self, entry_id: int) -> list[Award]:
        return [
            a
            for a in self.awards
            if a.status
            in (AwardStatus.WON, AwardStatus.SHARED, AwardStatus.AWAITING_DRAW)
            and any(entry_id in w.keys for w in a.winners)
        ]


def drive_prizes(
    *,
    drive: Drive,
    scores: DriveScores | None = None,
    played: Sequence[HandPlay] | None = None,
    reads: PrizeReads | None = None,
) -> DrivePrizes:
    """A drive's prizes; `reads`: the rows they are worked out from, where the
    caller has read them for many drives at once (prizes.prize_reads)."""
    scores = scores or drive_scores(drive=drive)
    if reads is None:
        reads = prize_reads_of(drives=[drive], with_deals=played is None)[drive.pk]
    if played is None:
        played = reads.played
    specs, own = reads.specs, reads.own_list
    rules = reads.rules
    order = rules.order
    half = half_time(drive=drive, scores=scores, reads=reads)
    mystery = reads.mystery
    draws = reads.draws
    by_contest: dict[Contest, dict[frozenset[int], int]] = defaultdict(dict)
    for draw in draws:
        by_contest[Contest(draw.contest)][draw.member_keys] = draw.winner_entry_id
    field_of = competitors(
        drive=drive,
        scores=scores,
        half=half,
        played=played,
        left_early_out=rules.left_early_out_of_prizes,
        pairs=reads.pairs,
    )
    consolation_draws = reads.consolation_draws
    evening = Evening(
        competitors=field_of,
        last_hand=drive.hands,
        order=order,
        half_hand=halfway_hand(drive),
        half_time_reached=half.reached,
        by_share=drive.ranks_by_share,
        mystery=mystery.value if mystery else None,
        has_groups=drive.has_groups,
        # A format without groups names a group prize (which nobody can win
        # there, and which only the organiser's note names) as its club does.
        labels=reads.group_labels,
        draws=by_contest,
        one_prize_per_person=rules.one_prize_per_person,
        half_words=PRIZE_GAMES[drive.game].half_words(drive, half.hand),
        has_tricks=PRIZE_GAMES[drive.game].has_tricks,
        tie_words=TIE_WORDS[drive.game],
        words=drive.words,
        totals_only=(
            gettext("the cards give only totals: nobody can win it")
            if drive.cards_in
            else ""
        ),
        consolations={
            d.number: ConsolationDrawn(
                winner=d.winner_entry_id,
                seed=d.seed,
                pool=d.member_keys,
                when=drawn_when(d),
            )
            for d in consolation_draws
            if d.replaced_at is None
        },
    )
    names = {r.entry: f"{r.number} {r.name}" for r in scores.records}
    # A pair cuts as one, under its first entry's key.
    names.update(
        {c.key: f"{numbers_text(c.numbers)} {c.name}" for c in field_of if c.members}
    )
    # The one place the prizes a drive's format cannot give (a group's prize
    # where there are no groups) leave every reader's list.
    awards, left_off = tonight(award_prizes(specs, evening), evening)
    return DrivePrizes(
        drive=drive,
        awards=awards,
        left_off=left_off,
        own_list=own,
        mystery=mystery,
        rules=rules,
        order=order,
        draws=draws,
        half=half,
        names=names,
        consolation_draws=consolation_draws,
        competitors=field_of,
        left_early=left_early(scores) if rules.left_early_out_of_prizes else [],
    )


def drawn_when(draw: ConsolationDraw) -> str:
    """ "on 1 Dec 2026 at 21:47" in the drive's time zone."""
    local = timezone.localtime(draw.drawn_at)
    return dates.with_dates_elided(
        gettext("on %(date)s at %(time)s")
        % {
            "date": dates.short_date(local),
            "time": formats.time_format(local, "H:i:s"),
        }
    )


def consolation_words(draw: ConsolationDraw, names: dict[int, str]) -> str:
    """How a consolation draw was made, in words anyone can check it by."""
    return gettext(
        "Drawn by the site %(when)s. The pool was everyone without a prize, in "
        "number order: %(numbers)s. The site chose the seed %(seed)d at random "
        "and took Python's random.Random(%(seed)d).choice of that list: "
        "%(winner)s."
    ) % {
        "when": drawn_when(draw),
        "numbers": draw.pool_text,
        "seed": draw.seed,
        "winner": names.get(
            draw.winner_entry_id,
            f"{draw.winner_entry.number} {draw.winner_entry.player.name}",
        ),
    }

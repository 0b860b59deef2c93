"""Who wins each prize of a drive's prize list (prizes.prize_list).

Ties follow the club's tie-break rules (scoring.tiebreaks), in each prize's own
*contest*: the final standings (overall, group, booby), half-time, hands won
or the mystery score. When two tie for a place and share it, they share that
place's prize and, if the list has one, the next place's (the old custom of
pooling the prizes of the places they fill).

The competitors are entries, or in a drive of fixed pairs the pairs
(prizes.competitors): a pair wins, ties, cuts and is skipped as one.

*One prize per person* (a club option): the prizes are given in the list's
order, and a winner of an earlier prize is skipped for the later ones, except
that places in one series (1st, 2nd, 3rd overall) are still counted from the
same standings.

A consolation draw is made by the site once every other prize is decided
(prizes.consolation); the engine only reports a recorded draw.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from enum import Enum
from fractions import Fraction

from django.utils.translation import get_language, ngettext
from django.utils.translation import gettext as _

from drive.format_words import RoundWords
from drive.movement.types import Game
from players.pair_names import joined_pair
from prizes.competitors import Competitor
from prizes.prize_list import Contest, PrizeKind, PrizeSpec, contest_of, tricks_contest
from prizes.prize_words import in_sentence
from scoring.tie_words import TIE_WORDS, HandsTieWords
from scoring.tiebreaks import Contender, Outcome, Placing, Rule, blocks_of, rank


@dataclass(frozen=True)
class Evening:
    """Everything the prize list is decided on."""

    competitors: Sequence[Competitor]
    last_hand: int
    order: Sequence[Rule]
    half_hand: int = 0  # 0: the drive has no half-time
    half_time_reached: bool = False
    # The places, the booby and the half-time leader go by the average share
    # of the table (a prediction whist drive's setting), not the totals.
    by_share: bool = False
    mystery: int | None = None
    has_groups: bool = True
    labels: Mapping[str, str] = field(
        default_factory=lambda: {"A": "Ladies", "B": "Gents"}
    )
    # contest -> (the keys that cut -> the key that won the cut)
    draws: Mapping[Contest, Mapping[frozenset[int], int]] = field(default_factory=dict)
    one_prize_per_person: bool = False
    # How a note names the half-time ("after hand 12"; a prediction whist
    # drive's, "after game 2"); empty: by its hand.
    half_words: str = ""
    # False in prediction whist: no sides, no N-S tricks.
    has_tricks: bool = True
    # How a tie was decided, in the drive's game's words (scoring.tie_words:
    # "decided by most predictions made exactly" in prediction whist).
    tie_words: HandsTieWords = field(default_factory=lambda: TIE_WORDS[Game.HANDS])
    # The format's words (drive.format_words): prediction whist's most hands
    # won are its predictions made exactly.
    words: RoundWords = field(default_factory=RoundWords)
    # Why no prize that reads single hands (half-time, the second half, hands
    # of N tricks) can be decided: a cards-in drive's cards give only totals.
    totals_only: str = ""
    # The recorded consolation draws: the n-th "Consolation draw" of the list
    # (1 first) -> the draw.
    consolations: Mapping[int, ConsolationDrawn] = field(default_factory=dict)

    def title(self, spec: PrizeSpec) -> str:
        """A prize's title, in the format's words."""
        return spec.title(self.labels, hands_won=str(self.words.most_hands_won))

    @property
    def half_note(self) -> str:
        return self.half_words or _("after hand %(hand)d") % {"hand": self.half_hand}

    @property
    def second_half_note(self) -> str:
        return _("the hands after half-time (%(half)s)") % {"half": self.half_note}


@dataclass(frozen=True)
class ConsolationDrawn:
    """A consolation draw the site made: who was in the pool (competitor keys,
    number order), the seed, when (as the page shows it) and who came out."""

    winner: int
    seed: int
    pool: tuple[int, ...]
    when: str = ""


class AwardStatus(str, Enum):
    WON = "won"
    SHARED = "shared"
    AWAITING_DRAW = "awaiting_draw"  # level: the organiser records the cut
    PENDING = "pending"  # not decided yet: half-time not reached, no mystery score...
    NONE = "none"  # nobody can win it (too few players, no such group)


def numbers_text(numbers: Sequence[int]) -> str:
    """Entry numbers as a pair is shown: "3 & 4"."""
    return joined_pair(numbers)


@dataclass(frozen=True)
class Winner:
    key: int
    number: int
    name: str
    total: int  # the total the prize is read from (the half-time total at half-time)
    # A pair: both entries' keys and numbers (Competitor.members, .numbers).
    members: tuple[int, ...] = ()
    numbers: tuple[int, ...] = ()
    # The average share of the table the prize went by (Evening.by_share).
    share: Fraction | None = None
    group: str = ""  # "A" or "B"; "" in a format without groups, or a pair

    @property
    def keys(self) -> tuple[int, ...]:
        return self.members or (self.key,)

    @property
    def numbers_text(self) -> str:
        """The entry number, or a pair's numbers: "3 & 4"."""
        return numbers_text(self.numbers or (self.number,))

    @property
    def shown_number(self) -> int | str:
        """The number as a sheet's cell: a number, or a pair's "3 & 4"."""
        return self.numbers_text if len(self.numbers) > 1 else self.number


def _winner(c: Competitor, total: int, share: Fraction | None = None) -> Winner:
    return Winner(c.key, c.number, c.name, total, c.members, c.numbers, share, c.group)


@dataclass(frozen=True)
class Tie:
    """A prize won on a tie-break: who else was level with its winner in the
    prize's own contest, whether on its score, and the rule that decided it,
    as the engine ranked them (the MC says it: prizes.giving)."""

    rule: Rule  # the tie-break that decided it (Placing.decided_by)
    # True: level on the score the prize shows its winner with (a total, a
    # half-time total, a share); False: on a count or a distance the note
    # says (hands won, hands of N tricks, the mystery score).
    on_score: bool
    others: tuple[Winner, ...]  # level with the winner, each with their score
    # What the prize's note says beside the rule (a count, a distance, "after
    # hand 12"): the MC's note, where the sentence says the rule.
    beside: str = ""


# The contests whose value is the score a prize shows its winner with.
SCORE_CONTESTS = frozenset({Contest.FINAL, Contest.HALF_TIME, Contest.SECOND_HALF})


@dataclass(frozen=True)
class Award:
    position: int
    spec: PrizeSpec
    title: str
    status: AwardStatus
    winners: tuple[Winner, ...] = ()
    note: str = ""
    contest: Contest | None = None
    # Won on a tie-break: who it was decided against (None: nobody was level,
    # or the prize is shared or waits for a draw).
    tie: Tie | None = None

    @property
    def in_sentence(self) -> str:
        """The title inside a running sentence, after a colon or in a list
        ("Twoje nagrody: najlepszy wynik w grupie Panie, The Smith Cup."):
        the site's own name of the prize as the language writes it there
        (prizes.prize_words.in_sentence); a name the organiser typed, as typed."""
        if self.spec.name:
            return self.title
        return in_sentence(self.title, get_language())

    @property
    def decided(self) -> bool:
        return self.status in (AwardStatus.WON, AwardStatus.SHARED)

    @property
    def draw_keys(self) -> tuple[int, ...]:
        """The keys that cut for this prize, while the draw is awaited."""
        if self.status is not AwardStatus.AWAITING_DRAW:
            return ()
        return tuple(w.key for w in self.winners)


def _contender(
    c: Competitor,
    value: int | Fraction,
    *,
    up_to: int | None = None,
    after: int | None = None,
) -> Contender:
    """`c` in a contest over the hands up to `up_to` (half-time) or after
    `after` (the second half, its hands sat out compensated as the second
    half's own); otherwise over every hand."""

    if up_to is None and after is None:
        # The whole evening (most prizes): the competitor's own scores as they are.
        return Contender(
            key=c.key,
            value=value,
            hand_scores=c.hand_scores,
            sat_out_scores=c.sat_out_scores,
            hands_won=c.hands_won,
            number=c.number,
        )

    def keep(hand: int) -> bool:
        return (up_to is None or hand <= up_to) and (after is None or hand > after)

    sat_out = c.sat_out_scores if after is None else c.second_half_sat_out(after)
    return Contender(
        key=c.key,
        value=value,
        hand_scores={h: s for h, s in c.hand_scores.items() if keep(h)},
        sat_out_scores={h: s for h, s in sat_out.items() if keep(h)},
        hands_won=sum(1 for h in c.won_hands if keep(h)),
        number=c.number,
    )


def _note(placing: Placing, words: HandsTieWords, extra: str = "") -> str:
    parts = []
    if placing.outcome is Outcome.SHARED:
        parts.append(_("shared"))
    elif placing.outcome is Outcome.AWAITING_DRAW:
        parts.append(_("level: waiting for the draw"))
    elif placing.decided_by is not None:
        parts.append(words.note(placing.decided_by))
    if extra:
        parts.append(extra)
    return "; ".join(parts)


def _tie(
    base: Award,
    block: Sequence[Placing],
    placings: Sequence[Placing],
    winner: Callable[[int], Winner],
    beside: str,
) -> Tie | None:
    """Who the winner of a prize decided by a tie-break was level with: every
    other contender of the same value in the prize's ranking (`placings`)."""
    first = block[0]
    if first.outcome is not Outcome.DECIDED or first.decided_by is None:
        return None
    others = tuple(
        winner(p.key)
        for p in placings
        if p.value == first.value and p.key not in first.block
    )
    if not others:
        return None
    return Tie(
        rule=first.decided_by,
        on_score=base.contest in SCORE_CONTESTS,
        others=others,
        beside=beside,
    )


_STATUS = {
    Outcome.DECIDED: AwardStatus.WON,
    Outcome.SHARED: AwardStatus.SHARED,
    Outcome.AWAITING_DRAW: AwardStatus.AWAITING_DRAW,
}


class _PrizeGiving:
    """Walks the prize list in order, remembering who has won what."""

    def __init__(self, evening: Evening) -> None:
        self.evening = evening
        self.by_key = {c.key: c for c in evening.competitors}
        # Any entry's competitor: itself, or its pair.
        self.by_entry = {k: c for c in evening.competitors for k in c.keys}
        self.taken: set[int] = set()
        self.taken_by_series: dict[tuple[PrizeKind, str], set[int]] = {}

    def eligible(
        self, series: tuple[PrizeKind, str] | None, *, half_time: bool = False
    ) -> list[Competitor]:
        """Everyone, or with one prize per person everyone without an earlier prize
        (places of the same series still count from the same standings); but
        for the half-time prize, nobody who left early (Competitor.left_early)."""
        present = [c for c in self.evening.competitors if half_time or not c.left_early]
        if not self.evening.one_prize_per_person:
            return present
        own = self.taken_by_series.get(series, set()) if series else set()
        skipped = self.taken - own
        return [c for c in present if c.key not in skipped]

    def placed(
        self,
        contest: Contest,
        competitors: Sequence[Competitor],
        values: Mapping[int, int],
        *,
        up_to: int | None = None,
        after: int | None = None,
    ) -> list[Placing]:
        return rank(
            [
                _contender(c, values[c.key], up_to=up_to, after=after)
                for c in competitors
            ],
            order=self.evening.order,
            last_hand=up_to or self.evening.last_hand,
            draws=self.evening.draws.get(contest, {}),
        )

    def shares(
        self, field_of: Sequence[Competitor], *, half_time: bool
    ) -> dict[int, Fraction] | None:
        """The competitors' average shares the prize goes by (None: the
        drive ranks by totals). One who has played no game has no share and
        is left out, as the boards rank them last with none and the results
        e-mail places only those who played."""
        if not self.evening.by_share:
            return None
        found = {c.key: c.half_share if half_time else c.share for c in field_of}
        return {key: share for key, share in found.items() if share is not None}

    def give(
        self,
        base: Award,
        block: Sequence[Placing],
        shown: Mapping[int, int],
        extra: str = "",
        shares: Mapping[int, Fraction] | None = None,
        *,
        placings: Sequence[Placing],
    ) -> Award:
        """`base` won by `block`, a block of level places in the prize's ranking
        `placings`, which says who else was level (Award.tie)."""

        def winner(key: int) -> Winner:
            share = shares.get(key) if shares is not None else None
            return _winner(self.by_key[key], shown[key], share)

        winners = tuple(winner(p.key) for p in block)
        keys = {w.key for w in winners}
        self.taken.update(keys)
        self.taken_by_series.setdefault(base.spec.series, set()).update(keys)
        return replace(
            base,
            status=_STATUS[block[0].outcome],
            winners=winners,
            note=_note(block[0], self.evening.tie_words, extra),
            tie=_tie(base, block, placings, winner, extra),
        )

    def award(self, position: int, spec: PrizeSpec) -> Award:
        evening = self.evening
        base = Award(
            position,
            spec,
            evening.title(spec),
            AwardStatus.NONE,
            contest=contest_of(spec),
        )
        if spec.kind is PrizeKind.CUSTOM:
            return self.custom(base)
        why_not = cannot_give(spec, evening)
        if why_not:
            return replace(base, note=why_not)
        if spec.kind is PrizeKind.HALF_TIME:
            return self.half_time(base)
        if spec.kind is PrizeKind.SECOND_HALF:
            return self.second_half(base)
        if spec.kind is PrizeKind.MOST_TRICKS:
            return self.most_tricks(base)
        if spec.kind is PrizeKind.MYSTERY and evening.mystery is None:
            return replace(
                base,
                status=AwardStatus.PENDING,
                note=_("the mystery score is not drawn yet"),
            )
        positional = spec.kind in (PrizeKind.OVERALL, PrizeKind.GROUP)
        field_of = [
            c
            for c in self.eligible(spec.series if positional else None)
            if not spec.group or c.group == spec.group
        ]
        shares = self.shares(field_of, half_time=False)
        if shares is not None:
            field_of = [c for c in field_of if c.key in shares]
        if not field_of:
            return replace(base, note=_("nobody to award it to"))
        totals = {c.key: c.total for c in field_of}
        ranked_by = shares if shares is not None else totals
        if positional:
            placings = self.placed(Contest.FINAL, field_of, ranked_by)
            if spec.place > len(placings):
                return replace(base, note=_("not enough players"))
            holder = placings[spec.place - 1]
            return self.give(
                base,
                [p for p in placings if p.rank == holder.rank],
                totals,
                shares=shares,
                placings=placings,
            )
        if spec.kind in (PrizeKind.BOOBY, PrizeKind.LOWEST):
            placings = self.placed(Contest.FINAL, field_of, ranked_by)
            return self.give(
                base,
                blocks_of(placings)[-1],
                totals,
                shares=shares,
                placings=placings,
            )
        if spec.kind is PrizeKind.MOST_HANDS_WON:
            counts = {c.key: c.hands_won for c in field_of}
            placings = self.placed(Contest.HANDS_WON, field_of, counts)
            best = blocks_of(placings)[0]
            hands = counts[best[0].key]
            won = evening.words.hands_won_count(hands)
            return self.give(base, best, totals, won, placings=placings)
        target = evening.mystery
        assert target is not None
        distance = {c.key: -abs(c.total - target) for c in field_of}
        placings = self.placed(Contest.MYSTERY, field_of, distance)
        best = blocks_of(placings)[0]
        away = -distance[best[0].key]
        extra = (
            _("exactly the mystery score %(target)d") % {"target": target}
            if away == 0
            else _("%(away)d away from the mystery score %(target)d")
            % {"away": away, "target": target}
        )
        return self.give(base, best, totals, extra, placings=placings)

    def custom(self, base: Award) -> Award:
        winner = base.spec.winner
        chosen = self.by_entry.get(winner) if winner is not None else None
        if chosen is None:
            return replace(
                base, status=AwardStatus.PENDING, note=_("winner not chosen yet")
            )
        self.taken.add(chosen.key)
        return replace(
            base,
            status=AwardStatus.WON,
            winners=(_winner(chosen, chosen.total),),
            note=_("chosen by the organiser"),
        )

    def half_time(self, base: Award) -> Award:
        evening, spec = self.evening, base.spec
        if evening.totals_only:
            return replace(base, note=evening.totals_only)
        if not evening.half_hand:
            return replace(base, note=_("this drive has no half-time"))
        if not evening.half_time_reached:
            return replace(base, status=AwardStatus.PENDING, note=evening.half_note)
        field_of = [
            c
            for c in self.eligible(None, half_time=True)
            if (not spec.group or c.group == spec.group) and c.half_total is not None
        ]
        shares = self.shares(field_of, half_time=True)
        if shares is not None:
            field_of = [c for c in field_of if c.key in shares]
        if not field_of:
            return replace(base, note=_("nobody to award it to"))
        half_totals = {c.key: c.half_total for c in field_of}
        placings = self.placed(
            Contest.HALF_TIME,
            field_of,
            shares if shares is not None else half_totals,
            up_to=evening.half_hand,
        )
        return self.give(
            base,
            blocks_of(placings)[0],
            half_totals,
            evening.half_note,
            shares=shares,
            placings=placings,
        )

    def second_half(self, base: Award) -> Award:
        """The best score over the hands after half-time (see Competitor.second_half_total)."""
        evening, spec = self.evening, base.spec
        if evening.totals_only:
            return replace(base, note=evening.totals_only)
        if not evening.half_hand:
            return replace(base, note=_("this drive has no half-time"))
        if not evening.half_time_reached:
            return replace(
                base, status=AwardStatus.PENDING, note=evening.second_half_note
            )
        field_of = [
            c for c in self.eligible(None) if not spec.group or c.group == spec.group
        ]
        half = evening.half_hand
        # Only who played or sat out a hand of the second half takes part.
        field_of = [
            c
            for c in field_of
            if any(h > half for h in c.hand_scores) or c.second_half_sat_out(half)
        ]
        if not field_of:
            return replace(
                base, status=AwardStatus.PENDING, note=evening.second_half_note
            )
        totals = {c.key: c.second_half_total(half) for c in field_of}
        placings = self.placed(Contest.SECOND_HALF, field_of, totals, after=half)
        return self.give(
            base,
            blocks_of(placings)[0],
            totals,
            evening.second_half_note,
            placings=placings,
        )

    def most_tricks(self, base: Award) -> Award:
        """The most hands of N or more tricks (N: the spec's place)."""
        evening, spec = self.evening, base.spec
        if evening.totals_only:
            return replace(base, note=evening.totals_only)
        field_of = [
            c for c in self.eligible(None) if not spec.group or c.group == spec.group
        ]
        if not field_of:
            return replace(base, note=_("nobody to award it to"))
        counts = {c.key: c.hands_of_tricks(spec.place) for c in field_of}
        contest = tricks_contest(spec.place)
        placings = self.placed(contest, field_of, counts)
        best = blocks_of(placings)[0]
        hands = counts[best[0].key]
        totals = {c.key: c.total for c in field_of}
        extra = ngettext(
            "%(hands)d hand of %(tricks)d or more tricks",
            "%(hands)d hands of %(tricks)d or more tricks",
            hands,
        ) % {"hands": hands, "tricks": spec.place}
        return self.give(base, best, totals, extra, placings=placings)

    def consolation(self, base: Award, nth: int) -> Award:
        """The n-th consolation draw of the list, as the site recorded it."""
        drawn = self.evening.consolations.get(nth)
        if drawn is None:
            return replace(
                base,
                status=AwardStatus.PENDING,
                note=_("not drawn yet: drawn once every other prize is decided"),
            )
        chosen = self.by_entry.get(drawn.winner)
        if chosen is None:
            return replace(base, note=_("the entry drawn no longer took part"))
        note = self.evening.words.consolation_drawn(
            count=len(drawn.pool), when=drawn.when, seed=drawn.seed
        )
        if chosen.key in self.taken:
            note += "; " + _(
                "has since won another prize (a correction?): the organiser may "
                "draw again"
            )
        return replace(
            base,
            status=AwardStatus.WON,
            winners=(_winner(chosen, chosen.total),),
            note=note,
        )


def cannot_give(spec: PrizeSpec, evening: Evening) -> str:
    """Why the drive's format can never give `spec`, whoever plays ("" when it
    can): a group's prize where the format has no groups, the most hands of N
    tricks where it has no sides (prediction whist). A club's list is copied
    to every drive, so such a prize is left off what players see
    (`tonight`)."""
    if spec.kind is PrizeKind.CUSTOM:
        return ""
    if spec.group and not evening.has_groups:
        return _("this drive has no groups")
    if spec.kind is PrizeKind.MOST_TRICKS and not evening.has_tricks:
        return _("prediction whist has no sides and no N-S tricks: nobody can win it")
    return ""


def tonight(
    awards: Sequence[Award], evening: Evening
) -> tuple[list[Award], list[Award]]:
    """(the prizes the drive gives, in the list's order; those its format
    cannot give, each with its note saying why)."""
    given: list[Award] = []
    left_off: list[Award] = []
    for award in awards:
        (left_off if cannot_give(award.spec, evening) else given).append(award)
    return given, left_off


def award_prizes(specs: Sequence[PrizeSpec], evening: Evening) -> list[Award]:
    """Each prize of the list with its winners, in the list's order.

    The consolation draws are read last, whatever their place on the list:
    they go to someone without any other prize, and their winners take
    nobody's place in the others (one prize per person never skips them).
    """
    giving = _PrizeGiving(evening)
    awards: dict[int, Award] = {}
    consolations: list[tuple[int, PrizeSpec]] = []
    for position, spec in enumerate(specs, start=1):
        if spec.kind is PrizeKind.CONSOLATION:
            consolations.append((position, spec))
        else:
            awards[position] = giving.award(position, spec)
    for nth, (position, spec) in enumerate(consolations, start=1):
        base = Award(position, spec, evening.title(spec), AwardStatus.NONE)
        awards[position] = giving.consolation(base, nth)
    return [awards[position] for position in sorted(awards)]


def open_draws(awards: Sequence[Award]) -> list[tuple[Contest, tuple[int, ...], str]]:
    """(contest, keys, prize title) of each tie waiting for the organiser's draw."""
    seen: set[tuple[Contest, frozenset[int]]] = set()
    found = []
    for a in awards:
        if a.status is AwardStatus.AWAITING_DRAW and a.contest is not None:
            marker = (a.contest, frozenset(a.draw_keys))
            if marker not in seen:
                seen.add(marker)
                found.append((a.contest, a.draw_keys, a.title))
    return found

"""Rubber whist: hands make games, games make rubbers, rubbers make the evening.

A round at a table is played as rubbers between its two pairs, N-S and E-W.

- *A hand*: the side taking seven tricks or more scores one point for each
  trick over six; then honours, if counted. Honours are the trump ace, king,
  queen and jack: a side holding three of them scores the first honours value
  (2, or 3 in the Russian preset), a side holding all four the second (4). A
  No-trumps hand has no honours, nor has American whist. Tricks score before
  honours, so when both sides would reach game on one hand, the side scoring
  tricks wins it.
- *A revoke* costs tricks or game points (the penalty's number, 3 or 2):
  *tricks* pass to the opponents before the tricks are scored (never more than
  the offenders took); otherwise, after the hand's tricks and honours, the
  offenders *give* that many points (they lose what they have of them, up to
  the number, and the opponents gain the number), or *lose* them, or the
  opponents *gain* them. A game score never goes below 0, and penalty points
  count toward game like any others. Whatever the penalty, a side cannot win
  the game on a hand in which it revoked: its score that hand stops one short
  of game (the opponents' does not). When both sides revoke, the hand is void
  and nothing scores.
- *A game* is won by the first side to reach the target: 5 (English and Russian
  short whist), 7 (American whist), 9 or 10 (long whist). A side may finish
  above the target (4 and then 3 for tricks to a target of 5 is 7); points past
  the target only end the game. The next hand starts a new game at nothing all.
- *Honours limits* (one of them, a setting): none; honours never score the last
  point of a game, so they take a side at most to one short of the target
  (Polish rule: game to 9, six all, a side takes 7 tricks and holds three
  honours, so 1 for the trick and only 1 for honours: 8 to 6); or a side one
  point from game when the hand is dealt scores no honours on it (Italian rule,
  the English "at the score of four honours do not count").
- *Losers' honours dropped* (a setting, on in every preset, from the Russian
  text): once a hand's tricks win the game, the other side's honours on that
  hand do not count. With it off they count, but never take the losers to the
  target: the game is already lost.
- *Game bonus* to the winners: *fixed* is 3 when the losers have nothing, 2 when
  they have 1 or 2, 1 when they have 3 or 4, for a game of 5. For other targets
  the same steps are scaled: 3 when the losers have less than a fifth of the
  target, 2 when they have less than three fifths of it, otherwise 1. *American*:
  the winners score the target (7 in American whist) less the losers' points.
- *A rubber* is the best of three games: a pair winning the first two does not
  play the third. The rubber's winners gain the rubber bonus (2). A rubber's
  value to each pair is the bonuses it won: its games' bonuses and the rubber
  bonus (settlement "own"); or, the Russian text's reading ("net"), a game won
  by the rubber's losers is subtracted from the winners, and the losers score
  nothing. After a rubber, the next hand at the table starts a new one.
- *The bell*: a rubber in progress is scored as it stands (the games won and
  their bonuses, no rubber bonus) and the table moves; the game in progress
  scores nothing. Each player's evening score is the sum of their pair's
  rubber values.

Scores are pairs (N-S, E-W). Only the deals are kept, so changing a setting
afterwards recomputes everything.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from dataclasses import dataclass

from django.utils.translation import gettext as _
from django.utils.translation import ngettext, pgettext

from drive import rubber_rules
from drive.movement.types import Side
from players.score_text import signed_text
from scoring.rules import (
    Honours,
    Revoke,
    RevokePenalty,
    Rule,
    Scoring,
    check_deal,
    check_tricks,
    deal_tricks,
    hand_scores,
    revoke_points,
    side_name,
)

Score = tuple[int, int]  # (N-S, E-W)

HONOURS = tuple(h.value for h in Honours)
REVOKES = tuple(r.value for r in Revoke)
REVOKE_PENALTIES = rubber_rules.REVOKE_PENALTIES
HONOURS_LIMITS = rubber_rules.HONOURS_LIMITS
BONUSES = rubber_rules.BONUSES
GAMES_TO_WIN_RUBBER = 2


@dataclass(frozen=True)
class RubberSettings:
    target: int = 5
    honours_counted: bool = True
    # What three and four honours score.
    honours_values: tuple[int, int] = (2, 4)
    honours_limit: str = "none"
    losers_honours_dropped: bool = True
    bonus: str = "fixed"
    rubber_bonus: int = 2
    settlement: str = "own"
    # What a revoke costs (RevokePenalty's values), and how many tricks or points.
    revoke_penalty: str = "tricks"
    revoke_tricks: int = 3

    def __post_init__(self) -> None:
        if self.target < 1:
            raise ValueError(_("A game's target is at least 1 point."))
        three, four = self.honours_values
        if not 0 <= three <= four:
            raise ValueError(
                _("Honours values are (three, four), four at least three.")
            )
        if self.honours_limit not in HONOURS_LIMITS:
            raise ValueError(f"Unknown honours limit {self.honours_limit!r}.")
        if self.bonus not in BONUSES:
            raise ValueError(f"Unknown game bonus {self.bonus!r}.")
        if self.rubber_bonus < 0:
            raise ValueError(_("The rubber bonus is not negative."))
        check_tricks(self.revoke_tricks)
        if self.revoke_penalty not in REVOKE_PENALTIES:
            raise ValueError(f"Unknown revoke penalty {self.revoke_penalty!r}.")
        if self.settlement not in rubber_rules.SETTLEMENTS:
            raise ValueError(f"Unknown settlement {self.settlement!r}.")


def _settings(rules: rubber_rules.RubberRules, **changes) -> RubberSettings:
    """The settings of a drive's rubber rules (drive.rubber_rules), with any
    of them changed."""
    three, four = rules.honours_values.split("-")
    settings = RubberSettings(
        target=rules.target,
        honours_counted=rules.honours,
        honours_values=(int(three), int(four)),
        honours_limit=rules.honours_limit,
        losers_honours_dropped=rules.losers_honours == "dropped",
        bonus=rules.bonus,
        rubber_bonus=rules.rubber_bonus,
        revoke_penalty=rules.revoke_penalty,
        revoke_tricks=rules.revoke_points,
        settlement=rules.settlement,
    )
    return dataclasses.replace(settings, **changes)


# The presets, as drive.rubber_rules writes them.
PRESETS: dict[str, RubberSettings] = {
    name: _settings(rules) for name, rules in rubber_rules.PRESETS.items()
}


def settings_for(preset: str, **changes) -> RubberSettings:
    """A preset's settings, with any of them changed: settings_for("long", target=9)."""
    if preset not in PRESETS:
        raise ValueError(f"Unknown rubber preset {preset!r}.")
    return dataclasses.replace(PRESETS[preset], **changes)


@dataclass(frozen=True)
class RubberHand:
    """One hand as the table records it: N-S tricks, who held honours, who revoked."""

    ns_tricks: int
    honours: str = ""
    revoke: str = ""
    no_trumps: bool = False

    def __post_init__(self) -> None:
        check_tricks(self.ns_tricks)
        check_deal(
            self.honours, self.revoke, honours_counted=True, no_trumps=self.no_trumps
        )


@dataclass(frozen=True)
class Hand:
    """One deal as its game saw it: the score before, and the points it made."""

    number: int  # the deal's place among the table's deals, from 1
    deal: RubberHand
    ns_tricks: int  # after any revoke
    before: Score
    tricks: Score  # points for tricks
    honours: Score  # points for honours, after the limits
    game_to: Side | None = None
    rubber_to: Side | None = None
    # What a revoke changed after the tricks and honours: its penalty in game
    # points, and the offenders' stop one short of game.
    penalty: Score = (0, 0)

    @property
    def points(self) -> Score:
        return (
            self.tricks[0] + self.honours[0] + self.penalty[0],
            self.tricks[1] + self.honours[1] + self.penalty[1],
        )

    @property
    def after(self) -> Score:
        ns, ew = self.points
        return (self.before[0] + ns, self.before[1] + ew)


@dataclass(frozen=True)
class Game:
    """A game of a rubber; its winner is None when the bell cut it."""

    number: int  # 1..3 within its rubber
    hands: tuple[Hand, ...]
    winner: Side | None
    bonus: int  # to the winner; 0 when the bell cut the game

    @property
    def score(self) -> Score:
        return self.hands[-1].after


@dataclass(frozen=True)
class Rubber:
    """Up to three games; its winner is None when the bell cut it."""

    number: int  # 1.. within the table's round
    games: tuple[Game, ...]
    winner: Side | None
    rubber_bonus: int  # to the winner; 0 when the bell cut the rubber
    # The losers' games are subtracted from the winners (settlement "net").
    net: bool = False

    @property
    def over(self) -> bool:
        return self.winner is not None

    def won(self, side: Side) -> int:
        """Games won by `side`."""
        return sum(game.winner is side for game in self.games)

    def bonuses(self, side: Side) -> int:
        """The bonuses of the games `side` won."""
        return sum(game.bonus for game in self.games if game.winner is side)

    def value(self, side: Side) -> int:
        """What the rubber is worth to `side`: its games' bonuses and the rubber
        bonus; when net, the winners' less the losers' games, the losers nothing."""
        own = self.bonuses(side) + (self.rubber_bonus if self.winner is side else 0)
        if not self.net or self.winner is None:
            return own
        if self.winner is side:
            return own - self.bonuses(side.other)
        return 0

    @property
    def values(self) -> Score:
        return (self.value(Side.NS), self.value(Side.EW))

    @property
    def hands(self) -> tuple[Hand, ...]:
        return tuple(hand for game in self.games for hand in game.hands)


def _of(score: Score, side: Side) -> int:
    return score[0] if side is Side.NS else score[1]


def _pair(side: Side, points: int) -> Score:
    return (points, 0) if side is Side.NS else (0, points)


def tricks_after_revoke(deal: RubberHand, settings: RubberSettings) -> int:
    """The N-S tricks once a revoke's penalty tricks have gone to the opponents
    (as entered when the penalty is in points)."""
    scoring = Scoring(
        revoke_penalty=RevokePenalty(settings.revoke_penalty),
        revoke_tricks=settings.revoke_tricks,
    )
    return deal_tricks(deal.ns_tricks, scoring, deal.revoke)


def honours_value(
    deal: RubberHand, settings: RubberSettings
) -> tuple[Side | None, int]:
    """Who held honours on `deal` and what they are worth before any limit."""
    honours = Honours(deal.honours)
    if honours is Honours.NONE or not settings.honours_counted:
        return None, 0
    three, four = settings.honours_values
    return honours.side, (four if honours.count == 4 else three)


def _honours_counted(
    value: int, start: int, now: int, lost: bool, settings: RubberSettings
) -> int:
    """The honours a side scores: `start` its score when the hand was dealt, `now`
    its score after the hand's tricks, `lost` whether the other side's tricks won
    the game on this hand."""
    short_of_game = settings.target - 1
    if lost:
        if settings.losers_honours_dropped:
            return 0
        value = min(value, max(0, short_of_game - now))
    if settings.honours_limit == "not_one_from_game" and start >= short_of_game:
        return 0
    if settings.honours_limit == "not_last_point":
        return min(value, max(0, short_of_game - now))
    return value


def score_hand(
    deal: RubberHand, before: Score, settings: RubberSettings, number: int = 1
) -> Hand:
    """What `deal` scores from the game score `before`, and whose game it ends."""
    if deal.revoke == "both":
        return Hand(number, deal, deal.ns_tricks, before, (0, 0), (0, 0))
    offenders = Revoke(deal.revoke).offenders
    ns_tricks = tricks_after_revoke(deal, settings)
    tricks = hand_scores(ns_tricks, Rule.ODD_TRICKS)
    after_tricks = (before[0] + tricks[0], before[1] + tricks[1])
    game_to = _reached(after_tricks, settings, barred=offenders)
    honours: Score = (0, 0)
    holders, value = honours_value(deal, settings)
    if holders is not None:
        counted = _honours_counted(
            value,
            _of(before, holders),
            _of(after_tricks, holders),
            game_to is holders.other,
            settings,
        )
        honours = _pair(holders, counted)
    hand = Hand(number, deal, ns_tricks, before, tricks, honours)
    if offenders is not None:
        hand = dataclasses.replace(hand, penalty=_penalty(hand, offenders, settings))
    return dataclasses.replace(
        hand, game_to=game_to or _reached(hand.after, settings, barred=offenders)
    )


def _penalty(hand: Hand, offenders: Side, settings: RubberSettings) -> Score:
    """What `offenders`' revoke changes once the hand's tricks and honours have
    scored: its points (none when tricks passed instead), and then the
    offenders' score stops one short of game, since a side cannot win the game
    on a hand in which it revoked."""
    scored = hand.after
    after = revoke_points(
        scored, offenders, settings.revoke_penalty, settings.revoke_tricks
    )
    short_of_game = settings.target - 1
    if _of(after, offenders) > short_of_game:
        if offenders is Side.NS:
            after = (short_of_game, after[1])
        else:
            after = (after[0], short_of_game)
    return (after[0] - scored[0], after[1] - scored[1])


def _reached(
    score: Score, settings: RubberSettings, barred: Side | None = None
) -> Side | None:
    """The side that has reached the target (tricks first: only one side can),
    never `barred`, the side that revoked on the hand."""
    for side in (Side.NS, Side.EW):
        if side is not barred and _of(score, side) >= settings.target:
            return side
    return None


def game_bonus(losers: int, settings: RubberSettings) -> int:
    """The game's bonus to its winners, from the losers' points."""
    if settings.bonus == "american":
        return settings.target - losers
    if losers * 5 < settings.target:
        return 3
    if losers * 5 < settings.target * 3:
        return 2
    return 1


def play_table(deals: Sequence[RubberHand], settings: RubberSettings) -> list[Rubber]:
    """A table's deals of one round, in order, as consecutive rubbers; the last
    rubber may be unfinished (the bell), and is then scored as it stands."""
    rubbers: list[Rubber] = []
    games: list[Game] = []
    hands: list[Hand] = []
    score: Score = (0, 0)
    for number, deal in enumerate(deals, 1):
        hand = score_hand(deal, score, settings, number)
        score = hand.after
        if hand.game_to is None:
            hands.append(hand)
            continue
        winner = hand.game_to
        over = sum(g.winner is winner for g in games) + 1 == GAMES_TO_WIN_RUBBER
        if over:
            hand = dataclasses.replace(hand, rubber_to=winner)
        hands.append(hand)
        bonus = game_bonus(_of(score, winner.other), settings)
        games.append(Game(len(games) + 1, tuple(hands), winner, bonus))
        hands, score = [], (0, 0)
        if over:
            rubbers.append(
                Rubber(
                    len(rubbers) + 1,
                    tuple(games),
                    winner,
                    settings.rubber_bonus,
                    net=settings.settlement == "net",
                )
            )
            games = []
    if hands:
        games.append(Game(len(games) + 1, tuple(hands), None, 0))
    if games:
        rubbers.append(Rubber(len(rubbers) + 1, tuple(games), None, 0))
    return rubbers


def hand_awards(rubbers: Sequence[Rubber]) -> list[Score]:
    """What each hand of a table's round adds to each pair's evening score, in
    deal order: a game's bonus on the hand that won it, and the rubber bonus
    on the hand that won the rubber; nothing on any other hand. Their sum is
    table_values(rubbers)."""
    awards: list[Score] = []
    for rubber in rubbers:
        for game in rubber.games:
            awards += [(0, 0)] * (len(game.hands) - 1)
            last = game.hands[-1]
            points = 0
            if game.winner is not None:
                points = game.bonus
                award = _pair(game.winner, points)
                if last.rubber_to is game.winner:
                    # The hand that wins the rubber brings each pair's score
                    # for it to the rubber's value.
                    award = (
                        rubber.value(Side.NS) - _earlier(rubber, Side.NS),
                        rubber.value(Side.EW) - _earlier(rubber, Side.EW),
                    )
                awards.append(award)
            else:
                awards.append((0, 0))
    return awards


def _earlier(rubber: Rubber, side: Side) -> int:
    """The bonuses `side` was awarded before the hand that won `rubber`."""
    return sum(game.bonus for game in rubber.games[:-1] if game.winner is side)


def settings_of(drive: object) -> RubberSettings:
    """A rubber drive's settings: its preset, with any setting the organiser
    changed (drive.rubber_rules.chosen: honours values and revoke penalty
    among them); honours count when the drive counts them and the book has them."""
    rules = rubber_rules.chosen(drive)
    return _settings(rules, honours_counted=rubber_rules.scores_honours(drive))


def table_values(rubbers: Sequence[Rubber]) -> Score:
    """(N-S, E-W): what a table's rubbers are worth to each pair, for each of its
    players' evening score."""
    return (
        sum(rubber.value(Side.NS) for rubber in rubbers),
        sum(rubber.value(Side.EW) for rubber in rubbers),
    )


@dataclass(frozen=True)
class GameRow:
    """One row of the "Games" sheet: a game finished or cut by the bell."""

    table: int
    round: int
    rubber: int
    game: int
    ns: int
    ew: int
    winner: Side | None
    bonus: int


def game_rows(rubbers: Sequence[Rubber], *, table: int, round: int) -> list[GameRow]:
    return [
        GameRow(
            table,
            round,
            rubber.number,
            game.number,
            *game.score,
            game.winner,
            game.bonus,
        )
        for rubber in rubbers
        for game in rubber.games
    ]


def hand_words(hand: Hand) -> str:
    """What a hand did, in plain words: "Game to N-S, 5-2", "Game and rubber to
    E-W, 5-3", "N-S 2 for tricks, N-S 2 for honours; game score 4-1" (the game
    score after it). The pages put it after "Last hand:", so it has no colon
    of its own: one sentence, not two run together."""
    if hand.deal.revoke == "both":
        return _("Both sides revoked, so the hand scores nothing.")
    if hand.game_to is not None:
        winner = hand.game_to
        values = {
            "side": side_name(winner),
            # Russian writes a score with a colon ("6:0").
            "score": pgettext("a game's score", "%(won)s-%(lost)s")
            % {"won": _of(hand.after, winner), "lost": _of(hand.after, winner.other)},
        }
        if hand.rubber_to is not None:
            return _("Game and rubber to %(side)s, %(score)s") % values
        return _("Game to %(side)s, %(score)s") % values
    parts = []
    for side in (Side.NS, Side.EW):
        if _of(hand.tricks, side):
            parts.append(
                _("%(side)s %(points)s for tricks")
                % {"side": side_name(side), "points": _of(hand.tricks, side)}
            )
    for side in (Side.NS, Side.EW):
        if _of(hand.honours, side):
            parts.append(
                _("%(side)s %(points)s for honours")
                % {"side": side_name(side), "points": _of(hand.honours, side)}
            )
    for side in (Side.NS, Side.EW):
        if _of(hand.penalty, side):
            parts.append(
                # Translators: points with their sign, "+3" or "−3" (the true minus).
                _("%(side)s %(points)s for the revoke")
                % {
                    "side": side_name(side),
                    "points": signed_text(_of(hand.penalty, side)),
                }
            )
    ns, ew = hand.after
    return _("%(points)s; game score %(ns)s-%(ew)s") % {
        "points": ", ".join(parts),
        "ns": ns,
        "ew": ew,
    }


def revoke_words(hand: Hand) -> str:
    """What a revoke cost, in plain words ("" without one)."""
    revoke = hand.deal.revoke
    if not revoke or revoke == "both":
        return ""
    offenders = Side(revoke)
    names = {"side": side_name(offenders), "other": side_name(offenders.other)}
    moved = abs(hand.ns_tricks - hand.deal.ns_tricks)
    if moved:
        words = ngettext(
            "%(side)s revoked: %(tricks)s trick to %(other)s.",
            "%(side)s revoked: %(tricks)s tricks to %(other)s.",
            moved,
        ) % {**names, "tricks": moved}
    else:
        words = _("%(side)s revoked.") % names
    changes = [
        f"{side_name(side)} {signed_text(_of(hand.penalty, side))}"
        for side in (Side.NS, Side.EW)
        if _of(hand.penalty, side)
    ]
    if changes:
        words += " " + _("Game points: %(changes)s.") % {"changes": ", ".join(changes)}
    return words

"""Rubber whist's presets and the rules a drive chooses from them, written once.

Plain Python on plain values: the drive's set-up and its page say the rules in
words from here, and scoring.rubber plays by them (scoring.rubber.settings_of
adds the drive's honours and revoke choices). docs/organiser.md, "Rubber whist", says
each rule for an organiser choosing it.

A drive keeps a preset and, for each of its settings, either "as the preset"
(empty) or its own choice: `chosen(drive)` is what the drive plays by.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

from django.utils.translation import gettext, ngettext

from drive.games import per_game
from drive.movement.types import Game

HONOURS_LIMITS = ("none", "not_last_point", "not_one_from_game")
LOSERS_HONOURS = ("dropped", "counted")
BONUSES = ("fixed", "american")
# What a rubber is worth to each pair: its own games' bonuses and the rubber
# bonus ("own"), or the Russian text's reading of it: the losers' games are
# subtracted from the winners ("net").
SETTLEMENTS = ("own", "net")
# What three and four honours score (scoring.rules.HonoursValues).
HONOURS_VALUES = ("2-4", "3-4")
# What a revoke costs (scoring.rules.RevokePenalty): tricks pass (the classic
# law), or game points: the offenders give them to the opponents, lose them,
# or the opponents gain them (the Russian text's three).
REVOKE_PENALTIES = ("tricks", "transfer", "deduct", "award")
# A round of a rubber drive has at least this many hands: a rubber is two or
# three games, and a game takes more than one hand as a rule.
FEWEST_HANDS_PER_ROUND = 4


@dataclass(frozen=True)
class RubberRules:
    """The rules of a rubber: the game's target, the honours limit, what the
    losers' honours do on the hand that ends a game, the game bonus, whether
    the book counts honours at all and what they score, and what a revoke
    costs (tricks or game points, and how many)."""

    target: int
    honours_limit: str
    losers_honours: str
    bonus: str
    honours: bool = True
    honours_values: str = "2-4"
    revoke_penalty: str = "tricks"
    revoke_points: int = 3
    settlement: str = "own"
    # Every preset gives a rubber's winners 2 more.
    rubber_bonus: int = 2

    def __post_init__(self) -> None:
        if self.target < 1:
            raise ValueError("A game's target is at least 1 point.")
        if self.honours_limit not in HONOURS_LIMITS:
            raise ValueError(f"Unknown honours limit {self.honours_limit!r}.")
        if self.losers_honours not in LOSERS_HONOURS:
            raise ValueError(f"Unknown losers' honours {self.losers_honours!r}.")
        if self.bonus not in BONUSES:
            raise ValueError(f"Unknown game bonus {self.bonus!r}.")
        if self.honours_values not in HONOURS_VALUES:
            raise ValueError(f"Unknown honours values {self.honours_values!r}.")
        if self.revoke_penalty not in REVOKE_PENALTIES:
            raise ValueError(f"Unknown revoke penalty {self.revoke_penalty!r}.")
        if self.settlement not in SETTLEMENTS:
            raise ValueError(f"Unknown settlement {self.settlement!r}.")
        if self.revoke_points < 1:
            raise ValueError("A revoke costs at least 1.")


# Each preset says what its book says (docs/organiser.md, "Rubber whist", names the text
# behind each line); the long game's scaled bonuses are the product's own.
PRESETS: dict[str, RubberRules] = {
    # The Polish and Italian texts: honours 2 and 4, game 5; the classic law:
    # three tricks pass for a revoke.
    "english": RubberRules(5, "not_one_from_game", "dropped", "fixed"),
    # The American text: game 7, the winners score 7 less the losers' points,
    # no honours; a revoke gives 2 of the offenders' points to the opponents.
    "american": RubberRules(
        7,
        "none",
        "dropped",
        "american",
        honours=False,
        revoke_penalty="transfer",
        revoke_points=2,
    ),
    "long": RubberRules(10, "not_last_point", "dropped", "fixed"),
    # The Russian text: three honours 3, four 4; at least one trick on the hand
    # that makes game (honours never score the last point); a revoke costs the
    # offenders 3 game points (the first of its three penalties).
    "russian": RubberRules(
        5,
        "not_last_point",
        "dropped",
        "fixed",
        honours_values="3-4",
        revoke_penalty="deduct",
    ),
}


def usual_preset(language: str) -> str:
    """The preset a new rubber drive of a club in `language` starts from: the
    Russian text for a Russian club, else English short whist (the Polish
    and Italian texts' rules)."""
    return "russian" if language == "ru" else "english"


def _own_choices(rules: RubberRules, drive: object) -> RubberRules:
    """`rules` with the honours values and revoke penalty `drive` chose (each
    empty: as `rules` have it)."""
    changes: dict[str, object] = {}
    if getattr(drive, "honours_values", ""):
        changes["honours_values"] = drive.honours_values
    if getattr(drive, "revoke_penalty", ""):
        changes["revoke_penalty"] = drive.revoke_penalty
    if getattr(drive, "revoke_tricks", None):
        changes["revoke_points"] = drive.revoke_tricks
    return replace(rules, **changes)


def _usual(drive: object) -> RubberRules:
    """The usual rules (the English preset's: 2 and 4, three tricks pass),
    with each setting `drive` changed."""
    return _own_choices(PRESETS["english"], drive)


def scoring_choices(drive: object) -> tuple[str, str, int]:
    """(honours values, revoke penalty, tricks or points) `drive` plays by: its
    own choice of each, else its rubber preset's (a rubber drive), else the
    usual rules (the English preset's: 2 and 4, three tricks pass)."""
    rules = SCORING_RULES[drive.game](drive)
    return rules.honours_values, rules.revoke_penalty, rules.revoke_points


def chosen(drive: object) -> RubberRules:
    """The rules `drive` plays by: its preset, with each setting it changed."""
    preset = getattr(drive, "rubber_preset", "")
    if preset not in PRESETS:
        raise ValueError(f"Unknown rubber preset {preset!r}.")
    changes: dict[str, object] = {}
    if drive.rubber_target:
        changes["target"] = drive.rubber_target
    if drive.rubber_honours_limit:
        changes["honours_limit"] = drive.rubber_honours_limit
    if drive.rubber_losers_honours:
        changes["losers_honours"] = drive.rubber_losers_honours
    if drive.rubber_bonus:
        changes["bonus"] = drive.rubber_bonus
    if getattr(drive, "rubber_settlement", ""):
        changes["settlement"] = drive.rubber_settlement
    return _own_choices(replace(PRESETS[preset], **changes), drive)


# --- in words, for the drive's page ---------------------------------------------


def preset_name(preset: str) -> str:
    return {
        "english": gettext("English short whist"),
        "american": gettext("American whist"),
        "long": gettext("Long whist"),
        "russian": gettext("Russian whist"),
    }[preset]


def target_text(target: int) -> str:
    return ngettext(
        "the first side to %(target)d point wins a game",
        "the first side to %(target)d points wins a game",
        target,
    ) % {"target": target}


def honours_limit_text(limit: str) -> str:
    return {
        "none": gettext("none: honours count as they fall"),
        "not_last_point": gettext("honours never score the last point of a game"),
        "not_one_from_game": gettext(
            "a side one point from game when the hand is dealt scores no honours"
        ),
    }[limit]


def revoke_text(penalty: str, n: int) -> str:
    """What a revoke costs, in words: "3 tricks pass from the offenders to the
    opponents"."""
    if penalty == "transfer":
        text = ngettext(
            "the offenders give %(n)d point to the opponents (losing only what "
            "they have)",
            "the offenders give %(n)d points to the opponents (losing only what "
            "they have)",
            n,
        )
    elif penalty == "deduct":
        text = ngettext(
            "the offenders lose %(n)d point",
            "the offenders lose %(n)d points",
            n,
        )
    elif penalty == "award":
        text = ngettext(
            "the opponents gain %(n)d point",
            "the opponents gain %(n)d points",
            n,
        )
    else:
        text = ngettext(
            "%(n)d trick passes from the offenders to the opponents",
            "%(n)d tricks pass from the offenders to the opponents",
            n,
        )
    return text % {"n": n}


def losers_honours_text(losers_honours: str) -> str:
    if losers_honours == "dropped":
        return gettext(
            "dropped on the hand whose tricks win the game for the other side"
        )
    return gettext("counted on that hand, but never to game")


def bonus_text(rules: RubberRules) -> str:
    """The game bonus and the rubber bonus, in words."""
    if rules.bonus == "american":
        game = gettext("the winners score %(target)d less the losers' points") % {
            "target": rules.target
        }
    elif rules.target == 5:
        game = gettext(
            "3 when the losers have nothing, 2 when they have 1 or 2, "
            "1 when they have 3 or 4"
        )
    else:
        game = gettext(
            "3 when the losers have under a fifth of the target, 2 under three "
            "fifths of it, otherwise 1"
        )
    rubber = ngettext(
        "the rubber (best of three games) gives its winners %(bonus)d more",
        "the rubber (best of three games) gives its winners %(bonus)d more",
        rules.rubber_bonus,
    ) % {"bonus": rules.rubber_bonus}
    return f"{game}; {rubber}"


def honours_values_text(rules: RubberRules) -> str:
    if not rules.honours:
        return gettext("none: this game has no honours")
    three, four = rules.honours_values.split("-")
    return gettext("three score %(three)s, four score %(four)s") % {
        "three": three,
        "four": four,
    }


def rubber_revoke_text(penalty: str, n: int) -> str:
    """A rubber's revoke rule in words: the penalty, then what holds whatever it is."""
    if penalty == "tricks":
        how = gettext("never more than they took")
    else:
        how = gettext(
            "after the hand's tricks and honours; a game score never goes below "
            "0, and these points count toward game"
        )
    return gettext(
        "%(penalty)s, %(how)s; a side cannot win the game on a hand in which "
        "it revoked: its score stops one short of game; a revoke by both "
        "sides voids the hand"
    ) % {"penalty": revoke_text(penalty, n), "how": how}


def settlement_text(settlement: str) -> str:
    if settlement == "net":
        return gettext(
            "a game won by the rubber's losers is subtracted from the winners' "
            "bonuses, and the losers score nothing; a rubber cut by the bell: "
            "each pair its own bonuses; tricks and honours only decide the games"
        )
    return gettext(
        "each pair scores its own games' bonuses and the rubber bonus; "
        "tricks and honours only decide the games"
    )


def _sources(preset: str) -> dict[str, str]:
    """Which text each of `preset`'s rules comes from, or that the product chose it."""
    own = gettext("the product's own choice")
    russian = gettext("the Russian text")
    american = gettext("the American text")
    polish_italian = gettext("the Polish and Italian texts")
    classic = gettext("the classic laws")
    by_preset = {
        "english": {
            "target": polish_italian,
            "honours": polish_italian,
            "limit": gettext(
                "the Italian text; the English: 'at four, honours do not count'"
            ),
            "bonus": classic,
            "revoke": classic,
        },
        "american": {
            "target": american,
            "honours": american,
            "limit": american,
            "bonus": american,
            "revoke": american,
        },
        "long": {
            "target": gettext("classic long whist; the Polish text: 9, a setting"),
            "honours": polish_italian,
            "limit": gettext("the Polish text"),
            "bonus": gettext(
                "the product's own choice: the short game's steps, scaled"
            ),
            "revoke": classic,
        },
        "russian": {
            "target": russian,
            "honours": russian,
            "limit": russian,
            "bonus": russian,
            "revoke": gettext(
                "the Russian text: its first penalty; the others are choices"
            ),
        },
    }[preset]
    return {
        **by_preset,
        "losers": russian
        if preset == "russian"
        else gettext("the product's own choice, from the Russian text"),
        "settlement": own,
        "bell": own,
    }


def _rule_rows(drive: object) -> list[tuple[str, str, str, bool]]:
    """(rule, words, source key, changed from the preset) for each rule
    `drive` plays by."""
    preset = PRESETS[drive.rubber_preset]
    rules = chosen(drive)
    return [
        (
            gettext("Game"),
            target_text(rules.target),
            "target",
            rules.target != preset.target,
        ),
        # A drive that does not count honours scores none, whatever the book says.
        (
            gettext("Honours"),
            honours_values_text(rules)
            if drive.count_honours or not rules.honours
            else gettext("not counted"),
            "honours",
            rules.honours_values != preset.honours_values
            or (rules.honours and not drive.count_honours),
        ),
        (
            gettext("Honours limit"),
            honours_limit_text(rules.honours_limit),
            "limit",
            rules.honours_limit != preset.honours_limit,
        ),
        (
            gettext("Losers' honours"),
            losers_honours_text(rules.losers_honours),
            "losers",
            rules.losers_honours != preset.losers_honours,
        ),
        (
            gettext("Game bonus"),
            bonus_text(rules),
            "bonus",
            rules.bonus != preset.bonus,
        ),
        (
            gettext("Revoke"),
            rubber_revoke_text(rules.revoke_penalty, rules.revoke_points),
            "revoke",
            (rules.revoke_penalty, rules.revoke_points)
            != (preset.revoke_penalty, preset.revoke_points),
        ),
        (
            gettext("Settlement"),
            settlement_text(rules.settlement),
            "settlement",
            rules.settlement != preset.settlement,
        ),
        (
            gettext("The bell"),
            # Translators: read on the organiser's pages and on the captains'
            # phones alike, so the bell is the organiser's, not "yours".
            gettext(
                "each round ends when the organiser rings the bell; a rubber in "
                "progress is scored as it stands and the game in progress scores "
                "nothing"
            ),
            "bell",
            False,
        ),
    ]


def scores_honours(drive: object) -> bool:
    """Whether honours score in `drive`'s rubbers: its book has them and the
    drive counts them (scoring.rubber.settings_of's honours_counted)."""
    return chosen(drive).honours and bool(drive.count_honours)


def rules_lines(drive: object) -> list[tuple[str, str, str]]:
    """(rule, words, source) for each rule `drive` plays by: the preset's text
    the rule comes from, or that the product chose it, or that the drive
    changed it from its preset."""
    sources = _sources(drive.rubber_preset)
    changed = gettext("this drive's choice")
    lines = [(gettext("Rubber rules"), preset_name(drive.rubber_preset), "")]
    # Where no honours score (a book without them, or a drive not counting
    # them), their limits say nothing true: "none: honours count as they
    # fall" beside "none: this game has no honours". The printed rules leave
    # them out too (printing.rules_words).
    moot = () if scores_honours(drive) else ("limit", "losers")
    for term, words, key, is_changed in _rule_rows(drive):
        if key in moot:
            continue
        if is_changed:
            words = gettext("%(words)s (changed from the preset)") % {"words": words}
        lines.append((term, words, changed if is_changed else sources[key]))
    return lines


def rules_said(drive: object, beside: Sequence[object] | None = None) -> str:
    """The rubber rules `drive` plays by, in a line: its preset's name and
    each rule it changed ("English short whist; Game: the first side to 10
    points wins a game"); beside other drives, only the changed rules that
    differ from one of theirs (a drive named beside others whose honours are
    not counted either does not say so)."""
    others = [_rule_rows(d) for d in beside] if beside is not None else None
    changes = [
        f"{term}: {words}"
        for index, (term, words, _key, changed) in enumerate(_rule_rows(drive))
        if changed
        and (others is None or any(rows[index][1] != words for rows in others))
    ]
    return "; ".join([preset_name(drive.rubber_preset), *changes])


# The rules a game's honours and revokes start from: a rubber drive's preset,
# every other game the usual rules.
SCORING_RULES = per_game(
    "drive.rubber_rules",
    {Game.HANDS: _usual, Game.RUBBERS: chosen, Game.PREDICTIONS: _usual},
)

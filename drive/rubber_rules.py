"""Rubber whist's presets and the rules a drive chooses from them, written once.

Plain Python on plain values: the drive's set-up and its page say the rules in
words from here, and scoring.rubber plays by them (scoring.rubber.settings_of
adds the drive's honours and revoke choices). README, "Rubber whist", says
each rule for an organiser choosing it.

A drive keeps a preset and, for each of its settings, either "as the preset"
(empty) or its own choice: `chosen(drive)` is what the drive plays by.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from django.utils.translation import gettext, ngettext

HONOURS_LIMITS = ("none", "not_last_point", "not_one_from_game")
LOSERS_HONOURS = ("dropped", "counted")
BONUSES = ("fixed", "american")
# A round of a rubber drive has at least this many hands: a rubber is two or
# three games, and a game takes more than one hand as a rule.
FEWEST_HANDS_PER_ROUND = 4


@dataclass(frozen=True)
class RubberRules:
    """The rules of a rubber: the game's target, the honours limit, what the
    losers' honours do on the hand that ends a game, and the game bonus."""

    target: int
    honours_limit: str
    losers_honours: str
    bonus: str
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


_SHORT_WHIST = RubberRules(5, "not_one_from_game", "dropped", "fixed")
PRESETS: dict[str, RubberRules] = {
    "english": _SHORT_WHIST,
    "american": RubberRules(7, "none", "dropped", "american"),
    "long": RubberRules(10, "not_last_point", "dropped", "fixed"),
    "russian": _SHORT_WHIST,
}


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
    return replace(PRESETS[preset], **changes)


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


def rules_lines(drive: object) -> list[tuple[str, str]]:
    """(term, words) for each rule `drive` plays by, each marked when the drive
    changed it from its preset."""
    preset = PRESETS[drive.rubber_preset]
    rules = chosen(drive)

    def marked(words: str, changed: bool) -> str:
        if not changed:
            return words
        return gettext("%(words)s (changed from the preset)") % {"words": words}

    return [
        (gettext("Rubber rules"), preset_name(drive.rubber_preset)),
        (
            gettext("Game"),
            marked(target_text(rules.target), rules.target != preset.target),
        ),
        (
            gettext("Honours limit"),
            marked(
                honours_limit_text(rules.honours_limit),
                rules.honours_limit != preset.honours_limit,
            ),
        ),
        (
            gettext("Losers' honours"),
            marked(
                losers_honours_text(rules.losers_honours),
                rules.losers_honours != preset.losers_honours,
            ),
        ),
        (
            gettext("Game bonus"),
            marked(bonus_text(rules), rules.bonus != preset.bonus),
        ),
        (
            gettext("The bell"),
            gettext(
                "each round ends when you ring the bell; a rubber in progress "
                "is scored as it stands and the game in progress scores nothing"
            ),
        ),
    ]

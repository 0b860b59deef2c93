"""A drive's scoring rules in words, for the results sheet and the workbook:
how honours and revokes score (``honours_words``, ``revoke_words``), and a
rubber drive's rules, one by one (``rubber_rules_lines``).
"""

from __future__ import annotations

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from drive import rubber_rules
from scoring import rubber
from scoring.rubber import RubberSettings
from scoring.rules import Scoring

# --- how honours and revokes score, in words ------------------------------------------


def honours_words(scoring: Scoring) -> str:
    """ "three honours score 2, four score 4", or "not counted"."""
    if scoring.honours is None:
        return _("not counted")
    three, four = scoring.honours.points
    return _("three honours score %(three)d, four score %(four)d") % {
        "three": three,
        "four": four,
    }


def revoke_words(scoring: Scoring) -> str:
    """What a revoke costs: "3 tricks pass from the offenders to the opponents"..."""
    words = rubber_rules.revoke_text(
        scoring.revoke_penalty.value, scoring.revoke_tricks
    )
    return _("%(penalty)s; a revoke by both sides voids the hand") % {"penalty": words}


# --- rubber rules, in words --------------------------------------------------------


def _points_range(low: int, high: int) -> str:
    """ "0 points", "1 or 2 points", "6 to 9 points"."""
    if low == high:
        numbers = str(low)
    elif high == low + 1:
        numbers = _("%(low)d or %(high)d") % {"low": low, "high": high}
    else:
        numbers = _("%(low)d to %(high)d") % {"low": low, "high": high}
    return ngettext("%(numbers)s point", "%(numbers)s points", high) % {
        "numbers": numbers
    }


def game_bonus_words(settings: RubberSettings) -> str:
    """The game bonus, as scoring.rubber.game_bonus gives it for this target:
    "3 when the losers have 0 points, 2 when they have 1 or 2 points, ..."."""
    if settings.bonus == "american":
        return _("the winners score %(target)d less the losers' points") % {
            "target": settings.target
        }
    steps: list[tuple[int, int, int]] = []  # (bonus, fewest, most losers' points)
    for losers in range(settings.target):
        bonus = rubber.game_bonus(losers, settings)
        if steps and steps[-1][0] == bonus:
            steps[-1] = (bonus, steps[-1][1], losers)
        else:
            steps.append((bonus, losers, losers))
    parts = []
    for index, (bonus, low, high) in enumerate(steps):
        words = (
            _("%(bonus)d when the losers have %(points)s")
            if index == 0
            else _("%(bonus)d when they have %(points)s")
        )
        parts.append(words % {"bonus": bonus, "points": _points_range(low, high)})
    return ", ".join(parts)


def rubber_rules_lines(
    settings: RubberSettings, preset: str = ""
) -> list[tuple[str, str]]:
    """(term, words) for each rule a rubber drive's rubbers are played by
    (`preset` its preset's key, the rules as scoring.rubber plays them), for
    players reading the results and the secretary's workbook: the drive's
    page's words for the preset, the target and the honours rules
    (drive.rubber_rules), the game bonus step by step for this target, and the
    hand, the rubber, the bell, the revoke and the evening score."""
    honours = settings.honours_counted
    lines = []
    if preset:
        lines.append((_("Rubber rules"), rubber_rules.preset_name(preset)))
    lines.append(
        (
            _("Hand"),
            _(
                "the side taking seven tricks or more scores one point for each "
                "trick over six, then its honours: tricks score before honours"
            )
            if honours
            else _(
                "the side taking seven tricks or more scores one point for each "
                "trick over six"
            ),
        )
    )
    lines.append((_("Game"), rubber_rules.target_text(settings.target)))
    if honours:
        three, four = settings.honours_values
        lines.append(
            (
                _("Honours"),
                _(
                    "a side holding three of the trump ace, king, queen and jack "
                    "scores %(three)d, all four %(four)d; none in a No-trumps hand"
                )
                % {"three": three, "four": four},
            )
        )
        lines.append(
            (
                _("Honours limit"),
                rubber_rules.honours_limit_text(settings.honours_limit),
            )
        )
        lines.append(
            (
                _("Losers' honours"),
                rubber_rules.losers_honours_text(
                    "dropped" if settings.losers_honours_dropped else "counted"
                ),
            )
        )
    else:
        lines.append((_("Honours"), _("not counted")))
    lines.append((_("Game bonus"), game_bonus_words(settings)))
    lines.append(
        (
            _("Rubber"),
            # What a rubber is worth to each pair is the Settlement line's.
            ngettext(
                "the best of three games; its winners gain %(bonus)d more",
                "the best of three games; its winners gain %(bonus)d more",
                settings.rubber_bonus,
            )
            % {"bonus": settings.rubber_bonus},
        )
    )
    lines.append((_("Settlement"), rubber_rules.settlement_text(settings.settlement)))
    lines.append(
        (
            _("The bell"),
            _(
                "a rubber in progress is scored as it stands: the games won and "
                "their bonuses, no rubber bonus; the game in progress scores nothing"
            ),
        )
    )
    lines.append(
        (
            _("Revoke"),
            rubber_rules.rubber_revoke_text(
                settings.revoke_penalty, settings.revoke_tricks
            ),
        )
    )
    lines.append(
        (
            _("Evening score"),
            _("each player's score is the sum of their pair's rubber values"),
        )
    )
    return lines

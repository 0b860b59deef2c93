"""The drive's form folds its honours and revokes settings away (most drives
count tricks only) and says in one line what they choose now: "honours not
counted; a revoke passes 3 tricks". The line follows the form as shown: a
rubber drive's empty settings are its preset's (drive.rubber_rules)."""

from __future__ import annotations

from types import SimpleNamespace

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from drive import rubber_rules
from drive.movement.types import Game


def _revoke_words(penalty: str, points: int) -> str:
    if penalty == "transfer":
        return ngettext(
            "a revoke gives the opponents %(n)d point",
            "a revoke gives the opponents %(n)d points",
            points,
        ) % {"n": points}
    if penalty == "deduct":
        return ngettext(
            "a revoke loses %(n)d point", "a revoke loses %(n)d points", points
        ) % {"n": points}
    if penalty == "award":
        return ngettext(
            "a revoke gains the opponents %(n)d point",
            "a revoke gains the opponents %(n)d points",
            points,
        ) % {"n": points}
    return ngettext(
        "a revoke passes %(n)d trick", "a revoke passes %(n)d tricks", points
    ) % {"n": points}


def _whole(value: object) -> int | None:
    try:
        return int(value)  # type: ignore[arg-type]
    except (TypeError, ValueError):
        return None


def honours_summary(
    *,
    game: Game,
    preset: str,
    count_honours: object,
    honours_values: object,
    revoke_penalty: object,
    revoke_tricks: object,
) -> str:
    """What the settings choose, as a form shows them (text as typed, or the
    drive's values): a value the form would refuse counts as none chosen."""
    drive = SimpleNamespace(
        game=game,
        rubber_preset=preset if preset in rubber_rules.PRESETS else "english",
        rubber_target=None,
        rubber_honours_limit="",
        rubber_losers_honours="",
        rubber_bonus=None,
        rubber_settlement="",
        honours_values=(
            honours_values if honours_values in rubber_rules.HONOURS_VALUES else ""
        ),
        revoke_penalty=(
            revoke_penalty if revoke_penalty in rubber_rules.REVOKE_PENALTIES else ""
        ),
        revoke_tricks=_whole(revoke_tricks),
    )
    values, penalty, points = rubber_rules.scoring_choices(drive)
    if count_honours in (True, "on", "true", "True"):
        honours = {
            "3-4": _("honours counted: three 3, four 4"),
        }.get(values, _("honours counted: three 2, four 4"))
    else:
        honours = _("honours not counted")
    # Translators: the folded honours and revokes settings' line, e.g.
    # "honours not counted; a revoke passes 3 tricks".
    return _("%(honours)s; %(revoke)s") % {
        "honours": honours,
        "revoke": _revoke_words(penalty, points),
    }

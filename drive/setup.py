"""The drive's set-up: the settings an organiser chooses, listed once, and the
rules they must keep.

A *setting* is one field of Drive that the organiser sets on the drive's form
(name, date, hands, format, trumps, scoring rule, group labels, sit-out
compensation...). SETUP lists them in the order the form shows them, each with
whether it may still change once play has started (nothing that alters the
movement, nor the date). The form, the services and the checks of a loaded
drive all take their fields from here.
"""

from __future__ import annotations

from typing import Any

from django.core.exceptions import ValidationError
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from drive import rubber_rules
from drive.games import per_game
from drive.models import HANDS_PER_ROUND_CHOICES, Drive
from drive.movement.types import FORMATS, Format, Game
from drive.rubber_rules import FEWEST_HANDS_PER_ROUND
from drive.trumps import (
    DEALS_PER_GAME,
    PREDICTION_SEQUENCE,
    format_sequence,
    parse_sequence,
)
from players.models import tidy_name

# Each setting, and whether it may change once play has started.
SETUP: dict[str, bool] = {
    "name": True,
    "date": False,
    "venue": True,
    "hands": False,
    "hands_per_round": False,
    "format": False,
    "winners_move": False,
    "three_handed": False,
    "trump_sequence": False,
    "scoring_rule": True,
    "count_honours": True,
    "honours_values": True,
    "revoke_penalty": True,
    "revoke_tricks": True,
    "rubber_preset": True,
    "rubber_target": True,
    "rubber_honours_limit": True,
    "rubber_losers_honours": True,
    "rubber_bonus": True,
    "rubber_settlement": True,
    "group_a_label": True,
    "group_b_label": True,
    "sit_out_compensation": True,
    "sit_out_fixed_score": True,
    "prediction_ranking": False,
    "score_entry": False,
    "advance_automatically": True,
    "clock_minutes": True,
    "clock_per": True,
    "silent_rounds": True,
    "opponent_confirms": True,
}
SETUP_FIELDS = tuple(SETUP)
IN_PLAY_FIELDS = tuple(name for name, in_play in SETUP.items() if in_play)


def clean_setup(values: dict[str, Any]) -> dict[str, Any]:
    """Settings as stored: the trump sequence in its written form, labels tidied."""
    if "trump_sequence" in values:
        try:
            values["trump_sequence"] = format_sequence(
                parse_sequence(values["trump_sequence"])
            )
        except ValueError as exc:
            raise ValidationError({"trump_sequence": str(exc)}) from exc
    for label in ("group_a_label", "group_b_label"):
        if label in values:
            values[label] = tidy_name(values[label])
    return values


def cards_in_refused(format: str) -> str:
    """Why a drive of `format` cannot take its cards in at the end ("" when it can)."""
    return str(FORMATS[Format(format)].cards_in_refusal)


def range_refusal(hands: int | None) -> str:
    """Why a drive cannot have `hands` hands ("" when it can, or while none is given)."""
    if hands is not None and not 1 <= hands <= 200:
        return _("A drive has from 1 to 200 hands.")
    return ""


def split_refusal(hands: int, hands_per_round: int) -> str:
    """Why `hands` will not split into rounds of `hands_per_round` ("" when
    they do, or while either is still to be given)."""
    if not (hands and hands_per_round) or not hands % hands_per_round:
        return ""
    return ngettext(
        "%(hands)d hand cannot be split into rounds of %(per_round)d: "
        "choose a multiple of %(per_round)d.",
        "%(hands)d hands cannot be split into rounds of %(per_round)d: "
        "choose a multiple of %(per_round)d.",
        hands,
    ) % {"hands": hands, "per_round": hands_per_round}


def prediction_hands_error(hands: int) -> str:
    """Why `hands` will not do for prediction whist, with the nearest numbers
    that will: "20 deals is not a whole number of games of 8: choose 16 (2
    games) or 24 (3 games)."."""
    fewer = hands // DEALS_PER_GAME
    choices = [
        ngettext("%(deals)d (%(games)d game)", "%(deals)d (%(games)d games)", n)
        % {"deals": n * DEALS_PER_GAME, "games": n}
        for n in (fewer, fewer + 1)
        if n >= 1
    ]
    return ngettext(
        "%(hands)d deal is not a whole number of games of %(per_game)d: "
        "choose %(choices)s.",
        "%(hands)d deals is not a whole number of games of %(per_game)d: "
        "choose %(choices)s.",
        hands,
    ) % {
        "hands": hands,
        "per_game": DEALS_PER_GAME,
        "choices": _(" or ").join(choices),
    }


class HandsSetup:
    """The set-up rules of a drive of hands; every game keeps them."""

    def settled(self) -> dict[str, Any]:
        """The settings the game fixes, whatever the form says of them."""
        return {}

    def hands_refusal(self, hands: int | None, hands_per_round: int | None) -> str:
        """Why the form's number of hands will not do ("" when it will)."""
        return split_refusal(hands or 0, hands_per_round or 0)

    def refusal(self, drive: Drive) -> dict[str, str]:
        """The game's own rule `drive` breaks first, its message by its field
        ({} when it keeps them all)."""
        return {}

    def fitted(self, values: dict[str, Any]) -> dict[str, Any]:
        """The settings of `values` (a form's, as typed) that this game cannot
        take, each replaced by the game's own default ({} when it takes them
        all). The drive's form fits them when the movement changes, so the
        organiser is not refused for a setting they did not touch."""
        return {}


class RubberSetup(HandsSetup):
    """Rubber whist: rounds long enough for rubbers, honours only where the
    rubber rules have them."""

    def refusal(self, drive: Drive) -> dict[str, str]:
        if drive.hands_per_round < FEWEST_HANDS_PER_ROUND:
            return {
                "hands_per_round": ngettext(
                    "A rubber whist drive needs at least %(fewest)d hand a round: "
                    "a rubber is two or three games, and a game usually takes "
                    "several hands, so shorter rounds would end nearly every "
                    "rubber at the bell. Choose %(fewest)d or more; you can ring "
                    "the bell sooner.",
                    "A rubber whist drive needs at least %(fewest)d hands a round: "
                    "a rubber is two or three games, and a game usually takes "
                    "several hands, so shorter rounds would end nearly every "
                    "rubber at the bell. Choose %(fewest)d or more; you can ring "
                    "the bell sooner.",
                    FEWEST_HANDS_PER_ROUND,
                )
                % {"fewest": FEWEST_HANDS_PER_ROUND}
            }
        if drive.count_honours and not rubber_rules.chosen(drive).honours:
            return {
                "count_honours": _(
                    '%(preset)s has no honours: leave "Count honours" off, or '
                    "choose other rubber rules."
                )
                % {"preset": rubber_rules.preset_name(drive.rubber_preset)}
            }
        return {}

    def fitted(self, values: dict[str, Any]) -> dict[str, Any]:
        # Rounds too short for rubbers (a progressive drive's 1) become the
        # shortest a rubber drive plays that splits the drive's hands.
        per_round = whole(values.get("hands_per_round"))
        if per_round is None or per_round >= FEWEST_HANDS_PER_ROUND:
            return {}
        hands = whole(values.get("hands")) or 0
        splits = [
            n
            for n, _label in HANDS_PER_ROUND_CHOICES
            if n >= FEWEST_HANDS_PER_ROUND and hands and not hands % n
        ]
        return {"hands_per_round": splits[0] if splits else FEWEST_HANDS_PER_ROUND}


def whole(value: object) -> int | None:
    """`value` (a number, or a form's text) as a whole number; None when it is none."""
    try:
        return int(value)  # type: ignore[arg-type]
    except (TypeError, ValueError):
        return None


class PredictionSetup(HandsSetup):
    """Prediction whist: games of 8 deals (a game to a round) in the game's
    own order of trumps."""

    def settled(self) -> dict[str, Any]:
        return {
            "hands_per_round": DEALS_PER_GAME,
            "trump_sequence": format_sequence(PREDICTION_SEQUENCE),
        }

    def hands_refusal(self, hands: int | None, hands_per_round: int | None) -> str:
        if hands and hands % DEALS_PER_GAME:
            return prediction_hands_error(hands)
        return ""

    def refusal(self, drive: Drive) -> dict[str, str]:
        if not drive.hands % DEALS_PER_GAME:
            return {}
        games = max(1, drive.hands // DEALS_PER_GAME)
        return {
            "hands": ngettext(
                "A prediction whist game is %(deals)d deals: choose a multiple "
                "of %(deals)d (%(games)d game is %(hands)d deals).",
                "A prediction whist game is %(deals)d deals: choose a multiple "
                "of %(deals)d (%(games)d games is %(hands)d deals).",
                games,
            )
            % {
                "deals": DEALS_PER_GAME,
                "games": games,
                "hands": DEALS_PER_GAME * games,
            }
        }


SETUP_RULES = per_game(
    "drive.setup",
    {
        Game.HANDS: HandsSetup(),
        Game.RUBBERS: RubberSetup(),
        Game.PREDICTIONS: PredictionSetup(),
    },
)


def setup_rules(format: str) -> HandsSetup:
    """The set-up rules of a drive of `format` (a drive's format as stored)."""
    return SETUP_RULES[FORMATS[Format(format)].game]


def settle_format(drive: Drive) -> None:
    """Set what a format fixes: a prediction whist drive plays games of 8 deals
    (a game to a round) in the game's own order of trumps."""
    for name, value in SETUP_RULES[drive.game].settled().items():
        setattr(drive, name, value)


def check_setup(drive: Drive) -> None:
    """Refuse settings that break a rule, with the message for the field."""
    settle_format(drive)
    # Fields first, then the plain-words rules, then the database constraints,
    # so a person reads "choose a multiple of 4", not a constraint's name.
    drive.full_clean(exclude=["club"], validate_constraints=False)
    if range_refusal(drive.hands):
        raise ValidationError({"hands": range_refusal(drive.hands)})
    refusal = SETUP_RULES[drive.game].refusal(drive)
    if refusal:
        raise ValidationError(refusal)
    refused = split_refusal(drive.hands, drive.hands_per_round)
    if refused:
        raise ValidationError({"hands": refused})
    if drive.silent_rounds >= max(1, drive.rounds):
        raise ValidationError(
            {
                "silent_rounds": ngettext(
                    "The drive has %(rounds)d round: keep fewer rounds silent, "
                    "so that the boards have something to show (0 for none).",
                    "The drive has %(rounds)d rounds: keep fewer rounds silent, "
                    "so that the boards have something to show (0 for none).",
                    drive.rounds,
                )
                % {"rounds": drive.rounds}
            }
        )
    if drive.cards_in and cards_in_refused(drive.format):
        raise ValidationError({"score_entry": cards_in_refused(drive.format)})
    if drive.group_a_label.casefold() == drive.group_b_label.casefold():
        raise ValidationError(
            {"group_b_label": _("The two groups need different names.")}
        )
    drive.validate_constraints()


def check_pairing(drive: Drive, format: str) -> None:
    """Refuse a new movement that registers players otherwise than the one
    its entries came in by: alone, or as pairs whose fee is one per pair. The
    entries would stay as they are, so a pairs drive could not start ("entries
    without a partner") and a drive of single players would ask each partner
    for a whole fee, with no word of either on the form."""
    paired = FORMATS[Format(format)].pairs
    if paired == drive.plays_in_pairs or not drive.entries.exists():
        return
    if paired:
        refusal = _(
            "Players are already registered one by one, and this movement "
            "plays in fixed pairs registered together, with the fee per pair. "
            "Keep the movement, or remove the entries first and register "
            "them again as pairs."
        )
    else:
        refusal = _(
            "Players are already registered as pairs, with the fee per pair, "
            "and this movement seats each player alone. Keep the movement, "
            "or remove the entries first and register them again."
        )
    raise ValidationError({"format": refusal})

"""Prediction whist (Wist) in words for an organiser: the rules as the drive's
page says them, and a drive's games, deals and seats as the room, the boards
and the results name them. The rules themselves are scoring.prediction_rules's; the
numbers here are its numbers.
"""

from __future__ import annotations

from django.utils.translation import gettext as _
from django.utils.translation import ngettext, pgettext

from drive.games import per_game
from drive.models import Drive
from drive.movement.types import Game
from drive.trumps import DEALS_PER_GAME, Trump
from scoring import prediction_rules


def kind_words(kind: prediction_rules.DealKind) -> str:
    """ "Hearts trumps", "Blind (predictions made before looking at the cards)",
    in a list inside a sentence."""
    if kind.trumps is not Trump.NO_TRUMPS:
        return pgettext("a deal with trumps, in running text", "%(suit)s trumps") % {
            "suit": kind.trumps.running_name
        }
    if kind.blind:
        return _("%(kind)s (predictions made before looking at the cards)") % {
            "kind": kind.label
        }
    if kind.tickets:
        return _("%(kind)s (predictions written down, opened after the deal)") % {
            "kind": kind.label
        }
    if kind.wist:
        return _("%(kind)s (everyone predicts Wist: no tricks)") % {"kind": kind.label}
    return str(kind.label)


def game_words() -> str:
    """The 8 deals of a game, in order, in words."""
    with_trumps = [
        k for k in prediction_rules.DEAL_KINDS if k.trumps is not Trump.NO_TRUMPS
    ]
    without = [k for k in prediction_rules.DEAL_KINDS if k.trumps is Trump.NO_TRUMPS]
    number = {kind: n for n, kind in enumerate(prediction_rules.DEAL_KINDS, 1)}
    return ngettext(
        "%(deals)d deal, the deal moving one seat to the right each time: "
        "%(trumps)s; then without trumps: %(others)s.",
        "%(deals)d deals, the deal moving one seat to the right each time: "
        "%(trumps)s; then without trumps: %(others)s.",
        DEALS_PER_GAME,
    ) % {
        "deals": DEALS_PER_GAME,
        "trumps": ", ".join(f"{number[k]} {kind_words(k)}" for k in with_trumps),
        "others": ", ".join(f"{number[k]} {kind_words(k)}" for k in without),
    }


def prediction_rule_words() -> str:
    return _(
        "In turn from the dealer's right, the dealer last: Wist (no tricks) or "
        "1 up to the cards each holds, %(four)d at a table of four, %(five)d at "
        "a table of five (the 2 of clubs and the 2 of spades come out). The "
        "last to predict may not bring the total to the tricks of the deal, so "
        "that someone must fail; not on the %(tickets)s and %(wist)s deals."
    ) % {
        "four": prediction_rules.cards_per_player(4),
        "five": prediction_rules.cards_per_player(5),
        "tickets": prediction_rules.kind_named("Tickets").label,
        "wist": prediction_rules.kind_named("Wist").label,
    }


def scoring_words() -> str:
    return _(
        "Each deal: the tricks taken, and %(bonus)d more when the prediction "
        "is made exactly. A Wist made scores %(four)d at a table of four, "
        "%(five)d at a table of five; a Wist failed loses %(per_trick)d for "
        "each trick taken, below zero if need be. The points add up over the "
        "deals and the games; the tricks of a deal must add up to the cards "
        "each player holds."
    ) % {
        "bonus": prediction_rules.MADE_BONUS,
        "four": prediction_rules.wist_made_points(4),
        "five": prediction_rules.wist_made_points(5),
        "per_trick": prediction_rules.WIST_FAILED_PER_TRICK,
    }


def games_words(drive: Drive) -> str:
    """ "3 games of 8 deals (24 deals); players move after each game"."""
    return ngettext(
        "%(games)d game of %(per_game)d deals (%(deals)d deals)",
        "%(games)d games of %(per_game)d deals (%(deals)d deals); players move "
        "after each game",
        drive.rounds,
    ) % {"games": drive.rounds, "per_game": DEALS_PER_GAME, "deals": drive.hands}


def rule_lines(drive: Drive, players: int) -> list[tuple[str, str]]:
    """The drive's page's lines on its game's rules: (term, words); those of
    prediction whist, none for another game. `players`: the head count the
    tables are split for."""
    return RULE_LINES[drive.game](drive, players)


def no_rule_lines(drive: Drive, players: int) -> list[tuple[str, str]]:
    """Hands and rubbers: the drive's page says their rules elsewhere."""
    return []


def prediction_rule_lines(drive: Drive, players: int) -> list[tuple[str, str]]:
    """Prediction whist's evening, game, predictions, scoring and tables."""
    lines = [
        (_("Evening"), games_words(drive)),
        (_("A game"), game_words()),
        (_("Predictions"), prediction_rule_words()),
        (_("Scoring"), scoring_words()),
    ]
    if players:
        lines.append((_("Tables"), prediction_rules.table_sizes_words(players)))
    return lines


RULE_LINES = per_game(
    "scoring.prediction_words",
    {
        Game.HANDS: no_rule_lines,
        Game.RUBBERS: no_rule_lines,
        Game.PREDICTIONS: prediction_rule_lines,
    },
)


def deal_name(drive: Drive, hand: int) -> str:
    """The drive's hand as a prediction drive names it (Drive.hand_named):
    "deal 3 of game 2 (Clubs)", as the captain's phone does."""
    named = drive.hand_named(hand)
    return _("deal %(deal)d of game %(game)d (%(kind)s)") % {
        "game": named["round"],
        "deal": named["number"],
        "kind": prediction_rules.deal_kind(named["number"]).label,
    }

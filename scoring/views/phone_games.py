"""What the captain's phone does by the drive's game (scoring/views/captain.py
asks `PHONES[drive.game]`, and never which format the drive is).

- `HandsPhone`: the captain enters each hand's N-S tricks (with honours and a
  revoke where they count); the page shows each hand's scores as it goes.
- `RubberPhone`: the same entry, but a hand scores as the game it is in
  stands (scoring.rubber), and a hand that wins a game or the rubber says so.
- `PredictionPhone`: each player's prediction and tricks on one form, checked
  by the server as the captain fills it in (scoring.prediction_entry).
"""

from __future__ import annotations

import json
from collections.abc import Callable

from django.http import HttpRequest, QueryDict
from django.utils.translation import gettext as _

from drive.games import per_game
from drive.models import DriveState, Table
from drive.movement.types import Game, Side
from players.score_text import score_text
from scoring import live, prediction_entry, prediction_rules, rubber, rules
from scoring.models import HandResult, ResultStatus
from scoring.services import deal_summary
from scoring.views.posted import posted_int

ScoresOf = Callable[[int, str, str], tuple[int, int]]


def check_line(
    ns: int, honours: str, revoke: str, scores_of: ScoresOf
) -> rules.HandLine:
    return rules.HandLine(
        ns, rules.ew_tricks(ns), *scores_of(ns, honours, revoke), honours, revoke
    )


def _tricks_table(scores_of: ScoresOf, honours_asked: bool) -> str:
    """The numbers and words the entry steps show, for captain.js (which does no
    arithmetic). Lists are indexed by N-S tricks (0..13): both sides' tricks;
    both sides' scores for each honours the page may ask for ("" alone unless
    it asks), each revoke and each trick count; the words for each honours and
    revoke; and for each winning side and odd trick count the N-S tricks. The
    scores are text as the page writes them, "−3" with the true minus
    (players.score_text)."""
    honours = list(rules.Honours) if honours_asked else [rules.Honours.NONE]
    return json.dumps(
        {
            "tricks": [[ns, rules.ew_tricks(ns)] for ns in rules.TRICK_COUNTS],
            "said": [rules.result_words(ns) for ns in rules.TRICK_COUNTS],
            "scores": {
                h.value: {
                    r.value: [
                        [score_text(v) for v in scores_of(ns, h.value, r.value)]
                        for ns in rules.TRICK_COUNTS
                    ]
                    for r in rules.Revoke
                }
                for h in honours
            },
            "words": {
                h.value: {r.value: rules.deal_text(h, r) for r in rules.Revoke}
                for h in honours
            },
            "from_odd": {
                side.value: {
                    odd: rules.ns_tricks_from_odd(side, odd)
                    for odd in rules.ODD_TRICK_COUNTS
                }
                for side in Side
            },
        },
        separators=(",", ":"),
    )


def _entered(view: live.CaptainView) -> list[tuple]:
    """The hands the table has entered, each with its tricks and scores, its
    honours and revoke in words, and whether the organiser changed what the
    table had sent (a correction, or a disagreement settled the other way):
    the page then says so, rather than change the numbers under the captain."""
    scoring = rules.Scoring.of(view.drive)
    return [
        (
            h,
            rules.hand_line(
                h.standing.ns_tricks, scoring, h.standing.honours, h.standing.revoke
            ),
            rules.deal_text(h.standing.honours, h.standing.revoke),
            _changed(h),
        )
        for h in view.entered
    ]


def _changed(hand: live.HandState) -> bool:
    """Whether a result the hand had before says otherwise than the one that stands."""
    standing = hand.standing
    assert standing is not None
    return any(
        r.status == ResultStatus.SUPERSEDED
        and deal_summary(r) != deal_summary(standing)
        for r in hand.history
    )


def _disputes(view: live.CaptainView) -> list[tuple[int, list[str]]]:
    """Each of the table's hands with results that disagree, for the
    organiser to settle: the hand and every result in words, the standing one
    first, so that each phone reads what the other sent."""
    return [
        (h.hand, [deal_summary(r) for r in (h.standing, *h.conflicts)])
        for h in view.entered
        if h.conflicts
    ]


class HandsPhone:
    """A table whose hands each score alone (scoring.rules)."""

    # A table that has all its hands of the round in sees them listed
    # (captain.html, "waiting"): the page says each result there, once.
    lists_entered_hands = True

    def scores_of(self, view: live.CaptainView) -> ScoresOf:
        """(N-S, E-W) for a hand as the check shows it, from its N-S tricks,
        honours and revoke: the hand's score."""
        scoring = rules.Scoring.of(view.drive)
        return lambda ns, honours, revoke: rules.deal_scores(
            ns, scoring, honours, revoke
        )

    def context(
        self,
        view: live.CaptainView,
        posted: QueryDict | None = None,
        *,
        honours_asked: bool = False,
    ) -> dict[str, object]:
        """What the page shows of the game (beside what every table's page
        shows), with what the form `posted`, if anything."""
        return {
            "wist": False,
            # Only while the page asks for an entry (and made for its hand).
            "tricks_table": (
                _tricks_table(self.scores_of(view), honours_asked)
                if view.mode == live.CaptainMode.ENTER
                else ""
            ),
            "entered": _entered(view),
            "disputes": _disputes(view),
            # captain.js alone does the work: the phone's first load on the
            # hall's Wi-Fi is the smaller without htmx.
            "uses_htmx": False,
        }

    def posted_result(self, request: HttpRequest) -> dict[str, object]:
        """The numbers a phone sent for a hand, as the service takes them."""
        return {
            "ns_tricks": posted_int(request, "ns_tricks"),
            "honours": request.POST.get("honours", ""),
            "revoke": request.POST.get("revoke", ""),
        }

    def game_news(self, table: Table, result: HandResult) -> str:
        """What a confirmed hand did to the table's game, in words ("" here)."""
        return ""

    def not_played(self, table: Table, hand: int) -> str:
        """A hand the phone was asking about that has no result, in words:
        nothing here (a round of hands ends once every table is in)."""
        return ""

    def recorded(self, table: Table, result: HandResult, hand: int) -> str:
        """What now stands for a hand a phone was asking about, in words."""
        values = {"hand": hand, "deal": deal_summary(result)}
        if result.status == ResultStatus.PENDING:
            text = _("Hand %(hand)s was entered from another phone: %(deal)s.")
        elif "captain link" in result.source:  # captain_services.captain_source
            text = _("Hand %(hand)s was recorded from another phone: %(deal)s.")
        else:
            text = _("Hand %(hand)s was recorded by the organiser: %(deal)s.")
        return text % values


class RubberPhone(HandsPhone):
    """A rubber table: a hand scores as the game it is in stands."""

    def scores_of(self, view: live.CaptainView) -> ScoresOf:
        """A rubber table's game points from the game as it stands
        (scoring.rubber: the limits, a revoke's points, no game on a hand the
        side revoked in)."""
        settings = rubber.settings_of(view.drive)
        before = view.rubber.game_score if view.rubber is not None else (0, 0)
        return lambda ns, honours, revoke: (
            rubber.score_hand(
                rubber.RubberHand(ns, honours, revoke), before, settings
            ).points
        )

    def game_news(self, table: Table, result: HandResult) -> str:
        """The game or rubber a confirmed hand won, in words ("Game to N-S,
        5-0."), read fresh from its round; "" for any other hand and a hand
        the table has played on from."""
        drive = table.drive
        if result.status != ResultStatus.CONFIRMED:
            return ""
        state = live.room(
            drive=drive,
            round_number=drive.round_of_hand(result.hand),
            table_number=table.number,
        ).table(table.number)
        score = live.rubber_score(drive, state) if state is not None else None
        if score is None or score.current is None:
            return ""
        # The score counts the round's confirmed hands in order: the news is of
        # the last of them, if it is this one.
        if score.hands[-1] != result.hand:
            return ""
        if score.current.hands[-1].game_to is None:
            return ""
        return _("%(news)s.") % {"news": score.last_words}

    def not_played(self, table: Table, hand: int) -> str:
        """A hand whose round the organiser's bell ended first (a rubber
        round ends at the bell, played out or not): so, with what the round's
        rubbers, the last perhaps cut short, are worth to each pair under the
        drive's rules. Without it the table saw its game score go back to
        nothing with no word why. "" while the hand may still be played."""
        drive = table.drive
        round_number = drive.round_of_hand(hand)
        if drive.state != DriveState.FINISHED and drive.current_round <= round_number:
            return ""
        ended = _("Round %(round)s ended before hand %(hand)s was played.") % {
            "round": round_number,
            "hand": hand,
        }
        state = live.room(
            drive=drive, round_number=round_number, table_number=table.number
        ).table(table.number)
        score = live.rubber_score(drive, state) if state is not None else None
        if score is None or score.current is None:  # no rubber begun
            return ended
        ns, ew = score.values
        rubbers = _("The round's rubbers: N-S %(ns)s, E-W %(ew)s.") % {
            "ns": ns,
            "ew": ew,
        }
        return f"{ended} {rubbers}"


# --- prediction whist ----------------------------------------------------------------

# The most players at a table: the form's fields are prediction_0.. and tricks_0..
MOST_SEATS = max(prediction_rules.PLAYER_COUNTS)


def _prediction_players(
    state: live.TableState,
) -> tuple[prediction_entry.Player, ...] | None:
    """A prediction whist table's players in seat order (N, E, S, W, then the
    fifth), seats numbered 0 up; None unless four or five sit there."""
    positions = [seat.value for seat in prediction_rules.SEAT_POSITIONS]
    places = sorted(
        (p for p in state.seats if p.number is not None and p.seat in positions),
        key=lambda p: positions.index(p.seat),
    )
    if len(places) not in prediction_rules.PLAYER_COUNTS:
        return None
    return tuple(
        prediction_entry.Player(seat, place.number, place.name)
        for seat, place in enumerate(places)
    )


def _posted_seats(data: QueryDict, name: str) -> dict[int, int]:
    """Each seat's number as a form sent it (`prediction_0`, ...), leaving out
    anything that is not a whole number: what the check shows as not chosen."""
    numbers = {}
    for seat in range(MOST_SEATS):
        raw = data.get(f"{name}_{seat}", "")
        if isinstance(raw, str) and 0 < len(raw.strip()) <= 3:
            try:
                numbers[seat] = int(raw.strip())
            except ValueError:
                continue
    return numbers


def _posted_deal(request: HttpRequest, name: str) -> tuple[int, ...]:
    """Each seat's number as the phone sent it, in seat order, for the send:
    from `<name>_0` up to the first seat not sent. Anything else than whole
    numbers is refused; the count and the values are the rules' to check."""
    numbers = []
    # One more than a table can have: a number too many is refused, not left out.
    for seat in range(MOST_SEATS + 1):
        key = f"{name}_{seat}"
        if key not in request.POST:
            break
        numbers.append(posted_int(request, key))
    return tuple(numbers)


def _deal_of_result(result: HandResult) -> prediction_rules.PredictionDeal | None:
    """A stored prediction whist result as the rules see it (None if it is not one)."""
    if not result.predictions:
        return None
    try:
        return prediction_rules.drive_deal(
            result.hand,
            prediction_rules.decode(result.predictions),
            prediction_rules.decode(result.tricks),
        )
    except (TypeError, ValueError):
        return None


def _prediction_context(
    view: live.CaptainView, posted: QueryDict | None = None
) -> dict[str, object]:
    """What a prediction whist table's page shows: the deal to enter (with what
    the form `posted` for it, if anything), or the one an opponent checks, and
    the game so far (the last deal's points and each player's total)."""
    context: dict[str, object] = {
        "prediction_entry": None,
        "prediction_pending": None,
        "prediction_score": None,
        "prediction_problem": "",
    }
    state = view.state
    if state is None:
        return context
    players = _prediction_players(state)
    if players is None:
        context["prediction_problem"] = _(
            "Prediction whist is played by four or five players at a table, and "
            "this table has %(count)s: ask the organiser."
        ) % {"count": sum(p.number is not None for p in state.seats)}
        return context
    deals = {}
    for hand_state in state.hands:
        confirmed = hand_state.confirmed
        deal = _deal_of_result(confirmed) if confirmed is not None else None
        if deal is not None and deal.players == len(players):
            deals[hand_state.hand] = deal
    context["prediction_score"] = prediction_entry.game_score(players, deals)
    hand = view.hand
    if view.mode == live.CaptainMode.ENTER and hand is not None:
        predictions: dict[int, int] = {}
        tricks: dict[int, int] = {}
        if posted is not None and posted.get("hand") == str(hand.hand):
            predictions = _posted_seats(posted, "prediction")
            tricks = _posted_seats(posted, "tricks")
        context["prediction_entry"] = prediction_entry.deal_entry(
            hand.hand, players, predictions, tricks
        )
    elif view.mode == live.CaptainMode.CONFIRM and hand is not None:
        pending = hand.pending
        deal = _deal_of_result(pending) if pending is not None else None
        if deal is not None and deal.players == len(players):
            context["prediction_pending"] = prediction_entry.deal_entry(
                hand.hand,
                players,
                dict(enumerate(deal.predictions)),
                dict(enumerate(deal.tricks)),
            )
    return context


class PredictionPhone(HandsPhone):
    """A prediction whist table: a deal's predictions and tricks on one form,
    and the game so far."""

    lists_entered_hands = False

    def context(
        self,
        view: live.CaptainView,
        posted: QueryDict | None = None,
        *,
        honours_asked: bool = False,
    ) -> dict[str, object]:
        return {
            "wist": True,
            **_prediction_context(view, posted),
            "tricks_table": "",
            "entered": [],
            # The page checks each deal with htmx as it is entered (and a deal
            # to enter can come in while the page waits).
            "uses_htmx": True,
        }

    def posted_result(self, request: HttpRequest) -> dict[str, object]:
        # A deal: each seat's prediction and tricks, in seat order.
        return {
            "ns_tricks": 0,
            "predictions": _posted_deal(request, "prediction"),
            "tricks": _posted_deal(request, "tricks"),
        }

    def recorded(self, table: Table, result: HandResult, hand: int) -> str:
        # A deal is named as the players know it, as the drive names it
        # (Drive.hand_named): deal 3 of game 2.
        named = table.drive.hand_named(hand)
        values = {
            "hand": hand,
            "deal": deal_summary(result),
            "game": named["round"],
            "number": named["number"],
        }
        if result.status == ResultStatus.PENDING:
            text = _(
                "Deal %(number)s of game %(game)s was entered from another phone: "
                "%(deal)s."
            )
        elif "captain link" in result.source:  # captain_services.captain_source
            text = _(
                "Deal %(number)s of game %(game)s was recorded from another phone: "
                "%(deal)s."
            )
        else:
            text = _(
                "Deal %(number)s of game %(game)s was recorded by the organiser: "
                "%(deal)s."
            )
        return text % values


PHONES = per_game(
    "scoring.views.phone_games",
    {
        Game.HANDS: HandsPhone(),
        Game.RUBBERS: RubberPhone(),
        Game.PREDICTIONS: PredictionPhone(),
    },
)

"""What is said of a table's result for a hand, in the formats played in
rounds of hands (drive.format_words.rounds): the organiser's conflicts and
corrections of it, and the captain's phone's answers when it sends one.
RoundWords takes these from HandResultWords; prediction whist's words
(drive.format_words.prediction) override them to name a deal by its game.

Each method takes the hand as Drive.hand_named gives it: `hand` the drive's,
`number` its place in `round`, which a format of rounds of hands leaves unsaid.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from players.language import list_label_count, number_runs


class HandResultWords:
    """The sentences about a table's result for a hand (a mixin of RoundWords)."""

    # The room's conflicts and the organiser's corrections.

    def two_results(self, *, table: int, hand: int, number: int, round: int) -> str:
        """The heading of a conflict the room asks to settle (`number` and
        `round` as Drive.hand_named gives them)."""
        return _("Table %(table)s, hand %(hand)s: two results") % {
            "table": table,
            "hand": hand,
        }

    def conflict_at(self, *, table: int, hand: int, number: int, round: int) -> str:
        """The room's name for a conflict's section (read aloud)."""
        return _("Conflict at table %(table)s, hand %(hand)s") % {
            "table": table,
            "hand": hand,
        }

    def late_phone(self, *, table: int, hand: int, number: int, round: int) -> str:
        """The room's warning of a result sent after its round moved on."""
        return _(
            "A phone sent another result for table %(table)s, hand %(hand)s "
            "after its round had moved on: see below."
        ) % {"table": table, "hand": hand}

    def deal_at_table(self, *, table: int, hand: int, number: int, round: int) -> str:
        """A table's hand as the title of its own page."""
        return _("Table %(table)s, hand %(hand)s") % {"table": table, "hand": hand}

    def hand_saved(
        self, *, table: int, hand: int, number: int, round: int, result: str
    ) -> str:
        """After a table's hand is corrected on its page."""
        return _("Table %(table)s, hand %(hand)s saved: %(result)s.") % {
            "table": table,
            "hand": hand,
            "result": result,
        }

    def table_hands(self, *, table: int, named: Sequence[Mapping[str, int]]) -> str:
        """A table's hands in a saved grid's message, each as Drive.hand_named
        gives it, in order: "table 1, hands 1–8"."""
        hands = [each["hand"] for each in named]
        return ngettext(
            "table %(table)s, hand %(hands)s",
            "table %(table)s, hands %(hands)s",
            list_label_count(hands),
        ) % {"table": table, "hands": number_runs(hands)}

    def changed_at_table(
        self, *, table: int, hand: int, number: int, round: int, result: str
    ) -> str:
        """A correction of a table's hand that another since changed."""
        return _(
            # Translators: result is the result that now stands, such as
            # "N-S 7, E-W 6", or "no result".
            "Table %(table)s, hand %(hand)s was changed meanwhile (now "
            "%(result)s). Nothing was saved; check the page again."
        ) % {"table": table, "hand": hand, "result": result}

    def versions_full(
        self,
        *,
        table: int,
        hand: int,
        number: int,
        round: int,
        count: int,
        phones: bool,
    ) -> str:
        """A result refused: its hand has the most versions phones may add
        (`phones`), or that one hand can keep (scoring.services)."""
        values = {"table": table, "hand": hand, "count": count}
        if phones:
            return (
                ngettext(
                    "Table %(table)s, hand %(hand)s already has %(count)s version, the "
                    "most phones may add; nothing was saved. Ask the organiser to "
                    "enter the result.",
                    "Table %(table)s, hand %(hand)s already has %(count)s versions, the "
                    "most phones may add; nothing was saved. Ask the organiser to enter "
                    "the result.",
                    count,
                )
                % values
            )
        return (
            ngettext(
                "Table %(table)s, hand %(hand)s already has %(count)s version, the "
                "most one hand can keep; nothing was saved. If its score must change, "
                "add an adjustment.",
                "Table %(table)s, hand %(hand)s already has %(count)s versions, the "
                "most one hand can keep; nothing was saved. If its score must change, "
                "add an adjustment.",
                count,
            )
            % values
        )

    def moved_on(self, round: int) -> str:
        """The room's note over a late conflict: the moves stand."""
        return _(
            "Round %(round)s has already moved on: the moves after it stand "
            "whichever result you choose, and the scores are recomputed."
        ) % {"round": round}

    # The captain's phone, answered when it sends a result.

    def result_stands(
        self, *, hand: int, number: int, round: int, table: int, **said: str
    ) -> str:
        """A phone told that its result for a hand with another standing was
        not counted (scoring.captain): `hand` the drive's, `number` its place
        in `round`; `said` holds first, time and deal, as they read."""
        return _(
            "Hand %(hand)s at table %(table)s already has a result: %(first)s, "
            "sent at %(time)s. Yours (%(deal)s) was not counted; the organiser "
            "has been told and will settle it."
        ) % {"hand": hand, "table": table, **said}

    def passed_on(self, *, hand: int, number: int, round: int, deal: str) -> str:
        """The same phone's conflicting result sent again: it went to the
        organiser (scoring.captain; `number` and `round` as result_stands)."""
        return _(
            "Hand %(hand)s already had another result; yours (%(deal)s) was "
            "passed to the organiser."
        ) % {"hand": hand, "deal": deal}

    def same_tricks(self, *, hand: int, number: int, round: int, deal: str) -> str:
        """A phone's result that agrees with the one standing: nothing changed."""
        return _(
            "Hand %(hand)s was already in with the same tricks (%(deal)s): "
            "nothing changed."
        ) % {"hand": hand, "deal": deal}

    def received(self, *, hand: int, number: int, round: int, deal: str) -> str:
        """A phone's key sent again for a result since set aside (turned down,
        or confirmed by an opponent): it was received (scoring.captain)."""
        return _("Hand %(hand)s was received: %(deal)s.") % {"hand": hand, "deal": deal}

    def enter_first(self, *, hand: int, number: int, round: int) -> str:
        """A phone's result for a later hand of its round: the table's current
        hand (`hand`, `number` in `round`) comes first."""
        return _("Enter hand %(hand)s first: this table is on hand %(hand)s.") % {
            "hand": hand
        }

    def not_started(
        self, *, hand: int, number: int, round: int, table: int, now: str
    ) -> str:
        """A phone's result for a hand of a later round; `now` is where the
        table is (on_hand, or that it is in)."""
        return _("Hand %(hand)s has not started yet at table %(table)s: %(now)s.") % {
            "hand": hand,
            "table": table,
            "now": now,
        }

    def on_hand(self, *, hand: int, number: int, round: int) -> str:
        """Where a table is, after not_started."""
        return _("this table is on hand %(hand)s") % {"hand": hand}

    def no_game(self, *, table: int, round: int) -> str:
        """A phone's result from a table with no game in the hand's round."""
        return _("Table %(table)s has no game in round %(round)s.") % {
            "table": table,
            "round": round,
        }

    def is_confirmed(self, *, hand: int, number: int, round: int, deal: str) -> str:
        """An opponent confirmed the phone's pending result (scoring.captain)."""
        return _("Hand %(hand)s is confirmed: %(deal)s.") % {"hand": hand, "deal": deal}

    def cleared(self, *, hand: int, number: int, round: int) -> str:
        """An opponent turned the pending result down: it is entered again."""
        return _("Cleared: enter hand %(hand)s again.") % {"hand": hand}

    def changed_meanwhile(self, *, hand: int, number: int, round: int) -> str:
        """A confirmation for a pending result no longer pending."""
        return _(
            "That result for hand %(hand)s has changed meanwhile; nothing was saved."
        ) % {"hand": hand}

    def confirmed_meanwhile(self, *, hand: int, number: int, round: int) -> str:
        """A rejection for a pending result another since stands in place of."""
        return _(
            "That result for hand %(hand)s has been confirmed meanwhile; "
            "ask the organiser if it needs correcting."
        ) % {"hand": hand}

    def moves_stand(self, round: int) -> str:
        """After it, when that hand's round has moved on: the moves stand."""
        return _(
            "The moves after round %(round)s were already made and stand, "
            "whatever the organiser decides."
        ) % {"round": round}

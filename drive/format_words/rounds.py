"""The words of the formats played in rounds of hands (every format but
prediction whist, drive.format_words.prediction): what a round and a hand are
called, and the sentences built on them. RoundWords is also the base of
prediction whist's words, which override what a game of deals says otherwise.
What is said of a table's result for a hand is in drive.format_words.results.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace

from django.utils.html import escape
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext, pgettext, pgettext_lazy

from drive.clock import PER_HAND, PER_ROUND
from drive.competitor_words import EntryWords, PairWords
from drive.format_words.results import HandResultWords
from players.audit_words import stored_pattern


@dataclass(frozen=True)
class ClockSetting:
    """How the drive's form asks for the round clock: the minutes' label and
    help, and what the two ways of counting them (drive.clock) are called."""

    label: str
    help: str
    per_hand: str
    per_round: str

    @property
    def choices(self) -> list[tuple[str, str]]:
        return [(PER_HAND, self.per_hand), (PER_ROUND, self.per_round)]


class RoundWords(HandResultWords, EntryWords):
    """A format played in rounds of hands (every format but prediction whist)."""

    # What a hand is called, capitalised for a column head or a chart's axis.
    hand_word = pgettext_lazy("what a drive's hand is called", "Hand")
    # How many of them the drive plays, as a setting's label (the workbook).
    hands_label = pgettext_lazy("how many hands a drive plays", "Hands")
    # The results e-mail's line on the card it attaches (printing.result_message).
    card_attached = gettext_lazy("Your score card, every hand, is attached as a PDF.")
    # The shared results' link to a player's own card (scoring/_find_me.html).
    card_link = gettext_lazy("Your score card, hand by hand")
    # The drive's form once play has started (templates/drive/form.html).
    setup_locked = gettext_lazy(
        "Play has started: the movement, hands and trumps can no longer change."
    )
    # A hand's column in the workbook's Hands sheet ("Hand 3"; printing.deal_sheets),
    # and the sheet's name.
    hand_column = gettext_lazy("Hand %(hand)d")
    # Translators: the sheet of each player's score hand by hand, with the
    # running total; not the sheet Deals (every table's hands).
    hands_sheet = pgettext_lazy("workbook sheet", "Hands")
    # The page of every table's hands, in the drive's menu and as its title.
    all_hands = gettext_lazy("All hands")
    no_such_hand = gettext_lazy(
        "There is no hand %(hand)s in this drive (1 to %(hands)s)."
    )
    not_played = gettext_lazy("That table did not play that hand.")
    # When a player who withdrew left, in the workbook's Results (printing.exports).
    withdrew_before = pgettext_lazy("when a player left", "before round %(round)s")
    withdrew_after_play = pgettext_lazy("when a player left", "after the last round")
    # The MC's note beside a winner who withdrew during play (prizes.giving).
    gone_home = gettext_lazy("withdrew before round %(round)d: may have gone home")

    # Sit-out compensation as the drive's form offers it and its pages say it
    # (drive.models.SitOutCompensation.said_by): the choices that name what
    # a player sits out, and the fixed score's label and help.
    sit_out_fixed = gettext_lazy("A fixed score for each hand sat out")
    sit_out_own_average = gettext_lazy("The player's own average")
    sit_out_room_average = gettext_lazy("The room's average for that hand")
    sit_out_fixed_score = gettext_lazy("Fixed score per hand sat out")
    sit_out_fixed_score_help = gettext_lazy(
        "Points for each hand sat out, when the compensation is fixed."
    )
    # What each choice of compensation does, under the choices.
    sit_out_help = gettext_lazy(
        "When the players do not fill the tables, someone sits out a round. "
        "None: the hands sat out score nothing. A fixed score: each hand sat "
        "out scores the points set below. The player's own average: each "
        "counts as the player's average over the hands they played. The "
        "room's average: each counts as the average score of everyone who "
        "played that hand."
    )

    # The honours and revokes settings' choice left empty (drive.models
    # HonoursValuesChoice, RevokePenaltyChoice, REVOKE_TRICKS_CHOICES), as the
    # drive's form offers it: a drive of hands plays the usual rules
    # (drive.rubber_rules.scoring_choices).
    honours_values_unset = gettext_lazy("As usual: three honours 2, four 4")
    revoke_penalty_unset = gettext_lazy("As usual: tricks pass to the opponents")
    revoke_tricks_unset = gettext_lazy("As usual: 3")

    # The prize for the most hands won, as the prize list, the results and
    # the prize-giving name it (prizes.engine, prizes.forms).
    most_hands_won = gettext_lazy("Most hands won")
    # ...and as the prize rows' select offers it, short (prizes.forms.ROW_KINDS).
    most_hands_won_choice = pgettext_lazy("prize row choice", "Most hands won")

    # The workbook's words (printing.exports, printing.record_sheets): the
    # Movement sheet's columns of a round's first and last hand, and the
    # Drive sheet's row of how many hands a round has.
    first_hand_column = gettext_lazy("First hand")
    last_hand_column = gettext_lazy("Last hand")
    hands_per_round_label = gettext_lazy("Hands per round")

    # The drive page's download of the score cards filled in after play
    # (printing's filled-cards).
    filled_cards_link = gettext_lazy(
        "Filled-in score cards, with every hand played (PDF)"
    )

    # The drive page's print help (templates/drive/_downloads.html): which
    # cards come one to a page as usual (printing.card_pdf.WRITABLE_ROW), and
    # which prints would need type under 8 pt (printing.documents.render).
    long_cards_help = gettext_lazy(
        "Score cards with many hands come one to a page, as usual, where two "
        "to a page would make their rows lower than 6 mm, too low to write a "
        "score in."
    )
    smaller_print_help = gettext_lazy(
        "Nothing a player reads is printed smaller than 8 pt. Where the number "
        "under “Cards a page” would need smaller print (score cards or "
        "travel slips with many hands two or four to a page, table cards four "
        "to a page), you are told before the PDF, and it prints fewer to a page."
    )

    # The "Cards in" desk of a drive whose scores are entered during play
    # (scoring.views.cards_in): nothing to type there, and where to turn.
    no_cards_to_type = gettext_lazy(
        "This drive's scores come in hand by hand: there are no cards to type "
        "in. To compare a player's card with the scores, use the card check."
    )

    # What the record of changes calls a result's hand, "table 2, hand 1"
    # (players.audit_words.subject_words; the record stores "hand").
    record_hand = pgettext_lazy("record of changes: subject", "hand")

    # The record of changes' fields that hold a round's number, as its page
    # names them (scoring.views.audit): an entry's first round and the round
    # it withdrew from, and the round the bell ended.
    record_fields = {
        "joined_round": gettext_lazy("joins at round"),
        "withdrawn_from_round": gettext_lazy("withdrawn from round"),
        "round": pgettext_lazy("record field", "round"),
    }

    def hands_won_count(self, hands: int) -> str:
        """The most hands won, beside its prize's winner ("5 hands won")."""
        return ngettext("%(hands)d hand won", "%(hands)d hands won", hands) % {
            "hands": hands
        }

    def hands_sat_out(self, count: int, rule: str) -> str:
        """Why a player who sat out has points, in the workbook's Adjustments
        sheet: "8 hands sat out: the player's own average" (`rule`, the
        drive's compensation rule, as it reads in a sentence)."""
        # Translators: %(rule)s is the drive's sit-out compensation rule.
        return ngettext(
            "%(count)d hand sat out: %(rule)s",
            "%(count)d hands sat out: %(rule)s",
            count,
        ) % {"count": count, "rule": rule}

    @property
    def round_word(self) -> str:
        """The round, in lower case, for the middle of a sentence."""
        return pgettext("what a drive's round is called", "round")

    @property
    def round_letter(self) -> str:
        """The round word's initial, for narrow column heads (R1, R2)."""
        return pgettext("short for round, as in R1", "R")

    @property
    def round_heading(self) -> str:
        """A column head over round numbers."""
        return _("Round")

    @property
    def sitting_out(self) -> str:
        """A heading over the players sitting out now."""
        return _("Sitting out this round")

    def sitting_out_now(self, *, names: str, count: int) -> str:
        """A sentence naming the `count` players sitting out now (`names`, on
        one line): the verb agrees with how many they are."""
        return ngettext(
            "%(names)s sits out this round.", "%(names)s sit out this round.", count
        ) % {"names": names}

    def sitting_out_in(self, *, n: int, round: int) -> str:
        """The head count's tile after its number, in play: how many sit out
        in `round`, the coming one (the next, or the last while it is played)."""
        return ngettext(
            "sitting out in round %(round)s", "sitting out in round %(round)s", n
        ) % {"round": round}

    @property
    def round_times(self) -> str:
        """A heading over when each round started and ended."""
        return _("When each round started and ended")

    def round_number(self, round: int) -> str:
        return _("Round %(round)s") % {"round": round}

    def joins_at(self, round: int) -> str:
        """A late arrival told when they first play: "Joins at round 3."."""
        return _("Joins at round %(round)s.") % {"round": round}

    def withdrawn_from(self, round: int) -> str:
        """Beside a leaver's name at the door: "withdrawn from round 3"."""
        return _("withdrawn from round %(round)s") % {"round": round}

    def joins_tag(self, round: int) -> str:
        """Beside a late arrival's name at the door: "joins round 3"."""
        return _("joins round %(round)s") % {"round": round}

    def leaves(self, *, name: str, number: int, round: int) -> str:
        """The door's message when someone leaves during play."""
        return _(
            "%(name)s (number %(number)s) leaves: not seated from round %(round)s."
        ) % {"name": name, "number": number, "round": round}

    def withdrew_before_round(self, round: int) -> str:
        """When a leaver left, for the middle of a sentence: "before round 3"."""
        return str(self.withdrew_before) % {"round": round}

    def may_have_gone_home(self, round: int) -> str:
        """Beside a winner called at the prize-giving who withdrew before
        `round`: "withdrew before round 3: may have gone home"."""
        return str(self.gone_home) % {"round": round}

    def round_of(self, round: int, rounds: int) -> str:
        return _("Round %(round)s of %(rounds)s") % {"round": round, "rounds": rounds}

    def hands_from_to(
        self, *, first: int, last: int, first_number: int, last_number: int
    ) -> str:
        """A round's hands on the room's pages, "Hands 9 to 16:"; `first`,
        `last` the drive's hands, `first_number`, `last_number` their places
        in the round (Drive.hand_named)."""
        return _("Hands %(first)s to %(last)s:") % {"first": first, "last": last}

    def your_table(self, round: int, table: int, seat: str) -> str:
        """Where a player sits in a round, told to them: "Round 4: table 12,
        seat West." (`seat` as drive.selectors.seat_label names it)."""
        return _("%(round)s: table %(table)s, seat %(seat)s.") % {
            "round": self.round_number(round),
            "table": table,
            "seat": seat,
        }

    def you_sit_out(self, round: int) -> str:
        """A player told that they sit out a round: "Round 4: you sit out." """
        return _("%(round)s: you sit out.") % {"round": self.round_number(round)}

    def hands_done(self, done: int, hands: int) -> str:
        """How far the boards have come: "After 12 of 24 hands."; before the
        first hand, "24 hands to play." """
        if not done:
            return ngettext(
                "%(hands)s hand to play.", "%(hands)s hands to play.", hands
            ) % {"hands": hands}
        return ngettext(
            "After %(done)s of %(hands)s hand.",
            "After %(done)s of %(hands)s hands.",
            hands,
        ) % {"done": done, "hands": hands}

    def standings_after(self, done: int, hands: int) -> str:
        """The printed results sheet's line during play: "Standings after 12
        of 24 hands"."""
        return ngettext(
            "Standings after %(done)d of %(hands)d hand",
            "Standings after %(done)d of %(hands)d hands",
            hands,
        ) % {"done": done, "hands": hands}

    def final_after(self, done: int) -> str:
        """The boards of a finished drive: "Final results after 24 hands." """
        return ngettext(
            "Final results after %(done)s hand.",
            "Final results after %(done)s hands.",
            done,
        ) % {"done": done}

    def room_round_of(self, round: int, rounds: int) -> str:
        """The room's heading while the drive is in play."""
        return _("Room: round %(round)s of %(rounds)s") % {
            "round": round,
            "rounds": rounds,
        }

    def start_round(self, round: int) -> str:
        """The room's button that starts the next round."""
        return _("Start round %(round)s") % {"round": round}

    def round_started(self, round: int) -> str:
        return _("Round %(round)s has started.") % {"round": round}

    @property
    def drive_started(self) -> str:
        """What Start says, above the first round's seating."""
        return _("The drive has started: here is round 1.")

    def started_elsewhere(self, round: int) -> str:
        """What Start says when the other laptop started the drive first."""
        return _(
            "The drive had already been started, from another computer: "
            "here is round %(round)s."
        ) % {"round": round}

    def play(self, round: int) -> str:
        """The projector's words when a round starts, with the bell."""
        return _("Round %(round)d: play.") % {"round": round}

    @property
    def next_starts_once_settled(self) -> str:
        return _(
            "The next round starts by itself once they are settled and every "
            "table is in."
        )

    @property
    def next_starts_when_in(self) -> str:
        return _("The next round starts by itself when every table is in.")

    def record_deal(self, *, hand: int, number: int, round: int) -> str:
        """A hand in the record of changes' subjects: "table 2, hand 11"
        (players.audit_words.subject_words)."""
        return f"{self.record_hand} {hand}"

    def record_search(
        self,
        query: str,
        *,
        hand_named: Callable[[int], Mapping[str, int]],
        hands: int,
    ) -> str:
        """A search of the record of changes typed in the page's language
        ("stolik 2, rozdanie 1") as a regular expression over the subjects it
        stores ("table 2, hand 1"), its numbers whole: "hand 3" does not find
        hand 30. `hand_named` and `hands`: the drive's (Drive.hand_named), for
        a format that names a hand by its place in its round."""
        return stored_pattern(query, str(self.record_hand))

    def moves_after(self, round: int) -> str:
        """The captain's heading over the moves: "Moves after round 2"."""
        return _("Moves after round %(round)s") % {"round": round}

    def sit_out_each(self, n: int) -> str:
        """How many sit out at a time, in a drive without groups."""
        return ngettext(
            "Each round %(n)s player sits out, in turn.",
            "Each round %(n)s players sit out, in turn.",
            n,
        ) % {"n": n}

    def sit_out_each_by_group(
        self, n: int, a: int, group_a: str, b: int, group_b: str
    ) -> str:
        """The same, with how many of each group: n is a + b. A group nobody
        sits out from is not named ("0 from Ladies" read as a lady sitting out
        no times)."""
        if not a or not b:
            return ngettext(
                "Each round %(n)s player from %(group)s sits out, in turn.",
                "Each round %(n)s players from %(group)s sit out, in turn.",
                n,
            ) % {"n": n, "group": group_b if not a else group_a}
        return ngettext(
            "Each round %(n)s player sits out, in turn: %(a)s from %(group_a)s, "
            "%(b)s from %(group_b)s.",
            "Each round %(n)s players sit out, in turn: %(a)s from %(group_a)s, "
            "%(b)s from %(group_b)s.",
            n,
        ) % {"n": n, "a": a, "group_a": group_a, "b": b, "group_b": group_b}

    def sat_out_each(self, n: int) -> str:
        """How many sat out at a time, in a finished drive without groups: the
        evening told in the past, as sit_out_each tells it while it lasts."""
        return ngettext(
            "Each round %(n)s player sat out, in turn.",
            "Each round %(n)s players sat out, in turn.",
            n,
        ) % {"n": n}

    def sat_out_each_by_group(
        self, n: int, a: int, group_a: str, b: int, group_b: str
    ) -> str:
        """sit_out_each_by_group, in the past: a finished drive's."""
        if not a or not b:
            return ngettext(
                "Each round %(n)s player from %(group)s sat out, in turn.",
                "Each round %(n)s players from %(group)s sat out, in turn.",
                n,
            ) % {"n": n, "group": group_b if not a else group_a}
        return ngettext(
            "Each round %(n)s player sat out, in turn: %(a)s from %(group_a)s, "
            "%(b)s from %(group_b)s.",
            "Each round %(n)s players sat out, in turn: %(a)s from %(group_a)s, "
            "%(b)s from %(group_b)s.",
            n,
        ) % {"n": n, "a": a, "group_a": group_a, "b": b, "group_b": group_b}

    def tables_missing(self, round: int, tables: str, count: int) -> str:
        """The slips page: which tables of the round are still to come."""
        return ngettext(
            "Table still missing in round %(round)s: %(tables)s.",
            "Tables still missing in round %(round)s: %(tables)s.",
            count,
        ) % {"round": round, "tables": tables}

    def every_table_in(self, round: int) -> str:
        return _("Every table of round %(round)s is in.") % {"round": round}

    def no_clock(self, edit_url: str) -> SafeString:
        """The room's note when the drive has no clock, with a link to its
        settings."""
        return mark_safe(  # noqa: S308 - the link is ours, the URL escaped
            _(
                "No round clock. To have one, set the minutes per hand or per "
                'round in the <a href="%(edit_url)s">drive\'s settings</a>.'
            )
            % {"edit_url": escape(edit_url)}
        )

    def correct_any(self, hands_url: str) -> SafeString:
        """The room's note once the drive is over: where to correct a result
        (the page of every hand), with a link to it."""
        return mark_safe(  # noqa: S308 - the link is ours, the URL escaped
            _(
                'The drive is over. Correct any hand from <a href="%(hands_url)s">'
                "All hands</a>."
            )
            % {"hands_url": escape(hands_url)}
        )

    @property
    def clock_label(self) -> str:
        """What the room calls its clock (a label read aloud)."""
        return _("Round clock")

    @property
    def no_round_time(self) -> str:
        """Why the clock cannot start."""
        return _(
            "This drive has no round time: set the minutes per hand or per "
            "round in the drive's settings first."
        )

    @property
    def clock_setting(self) -> ClockSetting:
        """How the drive's form asks for the clock."""
        return ClockSetting(
            label=_("Round clock: minutes"),
            help=_(
                "Leave empty for no clock. With minutes, each round's countdown "
                "starts with the round and shows on the projector and the "
                "captains' phones; you pause, extend or stop it from the room. "
                "Results are always taken, in time or not."
            ),
            per_hand=_("per hand"),
            per_round=_("per round"),
        )

    @property
    def sound_help(self) -> str:
        """The projector's note on sound."""
        return _(
            "Browsers play sound only after a tap: press Sound on once, and the "
            "bell rings at time up, at each new round and when the room rings it."
        )


class PartnerWords(PairWords, RoundWords):
    """Partners: rounds of hands, fixed pairs (drive.competitor_words)."""


class RubberWords(PairWords, RoundWords):
    """Rubber whist: rounds of hands, as other formats, but a round ends only
    at the bell, with its rubbers as they stand (drive.rubber_rules); fixed
    pairs."""

    # A player's card has a row per round, the value of its rubbers: its hands
    # are on the slips (scoring.cards.RubberCard).
    card_attached = gettext_lazy("Your score card, every round, is attached as a PDF.")
    # Translators: the shared results' link to a player's own card in rubber
    # whist, a row per round (not per hand).
    card_link = gettext_lazy("Your score card, round by round")
    # Translators: the drive page's download of rubber whist's score cards
    # filled in after play, a row per round.
    filled_cards_link = gettext_lazy(
        "Filled-in score cards, with every round played (PDF)"
    )
    # Translators: the drive page's print help in rubber whist, whose score
    # card has a row per round.
    long_cards_help = gettext_lazy(
        "Score cards with many rounds come one to a page, as usual, where two "
        "to a page would make their rows lower than 6 mm, too low to write a "
        "score in."
    )

    # An empty honours or revoke choice plays by the rubber preset chosen
    # under "Rules (preset)" (drive.rubber_rules.chosen).
    honours_values_unset = gettext_lazy("As the preset")
    revoke_penalty_unset = gettext_lazy("As the preset")
    revoke_tricks_unset = gettext_lazy("As the preset")

    @property
    def clock_setting(self) -> ClockSetting:
        return replace(
            super().clock_setting,
            help=_(
                "Leave empty for no clock. With minutes, each round's countdown "
                "starts with the round and shows on the projector and the "
                "captains' phones; you pause, extend or stop it from the room. "
                "The round ends when you ring the bell, time up or not: the "
                "rubbers in progress are scored as they stand."
            ),
        )

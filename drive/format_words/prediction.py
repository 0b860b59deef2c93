"""Prediction whist's words (Wist): a round is a game of eight deals, a hand
is a deal, and a hand "won" is a prediction made exactly (drive.format_words).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence

from django.utils.html import escape
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext, pgettext, pgettext_lazy

from drive.format_words.rounds import ClockSetting, RoundWords
from players.audit_words import NUMBER_AFTER, stored_search, whole_numbers
from players.language import list_label_count, number_runs


class GameWords(RoundWords):
    """Prediction whist: a round is a game of eight deals, a hand is a deal."""

    hand_word = pgettext_lazy("what a drive's hand is called", "Deal")
    hands_label = pgettext_lazy("how many hands a drive plays", "Deals")
    card_attached = gettext_lazy("Your score card, every deal, is attached as a PDF.")
    card_link = gettext_lazy("Your score card, deal by deal")
    # The game's trumps are its own: only the movement and the deals are set.
    setup_locked = gettext_lazy(
        "Play has started: the movement and the deals can no longer change."
    )
    hand_column = gettext_lazy("Deal %(hand)d")
    # Refusals of a deal the drive or the table has not (the phone; a 404).
    no_such_hand = gettext_lazy(
        "There is no deal %(hand)s in this drive (1 to %(hands)s)."
    )
    not_played = gettext_lazy("That table did not play that deal.")
    # Translators: prediction whist: the sheet of each player's points deal
    # by deal, with the running total (Italian smazzata).
    hands_sheet = pgettext_lazy("workbook sheet, prediction whist", "Points by deal")
    withdrew_before = pgettext_lazy("when a player left", "before game %(round)s")
    withdrew_after_play = pgettext_lazy("when a player left", "after the last game")
    gone_home = gettext_lazy("withdrew before game %(round)d: may have gone home")
    # Translators: "table 2, deal 1" in the record of changes of a
    # prediction whist drive (it "smazzata"); lower case.
    record_hand = pgettext_lazy("record of changes: subject", "deal")
    # Translators: the record of changes' fields of a prediction whist drive
    # that hold a game's number (ru «вступает с партии»).
    record_fields = {
        "joined_round": gettext_lazy("joins at game"),
        "withdrawn_from_round": gettext_lazy("withdrawn from game"),
        "round": pgettext_lazy("record field", "game"),
    }

    # A player sits out a whole game; a fixed score and the player's own
    # average count each of its deals, and the room's average of the deals
    # of a game is the room's average for that game.
    sit_out_fixed = gettext_lazy("A fixed score for each deal sat out")
    sit_out_own_average = gettext_lazy(
        "The player's own average, for each deal sat out"
    )
    sit_out_room_average = gettext_lazy("The room's average for that game")
    sit_out_fixed_score = gettext_lazy("Fixed score per deal sat out")
    sit_out_fixed_score_help = gettext_lazy(
        "Points for each deal sat out, when the compensation is fixed (8 "
        "deals for a game sat out)."
    )
    sit_out_help = gettext_lazy(
        "When the players do not fill the tables, someone sits out a game. "
        "None: the deals sat out score nothing. A fixed score: each deal sat "
        "out scores the points set below. The player's own average: each "
        "counts as the player's average over the deals they played. The "
        "room's average: the game sat out counts as the average score of "
        "everyone who played that game."
    )

    # A deal "won" is a prediction made exactly: the prize for the most of
    # them and the tie-break that counts them say so (scoring.tie_words).
    most_hands_won = pgettext_lazy(
        "prediction whist prize", "Most predictions made exactly"
    )
    most_hands_won_choice = pgettext_lazy("prize row choice", "Exact predictions")
    hands_won_words = pgettext_lazy(
        "tie-break, in running text", "most predictions made exactly"
    )
    hands_won_note = gettext_lazy("decided by most predictions made exactly")
    all_hands = gettext_lazy("All deals")
    # A game's first and last deal (it "smazzata", a drive's hand "mano"),
    # and how many deals a game has (8), in the workbook.
    first_hand_column = gettext_lazy("First deal")
    last_hand_column = gettext_lazy("Last deal")
    # Translators: the workbook's Drive sheet: how many deals a game of
    # prediction whist has (8); not "Deals of a game", their kinds.
    hands_per_round_label = gettext_lazy("Deals per game")
    # Translators: the drive page's download of prediction whist's score
    # cards filled in after play, a row per deal (it "smazzata").
    filled_cards_link = gettext_lazy(
        "Filled-in score cards, with every deal played (PDF)"
    )
    # A player's card has a row per game; a slip is one game's eight deals,
    # never too long for its page, so the smaller print note leaves it out.
    long_cards_help = gettext_lazy(
        "Score cards with many games come one to a page, as usual, where two "
        "to a page would make their rows lower than 6 mm, too low to write a "
        "score in."
    )
    smaller_print_help = gettext_lazy(
        "Nothing a player reads is printed smaller than 8 pt. Where the number "
        "under “Cards a page” would need smaller print (score cards with "
        "many games two or four to a page, table cards four to a page), you are "
        "told before the PDF, and it prints fewer to a page."
    )
    # Its deals are entered during play, and it has no card check
    # (drive.movement.types.FORMATS): the players' cards are compared with
    # the printed filled-in ones.
    no_cards_to_type = gettext_lazy(
        "This drive's scores come in deal by deal: there are no cards to type "
        "in. To compare a player's card with the scores, use the printed "
        "filled-in score cards or the results page."
    )

    def hands_won_count(self, hands: int) -> str:
        return ngettext(
            "%(hands)d prediction made exactly",
            "%(hands)d predictions made exactly",
            hands,
        ) % {"hands": hands}

    def hands_sat_out(self, count: int, rule: str) -> str:
        # Translators: %(rule)s is the drive's sit-out compensation rule
        # (it "smazzate di riposo").
        return ngettext(
            "%(count)d deal sat out: %(rule)s",
            "%(count)d deals sat out: %(rule)s",
            count,
        ) % {"count": count, "rule": rule}

    @property
    def round_word(self) -> str:
        return pgettext("what a drive's round is called", "game")

    @property
    def round_letter(self) -> str:
        return pgettext("short for game, as in G1", "G")

    @property
    def round_heading(self) -> str:
        return pgettext("prediction whist", "Game")

    @property
    def sitting_out(self) -> str:
        return _("Sitting out this game")

    def sitting_out_now(self, *, names: str, count: int) -> str:
        return ngettext(
            "%(names)s sits out this game.", "%(names)s sit out this game.", count
        ) % {"names": names}

    def sitting_out_in(self, *, n: int, round: int) -> str:
        return ngettext(
            "sitting out in game %(round)s", "sitting out in game %(round)s", n
        ) % {"round": round}

    @property
    def round_times(self) -> str:
        return _("When each game started and ended")

    def round_number(self, round: int) -> str:
        return _("Game %(round)s") % {"round": round}

    def joins_at(self, round: int) -> str:
        return _("Joins at game %(round)s.") % {"round": round}

    def withdrawn_from(self, round: int) -> str:
        return _("withdrawn from game %(round)s") % {"round": round}

    def joins_tag(self, round: int) -> str:
        return _("joins game %(round)s") % {"round": round}

    def leaves(self, *, name: str, number: int, round: int) -> str:
        return _(
            "%(name)s (number %(number)s) leaves: not seated from game %(round)s."
        ) % {"name": name, "number": number, "round": round}

    def round_of(self, round: int, rounds: int) -> str:
        return _("Game %(round)s of %(rounds)s") % {"round": round, "rounds": rounds}

    def hands_from_to(
        self, *, first: int, last: int, first_number: int, last_number: int
    ) -> str:
        """A game's deals as the phones and the sheets number them, "Deals 1
        to 8:" (not the drive's running 9 to 16)."""
        return _("Deals %(first)s to %(last)s:") % {
            "first": first_number,
            "last": last_number,
        }

    def your_table(self, round: int, table: int, seat: str) -> str:
        # The seat names itself here: "Game 2: table 3, Seat 4."
        return _("%(round)s: table %(table)s, %(seat)s.") % {
            "round": self.round_number(round),
            "table": table,
            "seat": seat,
        }

    def standings_after(self, done: int, hands: int) -> str:
        return ngettext(
            "Standings after %(done)d of %(hands)d deal",
            "Standings after %(done)d of %(hands)d deals",
            hands,
        ) % {"done": done, "hands": hands}

    def hands_done(self, done: int, hands: int) -> str:
        if not done:
            return ngettext(
                "%(hands)s deal to play.", "%(hands)s deals to play.", hands
            ) % {"hands": hands}
        return ngettext(
            "After %(done)s of %(hands)s deal.",
            "After %(done)s of %(hands)s deals.",
            hands,
        ) % {"done": done, "hands": hands}

    def final_after(self, done: int) -> str:
        return ngettext(
            "Final results after %(done)s deal.",
            "Final results after %(done)s deals.",
            done,
        ) % {"done": done}

    def room_round_of(self, round: int, rounds: int) -> str:
        return _("Room: game %(round)s of %(rounds)s") % {
            "round": round,
            "rounds": rounds,
        }

    def start_round(self, round: int) -> str:
        return _("Start game %(round)s") % {"round": round}

    def round_started(self, round: int) -> str:
        return _("Game %(round)s has started.") % {"round": round}

    @property
    def drive_started(self) -> str:
        return _("The drive has started: here is game 1.")

    def started_elsewhere(self, round: int) -> str:
        return _(
            "The drive had already been started, from another computer: "
            "here is game %(round)s."
        ) % {"round": round}

    def play(self, round: int) -> str:
        return _("Game %(round)d: play.") % {"round": round}

    @property
    def next_starts_once_settled(self) -> str:
        return _(
            "The next game starts by itself once they are settled and every "
            "table is in."
        )

    @property
    def next_starts_when_in(self) -> str:
        return _("The next game starts by itself when every table is in.")

    # A deal is named by its game, as the captain's phone and the printed
    # sheets name it: deal 3 of game 2, never the drive's hand 11.
    def two_results(self, *, table: int, hand: int, number: int, round: int) -> str:
        return _("Table %(table)s, deal %(number)s of game %(round)s: two results") % {
            "table": table,
            "number": number,
            "round": round,
        }

    def conflict_at(self, *, table: int, hand: int, number: int, round: int) -> str:
        return _("Conflict at table %(table)s, deal %(number)s of game %(round)s") % {
            "table": table,
            "number": number,
            "round": round,
        }

    def late_phone(self, *, table: int, hand: int, number: int, round: int) -> str:
        return _(
            "A phone sent another result for table %(table)s, deal %(number)s "
            "of game %(round)s after that game had moved on: see below."
        ) % {"table": table, "number": number, "round": round}

    def hand_saved(
        self, *, table: int, hand: int, number: int, round: int, result: str
    ) -> str:
        return _(
            "Table %(table)s, deal %(number)s of game %(round)s saved: %(result)s."
        ) % {"table": table, "number": number, "round": round, "result": result}

    def table_hands(self, *, table: int, named: Sequence[Mapping[str, int]]) -> str:
        by_game: dict[int, list[int]] = {}
        for each in named:
            by_game.setdefault(each["round"], []).append(each["number"])
        # Translators: a saved grid's deals at a table: "table 1, deals 1–8
        # of game 2" (ru «стол 1, сдачи 1–8 партии 2»).
        return "; ".join(
            ngettext(
                "table %(table)s, deal %(numbers)s of game %(round)s",
                "table %(table)s, deals %(numbers)s of game %(round)s",
                list_label_count(numbers),
            )
            % {"table": table, "numbers": number_runs(numbers), "round": game}
            for game, numbers in by_game.items()
        )

    def changed_at_table(
        self, *, table: int, hand: int, number: int, round: int, result: str
    ) -> str:
        return _(
            "Table %(table)s, deal %(number)s of game %(round)s was changed "
            "meanwhile (now %(result)s). Nothing was saved; check the page again."
        ) % {"table": table, "number": number, "round": round, "result": result}

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
        values = {"table": table, "number": number, "round": round, "count": count}
        if phones:
            return (
                ngettext(
                    "Table %(table)s, deal %(number)s of game %(round)s already has "
                    "%(count)s version, the most phones may add; nothing was saved. "
                    "Ask the organiser to enter the result.",
                    "Table %(table)s, deal %(number)s of game %(round)s already has "
                    "%(count)s versions, the most phones may add; nothing was saved. "
                    "Ask the organiser to enter the result.",
                    count,
                )
                % values
            )
        return (
            ngettext(
                "Table %(table)s, deal %(number)s of game %(round)s already has "
                "%(count)s version, the most one deal can keep; nothing was saved. "
                "If its score must change, add an adjustment.",
                "Table %(table)s, deal %(number)s of game %(round)s already has "
                "%(count)s versions, the most one deal can keep; nothing was saved. "
                "If its score must change, add an adjustment.",
                count,
            )
            % values
        )

    def _record_deal(self) -> str:
        # Translators: in the record of changes: "table 2, deal 3 of game 2";
        # lower case.
        return pgettext(
            "record of changes: subject", "deal %(number)s of game %(round)s"
        )

    def record_deal(self, *, hand: int, number: int, round: int) -> str:
        return self._record_deal() % {"number": number, "round": round}

    def record_search(
        self,
        query: str,
        *,
        hand_named: Callable[[int], Mapping[str, int]],
        hands: int,
    ) -> str:
        """As RoundWords says; a deal as the record shows it, "deal 3 of
        game 2", finds the drive's hand it is stored as ("hand 11"), and
        "deal 3" alone deal 3 of every game (hands 3, 11, 19...)."""
        said = re.escape(self._record_deal() % {"number": "\0N", "round": "\0R"})
        deal = re.compile(
            said.replace("\0N", r"(?P<number>\d+)").replace("\0R", r"(?P<round>\d+)")
            + rf"|{re.escape(str(self.record_hand))} (?P<alone>\d+)",
            re.IGNORECASE,
        )
        named = {hand: hand_named(hand) for hand in range(1, hands + 1)}
        hand_word = str(self.record_hand)
        pieces, at = [], 0
        for found in deal.finditer(query):
            number = int(found["number"] or found["alone"])
            stored = [
                str(hand)
                for hand, name in named.items()
                if name["number"] == number
                and (found["round"] is None or name["round"] == int(found["round"]))
            ]
            if not stored:
                continue
            pieces.append(
                re.escape(stored_search(query[at : found.start()], hand_word))
            )
            pieces.append(f"hand ({'|'.join(stored)}){NUMBER_AFTER}")
            at = found.end()
        rest = stored_search(query[at:], hand_word)
        pieces.append(
            whole_numbers(re.escape(rest), starts=False, ends=rest[-1:].isdigit())
        )
        first = stored_search(query, hand_word)
        return whole_numbers("".join(pieces), starts=first[:1].isdigit(), ends=False)

    def deal_at_table(self, *, table: int, hand: int, number: int, round: int) -> str:
        """A deal's own page's title (scoring/prediction_hand.html)."""
        return _("Table %(table)s, deal %(number)s of game %(round)s") % {
            "table": table,
            "number": number,
            "round": round,
        }

    def moved_on(self, round: int) -> str:
        return _(
            "Game %(round)s has already moved on: the moves after it stand "
            "whichever result you choose, and the scores are recomputed."
        ) % {"round": round}

    def moves_after(self, round: int) -> str:
        return _("Moves after game %(round)s") % {"round": round}

    def result_stands(
        self, *, hand: int, number: int, round: int, table: int, **said: str
    ) -> str:
        # The deal as the phone names it: deal 3 of game 2.
        return _(
            "Deal %(number)s of game %(round)s at table %(table)s already has a "
            "result: %(first)s, sent at %(time)s. Yours (%(deal)s) was not "
            "counted; the organiser has been told and will settle it."
        ) % {"number": number, "round": round, "table": table, **said}

    def passed_on(self, *, hand: int, number: int, round: int, deal: str) -> str:
        return _(
            "Deal %(number)s of game %(round)s already had another result; "
            "yours (%(deal)s) was passed to the organiser."
        ) % {"number": number, "round": round, "deal": deal}

    def same_tricks(self, *, hand: int, number: int, round: int, deal: str) -> str:
        return _(
            "Deal %(number)s of game %(round)s was already in with the same "
            "tricks (%(deal)s): nothing changed."
        ) % {"number": number, "round": round, "deal": deal}

    def received(self, *, hand: int, number: int, round: int, deal: str) -> str:
        return _("Deal %(number)s of game %(round)s was received: %(deal)s.") % {
            "number": number,
            "round": round,
            "deal": deal,
        }

    def enter_first(self, *, hand: int, number: int, round: int) -> str:
        return _(
            "Enter deal %(number)s first: this table is on deal %(number)s of "
            "game %(round)s."
        ) % {"number": number, "round": round}

    def not_started(
        self, *, hand: int, number: int, round: int, table: int, now: str
    ) -> str:
        return _(
            "Deal %(number)s of game %(round)s has not started yet at table "
            "%(table)s: %(now)s."
        ) % {"number": number, "round": round, "table": table, "now": now}

    def on_hand(self, *, hand: int, number: int, round: int) -> str:
        return _("this table is on deal %(number)s of game %(round)s") % {
            "number": number,
            "round": round,
        }

    def no_game(self, *, table: int, round: int) -> str:
        return _("Table %(table)s does not play in game %(round)s.") % {
            "table": table,
            "round": round,
        }

    def is_confirmed(self, *, hand: int, number: int, round: int, deal: str) -> str:
        return _("Deal %(number)s of game %(round)s is confirmed: %(deal)s.") % {
            "number": number,
            "round": round,
            "deal": deal,
        }

    def cleared(self, *, hand: int, number: int, round: int) -> str:
        return _("Cleared: enter deal %(number)s of game %(round)s again.") % {
            "number": number,
            "round": round,
        }

    def changed_meanwhile(self, *, hand: int, number: int, round: int) -> str:
        return _(
            "That result for deal %(number)s of game %(round)s has changed "
            "meanwhile; nothing was saved."
        ) % {"number": number, "round": round}

    def confirmed_meanwhile(self, *, hand: int, number: int, round: int) -> str:
        return _(
            "That result for deal %(number)s of game %(round)s has been confirmed "
            "meanwhile; ask the organiser if it needs correcting."
        ) % {"number": number, "round": round}

    def moves_stand(self, round: int) -> str:
        return _(
            "The moves after game %(round)s were already made and stand, "
            "whatever the organiser decides."
        ) % {"round": round}

    def sit_out_each(self, n: int) -> str:
        return ngettext(
            "Each game %(n)s player sits out, in turn.",
            "Each game %(n)s players sit out, in turn.",
            n,
        ) % {"n": n}

    def sat_out_each(self, n: int) -> str:
        return ngettext(
            "Each game %(n)s player sat out, in turn.",
            "Each game %(n)s players sat out, in turn.",
            n,
        ) % {"n": n}

    def tables_missing(self, round: int, tables: str, count: int) -> str:
        return ngettext(
            "Table still missing in game %(round)s: %(tables)s.",
            "Tables still missing in game %(round)s: %(tables)s.",
            count,
        ) % {"round": round, "tables": tables}

    def every_table_in(self, round: int) -> str:
        return _("Every table of game %(round)s is in.") % {"round": round}

    def no_clock(self, edit_url: str) -> SafeString:
        return mark_safe(  # noqa: S308 - the link is ours, the URL escaped
            _(
                "No game clock. To have one, set the minutes per deal or per "
                'game in the <a href="%(edit_url)s">drive\'s settings</a>.'
            )
            % {"edit_url": escape(edit_url)}
        )

    def correct_any(self, hands_url: str) -> SafeString:
        return mark_safe(  # noqa: S308 - the link is ours, the URL escaped
            _(
                'The drive is over. Correct any deal from <a href="%(hands_url)s">'
                "All deals</a>."
            )
            % {"hands_url": escape(hands_url)}
        )

    @property
    def clock_label(self) -> str:
        return _("Game clock")

    @property
    def no_round_time(self) -> str:
        return _(
            "This drive has no time for a game: set the minutes per deal or per "
            "game in the drive's settings first."
        )

    @property
    def clock_setting(self) -> ClockSetting:
        return ClockSetting(
            label=_("Game clock: minutes"),
            help=_(
                "Leave empty for no clock. With minutes, each game's countdown "
                "starts with the game and shows on the projector and the "
                "captains' phones; you pause, extend or stop it from the room. "
                "Results are always taken, in time or not."
            ),
            per_hand=_("per deal"),
            per_round=_("per game"),
        )

    @property
    def sound_help(self) -> str:
        return _(
            "Browsers play sound only after a tap: press Sound on once, and the "
            "bell rings at time up, at each new game and when the room rings it."
        )

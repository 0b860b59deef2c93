"""What the drive's form shows of each game: the settings of the game chosen,
and its own words for them (drive.forms.DriveForm asks GAME_FORMS, by the
format's game, never by a branch on the format).

A progressive drive's form says nothing of rubber whist or prediction whist:
each help text speaks of the chosen game only.
"""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy as _

from drive import rubber_rules
from drive.games import per_game
from drive.movement.types import Game

# The settings the form shows under "Honours and revokes", in this order.
HONOURS_FIELDS = ("count_honours", "honours_values", "revoke_penalty", "revoke_tricks")
# The settings the form shows under "Rubber whist", in this order.
RUBBER_FIELDS = (
    "rubber_preset",
    "rubber_target",
    "rubber_honours_limit",
    "rubber_losers_honours",
    "rubber_bonus",
    "rubber_settlement",
)
# The settings only a prediction whist drive uses, under its heading.
PREDICTION_FIELDS = ("prediction_ranking",)

# The settings a prediction whist drive does not use: its game fixes the
# rounds and the trumps (drive.setup.settle_format), every player is for
# themselves, and a deal scores by the game's own rules (scoring.prediction_rules).
PREDICTION_UNUSED = (
    *("hands_per_round", "trump_sequence", "winners_move", "three_handed"),
    *("scoring_rule", "group_a_label", "group_b_label", "score_entry"),
    *HONOURS_FIELDS,
    *RUBBER_FIELDS,
)


class GameForm:
    """What the drive's form shows for a game of hands: the settings of the
    game chosen, not those of rubber whist or prediction whist."""

    # The settings the form leaves out (they keep their values).
    unused: tuple[str, ...] = (*PREDICTION_FIELDS, *RUBBER_FIELDS)
    # What the settings of hands, rounds and trumps say, of this game only.
    help_texts: dict[str, str] = {
        "hands": _("Usually 24."),
        "hands_per_round": _(
            "How many hands a table plays before the players move: with 1 "
            "they move after every hand (24 hands are 24 rounds), with 4 "
            "after every fourth hand (24 hands are 6 rounds, fewer moves). "
            "Usually 1."
        ),
        "trump_sequence": _(
            "Repeats through the evening. Default: Hearts, Diamonds, Spades, "
            "Clubs, No trumps."
        ),
        "count_honours": _(
            "Honours are the ace, king, queen and jack of trumps. A side that "
            "held three or four of them scores for them, on top of its tricks. "
            "Captains say which side held them after the tricks. Never in a "
            "No-trumps hand."
        ),
        "revoke_penalty": _(
            "A revoke is failing to follow suit when you could. The tricks "
            "stay as the table took them; the penalty is added when the hand "
            "is scored. Giving points takes up to that many from the "
            "offenders and gives the opponents all of them. If both sides "
            "revoked, the hand is void: nobody scores."
        ),
    }

    def show(self, form: forms.ModelForm) -> None:
        """Leave out the settings the game does not use, and name its own."""
        for name in self.unused:
            form.fields.pop(name, None)
        for name, text in self.help_texts.items():
            if name in form.fields:
                form.fields[name].help_text = text

    @property
    def prediction_words(self) -> str:
        """What the form says of prediction whist under its heading (shown
        only with the game's own settings)."""
        return ""

    def counts_honours(self, preset: str) -> bool:
        """Whether a new drive of this game counts honours unless the
        organiser says otherwise: a drive of hands, as usual, does not."""
        return False

    def untouched_honours(self, data: dict, shown_preset: str) -> None:
        """`data` (a form's cleaned values) with "Count honours" left as the
        form showed it for `shown_preset`: when that was the preset's own
        choice, the drive follows the preset chosen now (a drive changed to
        American whist counts none, one changed from it counts English short
        whist's). A box the organiser ticked or cleared keeps their choice,
        and ticking it for American whist is refused (drive.setup)."""
        if bool(data.get("count_honours")) == self.counts_honours(shown_preset):
            preset = data.get("rubber_preset") or shown_preset
            data["count_honours"] = self.counts_honours(preset)

    def followed_preset(self, box: bool, preset: str) -> str:
        """The preset a "Count honours" box shown as `box` follows: `preset`
        when the box says what that preset does, else none ("")."""
        known = preset in rubber_rules.PRESETS
        return preset if known and box == self.counts_honours(preset) else ""

    def preset_followed(self, box: bool, follows: str, preset: str) -> tuple[bool, str]:
        """(the box, the preset it follows) once the preset is `preset`: a
        box left as preset `follows` does (the organiser has not changed it)
        says what `preset` does; a box they ticked or cleared keeps their
        choice and follows no preset from then on. The form's hidden
        "honours_follows" carries `follows` from one answer to the next, so
        the box follows preset after preset on the page (drive.views)."""
        if self.followed_preset(box, follows):
            chosen = preset if preset in rubber_rules.PRESETS else follows
            return self.counts_honours(chosen), chosen
        return box, ""


class EverySetting(GameForm):
    """Every setting, whatever the format: a drive read from a file is
    checked as the form takes its settings (printing.transfer_checks), and
    the file holds them all."""

    unused = ()


class RubberForm(GameForm):
    """A rubber drive's form shows rubber whist's rules. Its hands come in
    one by one: the form does not offer cards in at the end, which the
    drive refuses (drive.setup)."""

    unused = (*PREDICTION_FIELDS, "score_entry")
    help_texts = GameForm.help_texts | {
        "hands_per_round": _(
            "How many hands a table plays before the pairs move: at least 4, "
            "since a rubber is two or three games and a game usually takes "
            "several hands (24 hands in rounds of 4 are 6 rounds). You end "
            "each round with the bell, sooner if you wish: the rubbers in "
            "progress are scored as they stand."
        ),
        "count_honours": _(
            "Honours are the ace, king, queen and jack of trumps. A side that "
            "held three or four of them scores for them, on top of its tricks. "
            "Captains say which side held them after the tricks. Never in a "
            "No-trumps hand, nor in American whist."
        ),
        "revoke_penalty": _(
            "A revoke is failing to follow suit when you could. The tricks "
            "stay as the table took them; the penalty is added when the hand "
            "is scored. Giving points takes up to that many from the "
            "offenders and gives the opponents all of them. In rubber whist "
            "they are game points, a game score never goes below 0, and a "
            "side never wins a game on a hand in which it revoked. If both "
            "sides revoked, the hand is void: nobody scores."
        ),
    }

    def counts_honours(self, preset: str) -> bool:
        """A rubber drive counts honours where its preset has them (English
        short whist does, American whist does not)."""
        return rubber_rules.PRESETS.get(preset, rubber_rules.PRESETS["english"]).honours


class PredictionForm(GameForm):
    """A prediction whist drive is not shown the settings its game
    fixes or ignores (the section "Prediction whist" says so); they keep
    their values."""

    unused = PREDICTION_UNUSED

    def show(self, form: forms.ModelForm) -> None:
        super().show(form)
        form.fields["hands"].label = _("Number of deals (8 to a game)")
        form.fields["hands"].help_text = _(
            "A game is 8 deals; players move after each game (3 games is 24 deals)."
        )
        # A round is a game here: the settings about rounds say so.
        form.fields["advance_automatically"].label = _(
            "Start the next game as soon as every table is in"
        )
        form.fields["advance_automatically"].help_text = _(
            "Otherwise you start each game from the room when you are ready, "
            "for instance after an announcement."
        )
        form.fields["silent_rounds"].label = _("Silent games at the end")
        form.fields["silent_rounds"].help_text = _(
            "To keep the finish a surprise: over the last games the projector, "
            "the shared leaderboard and the captains' phones show the standings "
            "as they were before them. Results still come in and your own pages "
            "show everything; Reveal (or the prize-giving) lifts the silence "
            "once the drive is finished. 0 for none. It can be changed during "
            "play."
        )

    @property
    def prediction_words(self) -> str:
        return _(
            "Each for themselves at tables of four or five. A round is one "
            "game of 8 deals, in the game's own order of trumps, and every "
            "deal scores by the game's rules (the drive's page says them), "
            "so the hands per round, the trumps, the scoring, honours and "
            "revokes, and the groups are not asked."
        )


GAME_FORMS = per_game(
    "drive.game_forms",
    {
        Game.HANDS: GameForm(),
        Game.RUBBERS: RubberForm(),
        Game.PREDICTIONS: PredictionForm(),
    },
)

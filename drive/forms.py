from __future__ import annotations

from dataclasses import dataclass

from django import forms
from django.utils.translation import gettext, pgettext_lazy
from django.utils.translation import gettext_lazy as _

from drive.game_forms import (
    GAME_FORMS,
    HONOURS_FIELDS,
    PREDICTION_FIELDS,
    RUBBER_FIELDS,
    EverySetting,
)
from drive.honours_summary import honours_summary
from drive.models import (
    ClockPer,
    Drive,
    PredictionRanking,
    ScoreEntry,
    SitOutCompensation,
    unset_choices_said_by,
)
from drive.movement.types import FORMATS, Format
from drive.setup import SETUP_FIELDS, cards_in_refused, range_refusal, setup_rules
from drive.stay_rules import MOST_TABLES
from drive.trump_widget import TrumpSequenceWidget
from drive.trumps import (
    format_sequence,
    parse_sequence,
)
from players import name_search
from players.forms import TypedTextForm
from players.models import Player, normalise_name

# The settings asked first, whatever the format, in this order: the rest of
# the form shows the settings of the format chosen.
BASICS = ("name", "date", "venue", "format")
# Each format's value, as a form sends it.
FORMAT_VALUES = frozenset(format.value for format in Format)
# The longest choice, in letters, a select shows whole on a 360 px phone (its
# box holds about 28 at the form's type). A field with a longer choice is
# offered as radio buttons, whose words wrap (templates/_form_field.html).
SELECT_LETTERS = 24


def offered_whole(form: forms.BaseForm) -> None:
    """Each of `form`'s selects with a choice too long for a phone's select box,
    in the language the form is shown in, made radio buttons: the words of the
    choice shown (and of the one chosen) are never cut off."""
    for field in form.fields.values():
        if type(field.widget) is not forms.Select:
            continue
        choices = list(field.choices)
        if any(len(str(label)) > SELECT_LETTERS for _value, label in choices):
            field.widget = forms.RadioSelect(choices=choices)


@dataclass(frozen=True)
class Section:
    """Settings shown together: under a heading with words (none for the
    settings of every drive), and folded away with a line saying what they
    choose (`summary`), open when `opened`."""

    heading: str
    words: str
    fields: list[forms.BoundField]
    summary: str = ""
    opened: bool = False


class DriveForm(TypedTextForm, forms.ModelForm):
    # Chosen from a row of selects (drive.trump_widget); a posted text still reads.
    trump_sequence = forms.CharField(
        label=_("Trump sequence"),
        max_length=100,
        widget=TrumpSequenceWidget,
    )

    class Meta:
        model = Drive
        fields = list(SETUP_FIELDS)
        labels = {
            "name": pgettext_lazy("drive or season", "Name"),
            "date": _("Date"),
            "venue": _("Venue"),
            "hands": _("Number of hands"),
            "hands_per_round": _("Hands per round (between moves)"),
            "format": pgettext_lazy(
                "a drive's format, the label of its name", "Movement"
            ),
            "winners_move": _("Winners move (the losers stay)"),
            "scoring_rule": _("Scoring"),
            "count_honours": _("Count honours"),
            "honours_values": _("What honours score"),
            "revoke_penalty": _("What a revoke costs"),
            "revoke_tricks": _("How many tricks or points"),
            "rubber_preset": _("Rules (preset)"),
            "rubber_target": _("Game: points to win a game"),
            "rubber_honours_limit": _("Honours limit"),
            "rubber_losers_honours": _(
                "The losers' honours on the hand that ends a game"
            ),
            "rubber_bonus": _("Game bonus to the winners"),
            "rubber_settlement": _("What a rubber is worth"),
            "group_a_label": _("Group A (sits North and East)"),
            "group_b_label": _("Group B (sits South and West)"),
            "sit_out_compensation": _("Sit-out compensation"),
            "prediction_ranking": _("Ranking"),
            "score_entry": _("How scores come in"),
            "three_handed": _("Three left over play with a dummy hand"),
            "advance_automatically": _(
                "Start the next round as soon as every table is in"
            ),
            "opponent_confirms": _(
                "An opponent confirms each result on the captain's phone"
            ),
            "clock_per": _("Minutes counted"),
            "silent_rounds": _("Silent rounds at the end"),
        }
        help_texts = {
            "advance_automatically": _(
                "Otherwise you start each round from the room when you are "
                "ready, for instance after an announcement."
            ),
            "opponent_confirms": _(
                "The captain hands the phone across the table; until an "
                "opponent confirms, the result does not count and the room "
                "shows it as entered, to confirm."
            ),
            "silent_rounds": _(
                "To keep the finish a surprise: over the last rounds the "
                "projector, the shared leaderboard and the captains' phones show "
                "the standings as they were before them. Results still come in "
                "and your own pages show everything; Reveal (or the prize-giving) "
                "lifts the silence once the drive is finished. 0 for none. It can "
                "be changed during play."
            ),
            # hands, hands_per_round and the trumps: in the chosen game's
            # words (drive.game_forms.GameForm.help_texts).
            "rubber_preset": _(
                "English short whist: game 5, bonus 3, 2 or 1, three honours 2 "
                "and four 4, none for a side one point from game. Russian whist: "
                "game 5, bonus 3, 2 or 1, three honours 3 and four 4, which never "
                "score the last point. American whist: game 7, the winners score "
                "7 less the losers' points, no honours. Long whist: game 10, "
                "honours never score the last point. Each setting below left at "
                "“As the preset” follows the rules chosen here."
            ),
            "rubber_target": _(
                "As the preset: 5 (English and Russian), 7 (American), 10 (long "
                "whist; the Polish rules play to 9)."
            ),
            "rubber_honours_limit": _(
                "As the preset: English, a side one point from game scores no "
                "honours; Russian and long whist, honours never score the last "
                "point; American, none."
            ),
            "rubber_losers_honours": _(
                "When one side's tricks win the game, the other side's honours on "
                "that hand. As the preset: dropped."
            ),
            "rubber_settlement": _(
                "As the preset: each pair its own games' bonuses, and the rubber "
                "bonus to its winners. The Russian text's reading: a game won by "
                "the rubber's losers is subtracted from the winners."
            ),
            "rubber_bonus": _(
                "As the preset: 3, 2 or 1 by the losers' points (English, Russian, "
                "long whist); the target less the losers' points (American). The "
                "rubber's winners gain 2 more."
            ),
            "honours_values": _("Used only when honours are counted."),
            # count_honours and revoke_penalty: in the chosen game's words
            # (drive.game_forms.GameForm.help_texts).
            "revoke_tricks": _(
                "Tricks passed, or points lost or gained: three by the usual rule, "
                "two by the American rule."
            ),
            "prediction_ranking": _(
                "A table of five scores more a game than a table of four, so where "
                "players sit decides part of a ranking by points. By share, each "
                "game counts as the share of the others at the table a player "
                "beat (a tie half), and players rank by their average share. "
                "Cards keep the points either way. Fixed once play starts."
            ),
        }
        # Said at the field: "required" alone does not say what to type.
        error_messages = {
            f"group_{group}_label": {
                "required": _(
                    "Give each group a name (the door, the cards and the "
                    "results show it), for instance Ladies and Gents."
                )
            }
            for group in "ab"
        }
        widgets = {
            # <input type="date"> only understands ISO dates, whatever the locale.
            "date": forms.DateInput(attrs={"type": "date"}, format="%Y-%m-%d")
        }

    def __init__(
        self, *args, format: str | None = None, every_setting: bool = False, **kwargs
    ) -> None:
        super().__init__(*args, **kwargs)
        # The settings of the format chosen (GameForm): the one asked for,
        # else the one sent, else the drive's (a new drive's default). The
        # settings of another game are left out and keep their values.
        self.shown_format = self.format_of(
            format, self.data.get("format"), self.initial.get("format")
        )
        self.game_form = (
            EverySetting()
            if every_setting
            else GAME_FORMS[FORMATS[self.shown_format].game]
        )
        self.game_form.show(self)
        # A new drive counts honours as its game does (a rubber drive's
        # preset, shown first: English short whist counts them), not as the
        # box's default; an edited drive's box shows what it has.
        new = self.instance._state.adding and "count_honours" not in self.initial
        if new and "count_honours" in self.fields:
            preset = self.initial.get("rubber_preset", self.instance.rubber_preset)
            self.initial["count_honours"] = self.game_form.counts_honours(preset)
        # A form shown afresh for another movement (its link, or the movement
        # changed before saving) has the settings that game cannot take
        # replaced by its own: rubber whist's rounds of 4 hands, not 1.
        if not self.is_bound:
            shown = {
                name: self.get_initial_for_field(field, name)
                for name, field in self.fields.items()
            }
            self.initial.update(setup_rules(self.shown_format).fitted(shown))
        # Ranked by points unless said otherwise: a form of another format,
        # or a loaded file from before the setting, keeps the default.
        if "prediction_ranking" in self.fields:
            self.fields["prediction_ranking"].required = False
        # The clock in the format's words: a prediction whist drive's minutes
        # go per deal or per game.
        words = FORMATS[self.shown_format].words
        clock = words.clock_setting
        if "clock_minutes" in self.fields:
            self.fields["clock_minutes"].label = clock.label
            self.fields["clock_minutes"].help_text = clock.help
        # Sit-outs in the format's words: a prediction whist player sits out
        # a game of deals, not a hand; a new drive's form says both.
        if "sit_out_compensation" in self.fields:
            self.fields["sit_out_compensation"].choices = SitOutCompensation.said_by(
                words
            )
            self.fields["sit_out_compensation"].help_text = words.sit_out_help
        if "sit_out_fixed_score" in self.fields:
            self.fields["sit_out_fixed_score"].label = words.sit_out_fixed_score
            self.fields[
                "sit_out_fixed_score"
            ].help_text = words.sit_out_fixed_score_help
        # Honours and revokes left unchosen, in the game's words: a drive of
        # hands plays "as usual", a rubber drive "as the preset".
        for name, unset in unset_choices_said_by(words).items():
            if name in self.fields:
                self.fields[name].choices = [
                    (value, unset if value in ("", None) else label)
                    for value, label in self.fields[name].choices
                ]
        # Minutes per hand unless said otherwise: a form (or a loaded file)
        # without the choice keeps the default.
        if "clock_per" in self.fields:
            self.fields["clock_per"].required = False
            self.fields["clock_per"].widget = forms.RadioSelect(choices=clock.choices)
        # Hand by hand unless said otherwise: a form (or a file dumped before
        # the setting) without the choice keeps the way drives always went.
        if "score_entry" in self.fields:
            self.fields["score_entry"].required = False
            self.fields["score_entry"].widget = forms.RadioSelect(
                choices=ScoreEntry.choices
            )
        # None silent unless said otherwise (a form without the field keeps 0).
        if "silent_rounds" in self.fields:
            self.fields["silent_rounds"].required = False
        # A new drive shows the model's default sequence, as an edited one shows its own.
        sequence = self.initial.get("trump_sequence") or self.instance.trump_sequence
        if sequence and "trump_sequence" in self.fields:
            self.initial["trump_sequence"] = sequence
        offered_whole(self)
        self.follow_preset()

    # The rubber preset "Count honours" is left as, sent back by the page in
    # a hidden field of this name (not a setting of the drive).
    FOLLOWS = "honours_follows"

    def follow_preset(self) -> None:
        """ "Count honours" left as the rubber preset does follows the preset
        chosen (GameForm.preset_followed): a form sent with the preset the
        box followed is read with the box as the preset now chosen has it,
        so the line, the page shown again and the drive saved all say the
        same; `honours_follows` is the preset it follows now, for the page
        (None without a rubber preset). Without the hidden field sent (a
        page of before, a file) clean() follows the preset shown first."""
        self.honours_follows: str | None = None
        self.honours_moved = False
        if not {"count_honours", "rubber_preset"} <= self.fields.keys():
            return
        box = bool(self["count_honours"].value())
        preset = self["rubber_preset"].value() or ""
        if not self.is_bound or self.FOLLOWS not in self.data:
            shown = self.get_initial_for_field(
                self.fields["rubber_preset"], "rubber_preset"
            )
            self.honours_follows = self.game_form.followed_preset(box, shown or "")
            return
        follows = self.data.get(self.FOLLOWS, "")
        ticked, follows = self.game_form.preset_followed(box, follows, preset)
        data = self.data.copy()
        data[self.FOLLOWS] = follows
        if ticked:
            data["count_honours"] = "on"
        else:
            data.pop("count_honours", None)
        self.data = data
        self.honours_follows = follows
        self.honours_moved = ticked != box

    def format_of(self, *asked: object) -> Format:
        """The first of `asked` that is a format, else the drive's."""
        for value in asked:
            if isinstance(value, str) and value in FORMAT_VALUES:
                return Format(value)
        return Format(self.instance.format)

    @classmethod
    def for_chosen_format(cls, data, **kwargs) -> DriveForm | None:
        """The form again, unsaved, with the settings of the format `data`
        chose and everything typed kept, when the organiser asked for them
        ("Show the settings for this format", or htmx on a change of
        format) or changed the format to another game before saving: the
        new game's settings are to be seen before they are saved. None when
        the form is to be saved."""
        probe = cls(data, format=data.get("shown_format"), **kwargs)
        chosen = probe.format_of(data.get("format"), probe.shown_format)
        changed = FORMATS[chosen].game is not FORMATS[probe.shown_format].game
        if "show_format" not in data and not (data.get("shown_format") and changed):
            return None
        typed = {
            name: probe[name].data
            for name, field in probe.fields.items()
            if not field.disabled and probe[name].data not in (None, "")
        }
        # "Count honours" as the other game showed it is that game's, not
        # the organiser's: the new game's own shows (rubber whist's preset).
        if changed and "count_honours" not in probe.changed_data:
            typed.pop("count_honours", None)
        initial = {**kwargs.pop("initial", {}), **typed}
        return cls(initial=initial, format=chosen, **kwargs)

    def basics(self) -> list[forms.BoundField]:
        """The drive's name, date, venue and format: asked first, before the
        settings of the format chosen."""
        return [self[name] for name in BASICS if name in self.fields]

    def sections(self) -> list[Section]:
        """The visible fields in the form's order, with the settings of one
        kind of drive under headings of their own (prediction whist, honours
        and revokes, rubber whist). A heading whose fields are all left out
        goes too; prediction whist's has words and no field. Honours and
        revokes are folded away, with a line saying what they choose, and
        open when one of them has a mistake."""
        grouped = (*BASICS, *HONOURS_FIELDS, *RUBBER_FIELDS, *PREDICTION_FIELDS)
        fields = [f for f in self.visible_fields() if f.name not in grouped]
        names = [f.name for f in fields]
        last = "scoring_rule" if "scoring_rule" in names else "hands"
        at = names.index(last) + 1 if last in names else len(fields)
        honours = [self[name] for name in HONOURS_FIELDS if name in self.fields]
        rubber = [self[name] for name in RUBBER_FIELDS if name in self.fields]
        prediction = [self[name] for name in PREDICTION_FIELDS if name in self.fields]
        sections = []
        if prediction:
            sections.append(
                Section(_("Prediction whist"), self.prediction_words, prediction)
            )
        if honours:
            sections.append(
                Section(
                    _("Honours and revokes"),
                    _(
                        "Most drives count tricks only. Clubs that play by the old "
                        "rules also score honours, and every club penalises a revoke."
                    ),
                    honours,
                    summary=self.honours_summary(),
                    opened=any(field.errors for field in honours),
                )
            )
        if rubber:
            sections.append(
                Section(
                    _("Rubber whist (only for a Rubber whist drive)"),
                    _(
                        "Used only when the movement is Rubber whist; any other "
                        "drive ignores these settings. Fixed pairs play rubbers "
                        "(the best of three games) and each pair scores the "
                        "bonuses it wins. Choose the club's rules, then change "
                        "any setting that differs."
                    ),
                    rubber,
                )
            )
        return [Section("", "", fields[:at]), *sections, Section("", "", fields[at:])]

    def honours_summary(self) -> str:
        """What the honours and revokes settings choose, as the form shows them."""
        shown = {name: self[name].value() for name in HONOURS_FIELDS}
        preset = self["rubber_preset"].value() if "rubber_preset" in self.fields else ""
        return honours_summary(
            game=FORMATS[self.shown_format].game, preset=preset or "", **shown
        )

    def fields_in_error(self) -> list[forms.BoundField]:
        """The shown fields with a mistake, in the form's order, for the list
        at the top of the long form."""
        return [field for field in self.visible_fields() if field.errors]

    @property
    def prediction_words(self) -> str:
        """What the form says of prediction whist: what it fixes, what it leaves aside."""
        return self.game_form.prediction_words

    def clean_clock_per(self) -> str:
        return self.cleaned_data.get("clock_per") or ClockPer.HAND

    def clean_score_entry(self) -> str:
        return self.cleaned_data.get("score_entry") or ScoreEntry.HANDS

    def clean_silent_rounds(self) -> int:
        return self.cleaned_data.get("silent_rounds") or 0

    def clean_prediction_ranking(self) -> str:
        return self.cleaned_data.get("prediction_ranking") or PredictionRanking.POINTS

    def clean_trump_sequence(self) -> str:
        try:
            return format_sequence(parse_sequence(self.cleaned_data["trump_sequence"]))
        except ValueError as exc:
            raise forms.ValidationError(str(exc)) from exc

    def clean(self) -> dict:
        data = super().clean()
        if self.honours_follows is not None and self.FOLLOWS in self.data:
            pass  # the box as the preset followed has it (follow_preset)
        elif (
            "count_honours" in self.fields and "count_honours" not in self.changed_data
        ):
            shown = self.get_initial_for_field(
                self.fields.get("rubber_preset", forms.CharField()), "rubber_preset"
            )
            self.game_form.untouched_honours(data, shown or self.instance.rubber_preset)
        hands = data.get("hands")
        # The set-up rules of the drive's game (drive.setup): those of the
        # game the form shows when that game fixes settings, else those of
        # the movement chosen.
        rules = setup_rules(self.instance.format) if self.instance.pk else None
        if rules is None or not rules.settled():
            rules = setup_rules(data.get("format") or self.instance.format)
        if range_refusal(hands):
            # Said here, or the model's check constraint shows its bare name.
            self.add_error("hands", range_refusal(hands))
        else:
            # The game fixes the rounds and the trumps (drive.setup.settle_format):
            # what the form said of them, even a mistake, does not count.
            for name, value in rules.settled().items():
                if name in self.fields:
                    self.errors.pop(name, None)
                    data[name] = value
            refused = rules.hands_refusal(hands, data.get("hands_per_round"))
            if refused:
                self.add_error("hands", refused)
        format = data.get("format") or self.instance.format
        if data.get("score_entry") == ScoreEntry.CARDS and format:
            refused = cards_in_refused(format)
            if refused:
                self.add_error("score_entry", refused)
        return data


class RegisterForm(TypedTextForm, forms.Form):
    """At the door: pick from the roster, or type a new name and press Enter."""

    player = forms.ModelChoiceField(
        queryset=Player.objects.none(), required=False, label=_("Player")
    )
    name = forms.CharField(
        max_length=120,
        required=False,
        label=_("Name"),
        widget=forms.TextInput(attrs={"autocomplete": "off", "list": "roster-names"}),
    )
    # A partner picked from among namesakes (the door's buttons).
    partner = forms.ModelChoiceField(
        queryset=Player.objects.none(), required=False, label=_("Partner")
    )
    partner_name = forms.CharField(
        max_length=120,
        required=False,
        label=_("Partner's name"),
        widget=forms.TextInput(attrs={"autocomplete": "off", "list": "roster-names"}),
    )
    group = forms.ChoiceField(choices=[], required=False, label=_("Group"))
    paid = forms.BooleanField(required=False, label=_("Paid"))
    checked_in = forms.BooleanField(required=False, initial=True, label=_("Here now"))
    stays = forms.BooleanField(required=False, label=_("Stays at one table"))
    stays_table = forms.IntegerField(
        required=False, min_value=1, max_value=MOST_TABLES, label=_("Table")
    )
    large_print = forms.BooleanField(required=False, label=_("Large-print card"))
    # The door's "Add ... as a new player", when the name typed resembles the
    # roster's (drive.services.NOT_ON_ROSTER).
    new_player = forms.BooleanField(required=False)
    new_partner = forms.BooleanField(required=False)

    def __init__(self, *args, drive: Drive, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.in_pairs = drive.plays_in_pairs
        for field in ("player", "partner"):
            self.fields[field].queryset = Player.objects.filter(club_id=drive.club_id)
        self.fields["group"].choices = [
            ("", gettext("Automatic")),
            ("A", drive.group_a_label),
            ("B", drive.group_b_label),
        ]

    def clean(self) -> dict:
        data = super().clean()
        # A pick from among namesakes or suggestions stands for the name it
        # was picked for: a name typed over it since is the one meant.
        for pick, typed in (("player", "name"), ("partner", "partner_name")):
            name = (data.get(typed) or "").strip()
            if (
                data.get(pick)
                and name
                and normalise_name(name) != data[pick].name_key
                and not name_search.closeness(name, data[pick].name)
            ):
                data[pick] = None
        if not data.get("player") and not (data.get("name") or "").strip():
            raise forms.ValidationError(
                gettext("Pick a player from the roster or type a name.")
            )
        if self.in_pairs and not (data.get("partner_name") or "").strip():
            self.add_error(
                "partner_name",
                gettext("A partners drive registers pairs: type the partner's name."),
            )
        # A table named is a table to stay at.
        if data.get("stays_table"):
            data["stays"] = True
        return data

    def means_arrival(self) -> bool:
        """Whether the form, sent with the name of someone entered already,
        says no more than "here now" (and perhaps "paid"): then they were
        registered in advance and have come, and the door checks them in. A
        group, a table to stay at or a large-print card asked for says more,
        which the door does not guess at; nor does a pair's form."""
        data = self.cleaned_data
        return (
            not self.in_pairs
            and bool(data.get("checked_in"))
            and not data.get("group")
            and not data.get("stays")
            and not data.get("large_print")
        )


class StaysForm(TypedTextForm, forms.Form):
    """A player stays at one table (a wheelchair, a walking frame, the quiet
    corner): optionally the table; unticked, the mark is cleared."""

    stays = forms.BooleanField(required=False, label=_("Stays at one table"))
    stays_table = forms.IntegerField(
        required=False, min_value=1, max_value=MOST_TABLES, label=_("Table")
    )

    def clean(self) -> dict:
        data = super().clean()
        if data.get("stays_table") and not data.get("stays"):
            data["stays"] = True
        return data


# A network's name is at most 32 bytes; a WPA password 8 to 63 printable
# ASCII characters (IEEE 802.11).
NAME_BYTES = 32
PASSWORD_LENGTH = (8, 63)


class WifiForm(TypedTextForm, forms.Form):
    wifi_name = forms.CharField(
        label=_("Wi-Fi network name"), max_length=32, required=False
    )
    wifi_password = forms.CharField(
        label=_("Wi-Fi password"),
        max_length=63,
        required=False,
        help_text=_("Leave it empty for an open network."),
    )

    def clean_wifi_name(self) -> str:
        name = self.cleaned_data["wifi_name"]
        if len(name.encode("utf-8")) > NAME_BYTES:
            raise forms.ValidationError(
                gettext(
                    "A Wi-Fi network's name is at most 32 letters (fewer with accents)."
                )
            )
        return name

    def clean_wifi_password(self) -> str:
        password = self.cleaned_data["wifi_password"]
        low, high = PASSWORD_LENGTH
        if password and not (
            low <= len(password) <= high and all(" " <= c <= "~" for c in password)
        ):
            raise forms.ValidationError(
                gettext(
                    "A Wi-Fi password has 8 to 63 characters, letters without "
                    "accents, digits and signs."
                )
            )
        return password

    def clean(self) -> dict:
        data = super().clean()
        if data.get("wifi_password") and not data.get("wifi_name"):
            self.add_error(
                "wifi_name", gettext("Give the network's name with its password.")
            )
        return data

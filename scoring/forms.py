from __future__ import annotations

from collections.abc import Sequence

from django import forms
from django.utils.translation import gettext, ngettext
from django.utils.translation import gettext_lazy as _

from drive.models import Drive, Entry
from players.forms import TypedTextForm
from scoring import prediction_rules
from scoring.card_check import MOST_ON_A_CARD
from scoring.models import CARD_TOTAL_LIMIT
from scoring.prediction_entry import Player as PredictionPlace
from scoring.rules import HONOURS_CHOICES, REVOKE_CHOICES


class CorrectionForm(TypedTextForm, forms.Form):
    """One table's hand: the N-S tricks, the honours (when the hand has them)
    and any revoke. The service checks the honours against the drive and hand."""

    ns_tricks = forms.IntegerField(label=_("N-S tricks"), min_value=0, max_value=13)
    honours = forms.ChoiceField(
        label=_("Honours"),
        choices=HONOURS_CHOICES,
        required=False,
        help_text=_("The side that held three or four of the trump A, K, Q, J."),
    )
    revoke = forms.ChoiceField(
        label=_("Revoke"),
        choices=REVOKE_CHOICES,
        required=False,
        help_text=_(
            "Rare. A revoke by both sides voids the hand: nobody scores, and the "
            "hand is not dealt again."
        ),
    )
    seen_version = forms.IntegerField(widget=forms.HiddenInput, min_value=0)

    def __init__(self, *args, honours_asked: bool, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        if not honours_asked:
            # Not offered (a No-trumps hand, a drive that does not count them);
            # a value sent anyway still reaches the service, which refuses it
            # with its words, shown above the form.
            self.fields["honours"] = forms.CharField(
                required=False, widget=forms.HiddenInput
            )


class AdjustmentForm(TypedTextForm, forms.Form):
    entry = forms.ModelChoiceField(queryset=Entry.objects.none(), label=_("Player"))
    points = forms.IntegerField(
        min_value=-1000, max_value=1000, label=_("Points (+ or -)")
    )
    reason = forms.CharField(max_length=200, label=_("Reason"))

    def __init__(self, *args, drive: Drive, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.fields["entry"].queryset = drive.entries.select_related("player")
        self.fields["entry"].label_from_instance = lambda e: (
            f"{e.number} {e.player.name}"
        )


class _CountField(forms.CharField):
    """A number typed from a paper slip: blank (None) or a whole number, the
    range checked by `check(value)` (the game's rules, in their words)."""

    def __init__(self, *, words: str, check, **kwargs) -> None:
        kwargs.setdefault("required", False)
        super().__init__(**kwargs)
        self.words = words
        self.check = check

    def typed(self, text: str) -> int | None:
        digits = text.isascii() and text.isdigit() and len(text) <= 6
        return int(text) if digits else None

    def to_python(self, value) -> int | None:
        text = super().to_python(value).strip()
        if text == "":
            return None
        number = self.typed(text)
        if number is None:
            raise forms.ValidationError(self.words % {"value": text}, code="invalid")
        try:
            return self.check(number)
        except ValueError as exc:
            raise forms.ValidationError(str(exc), code="invalid") from exc


# What a slip may say for a prediction of no tricks, besides 0 (and the word
# in the page's language, or its first letter: Russian «В», which a Russian
# keyboard types where W is «Ц»).
WIST_WORDS = ("w", "wist")


class PredictionField(_CountField):
    """A prediction as typed: Wist (0, W, the word Wist or its first letter
    in the page's language) or 1 up to the cards each player holds."""

    def typed(self, text: str) -> int | None:
        said = str(_("Wist")).casefold()
        if text.casefold() in (*WIST_WORDS, said, said[:1]):
            return prediction_rules.WIST
        return super().typed(text)


class PredictionDealForm(TypedTextForm, forms.Form):
    """One table's deal of prediction whist, typed from the travel slip: each
    player's prediction (fixed at Wist on the Wist deal) and tricks, seat by
    seat, checked by the game's rules (scoring.prediction_rules) for the table's size.

    The grid allows a deal left wholly blank (`blank` is then True): it is not
    saved. Once valid, `predictions` and `tricks` hold the numbers in seat order.
    """

    seen_version = forms.IntegerField(
        widget=forms.HiddenInput, min_value=0, required=False
    )

    def __init__(
        self,
        *args,
        drive: Drive,
        hand: int,
        places: Sequence[PredictionPlace],
        table: int,
        blank_allowed: bool = False,
        **kwargs,
    ) -> None:
        super().__init__(*args, **kwargs)
        self.drive = drive
        self.hand = hand
        self.table = table
        self.places = tuple(places)
        self.players = len(self.places)
        self.blank_allowed = blank_allowed
        self.blank = False
        self.predictions: tuple[int, ...] = ()
        self.tricks: tuple[int, ...] = ()
        named = drive.hand_named(hand)
        # The deal's number in its game (1 to 8), as the captain names it.
        self.number = named["number"]
        self.kind = prediction_rules.deal_kind(self.number)
        cards = prediction_rules.cards_per_player(self.players)
        for place in self.places:
            who = {
                "seat": place.seat_number,
                "number": place.number,
                "table": table,
                "deal": self.number,
                "game": named["round"],
            }
            if not self.kind.wist:
                self.fields[f"p{place.seat}"] = PredictionField(
                    label=_("Seat %(seat)s (No. %(number)s) prediction") % who,
                    words=_(
                        "Type Wist (0 or W) or a number from 1 to %(cards)s, "
                        "not “%%(value)s”."
                    )
                    % {"cards": cards},
                    check=lambda n: prediction_rules.check_prediction(n, self.players),
                    widget=forms.TextInput(
                        attrs={
                            "inputmode": "numeric",
                            "autocomplete": "off",
                            "size": 3,
                            "class": "prediction",
                            "aria-label": _(
                                "Table %(table)s, deal %(deal)s of game %(game)s, "
                                "seat %(seat)s (No. %(number)s): prediction"
                            )
                            % who,
                        }
                    ),
                )
            self.fields[f"k{place.seat}"] = _CountField(
                label=_("Seat %(seat)s (No. %(number)s) tricks") % who,
                words=_(
                    "Type the tricks as a number from 0 to %(cards)s, not “%%(value)s”."
                )
                % {"cards": cards},
                check=lambda n: prediction_rules.check_taken(n, self.players),
                widget=forms.TextInput(
                    attrs={
                        "inputmode": "numeric",
                        "autocomplete": "off",
                        "size": 3,
                        "class": "taken",
                        "aria-label": _(
                            "Table %(table)s, deal %(deal)s of game %(game)s, "
                            "seat %(seat)s (No. %(number)s): tricks"
                        )
                        % who,
                    }
                ),
            )

    def prediction_field(self, seat: int):
        """The bound field of a seat's prediction (None on the Wist deal)."""
        name = f"p{seat}"
        return self[name] if name in self.fields else None

    def tricks_field(self, seat: int):
        return self[f"k{seat}"]

    def clean(self) -> dict:
        data = super().clean()
        if any(name != "__all__" for name in self.errors):
            return data  # a number typed wrong is said at its field
        seats = [place.seat for place in self.places]
        predictions = [
            prediction_rules.WIST if self.kind.wist else data.get(f"p{seat}")
            for seat in seats
        ]
        tricks = [data.get(f"k{seat}") for seat in seats]
        typed = [t for t in tricks if t is not None]
        if not self.kind.wist:
            typed += [p for p in predictions if p is not None]
        if not typed and self.blank_allowed:
            self.blank = True
            return data
        if None in predictions or None in tricks:
            raise forms.ValidationError(
                _("Type every player's prediction and tricks.")
                if not self.blank_allowed
                else _(
                    "Type every player's prediction and tricks, or leave the "
                    "whole deal blank."
                ),
                code="invalid",
            )
        try:
            prediction_rules.drive_deal(self.hand, predictions, tricks)
        except ValueError as exc:
            raise forms.ValidationError(str(exc), code="invalid") from exc
        self.predictions, self.tricks = tuple(predictions), tuple(tricks)
        return data

    def messages(self) -> list[str]:
        """Every refusal of the deal in words, each field's with its label."""
        said = []
        for name, errors in self.errors.items():
            label = None if name == "__all__" else self.fields[name].label
            for message in errors:
                said.append(
                    # Translators: a field's label, then what is wrong with it.
                    gettext("%(label)s: %(message)s")
                    % {"label": label, "message": message}
                    if label
                    else message
                )
        return said


class CardCheckForm(TypedTextForm, forms.Form):
    """A player's paper card, as typed at the desk: the entry number, the
    total written on it and, if the organiser wants the hand that went wrong,
    the card's running totals row by row ("-" for a row left blank)."""

    entry = forms.IntegerField(
        label=_("Entry number"),
        # Ready for the next card as soon as the answer is shown.
        widget=forms.NumberInput(attrs={"autofocus": True}),
        min_value=1,
        max_value=9999,
        error_messages={
            "invalid": _("Type the entry number from the card."),
            "min_value": _("Entry numbers start at 1."),
            "max_value": _("No drive has an entry number that big."),
        },
    )
    total = forms.IntegerField(
        label=_("Total on the card"),
        min_value=-MOST_ON_A_CARD,
        max_value=MOST_ON_A_CARD,
        error_messages={
            "invalid": _("Type the total as a whole number."),
            "min_value": _("That is too far below 0 for a card's total."),
            "max_value": _("That is too big for a card's total."),
        },
    )
    running = forms.CharField(
        label=_("Running totals on the card (optional)"),
        required=False,
        max_length=2000,
        help_text=_(
            "Row by row, separated by spaces, for example 2 2 5 9. "
            "Type - for a row left blank."
        ),
    )

    def __init__(self, *args, rows: int, below_zero: bool = False, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.rows = rows
        # Whether a card's totals can go below 0: a revoke that costs the
        # offenders points can take a hand's score below 0 (scoring.rules).
        self.below_zero = below_zero

    def clean_total(self) -> int:
        total = self.cleaned_data["total"]
        if total < 0 and not self.below_zero:
            raise forms.ValidationError(_("A card's total is never below 0."))
        return total

    def clean_running(self) -> list[int | None]:
        text = self.cleaned_data.get("running", "")
        values: list[int | None] = []
        for word in text.replace(",", " ").replace(";", " ").split():
            if word in ("-", "–"):
                values.append(None)
                continue
            try:
                value = int(word)
            except ValueError:
                raise forms.ValidationError(
                    gettext(
                        "“%(word)s” is not a number: type the running totals "
                        "as whole numbers, - for a blank row."
                    )
                    % {"word": word[:20]},
                    code="invalid",
                ) from None
            if value < 0 and not self.below_zero:
                raise forms.ValidationError(
                    gettext("A running total is never below 0: %(value)d.")
                    % {"value": value},
                    code="invalid",
                )
            if abs(value) > MOST_ON_A_CARD:
                raise forms.ValidationError(
                    gettext("%(value)d is too big for a running total.")
                    % {"value": value},
                    code="invalid",
                )
            values.append(value)
        if len(values) > self.rows:
            raise forms.ValidationError(
                ngettext(
                    "The card has %(rows)d row, and %(typed)d running totals "
                    "were typed.",
                    "The card has %(rows)d rows, and %(typed)d running totals "
                    "were typed.",
                    self.rows,
                )
                % {"rows": self.rows, "typed": len(values)},
                code="invalid",
            )
        return values


class PaperSlipForm(TypedTextForm, forms.Form):
    """A table's travel slip as typed at the desk: the table number first, then
    each hand of the round's N-S tricks, honours (where the hand has them) and
    any revoke. The service checks it all again (scoring.paper_slips)."""

    table = forms.IntegerField(
        label=_("Table"),
        min_value=1,
        max_value=999,
        # Ready for the next slip as soon as the last one is saved; the number
        # offered is selected, so typing another replaces it.
        widget=forms.TextInput(
            attrs={
                "autofocus": True,
                "inputmode": "numeric",
                "autocomplete": "off",
                "size": 4,
                "data-select-on-focus": "",
            }
        ),
        error_messages={
            "invalid": _("Type the table number from the slip."),
            "min_value": _("Tables are numbered from 1."),
            "max_value": _("No drive has a table number that big."),
        },
    )
    round = forms.IntegerField(widget=forms.HiddenInput, min_value=1)

    def __init__(self, *args, hands: Sequence[tuple[int, object, bool]], **kwargs):
        """`hands`: each hand of the round, its trumps and whether its honours
        are asked for (scoring.services.honours_asked)."""
        super().__init__(*args, **kwargs)
        self.hands = tuple(hands)
        for hand, trumps, honours_asked in self.hands:
            words = {"hand": hand, "trumps": getattr(trumps, "label", trumps)}
            self.fields[f"tricks_{hand}"] = forms.IntegerField(
                label=_("Hand %(hand)s (%(trumps)s): N-S tricks") % words,
                min_value=0,
                max_value=13,
                widget=forms.TextInput(
                    attrs={
                        "inputmode": "numeric",
                        "autocomplete": "off",
                        "size": 3,
                        "class": "tricks",
                    }
                ),
                error_messages={
                    "required": _("Type the N-S tricks for hand %(hand)s.") % words,
                    "invalid": _("Type a number from 0 to 13."),
                    "min_value": _("Tricks are from 0 to 13."),
                    "max_value": _("Tricks are from 0 to 13."),
                },
            )
            if honours_asked:
                self.fields[f"honours_{hand}"] = forms.ChoiceField(
                    label=_("Hand %(hand)s: honours") % words,
                    choices=HONOURS_CHOICES,
                    required=False,
                )
            else:
                # Not offered; a value sent anyway reaches the service, which
                # refuses it with its words.
                self.fields[f"honours_{hand}"] = forms.CharField(
                    required=False, widget=forms.HiddenInput
                )
            self.fields[f"revoke_{hand}"] = forms.ChoiceField(
                label=_("Hand %(hand)s: revoke") % words,
                choices=REVOKE_CHOICES,
                required=False,
            )

    def rows(self) -> list[tuple[int, object, object, object]]:
        """Each hand's bound fields: (hand, tricks, honours, revoke)."""
        return [
            (
                hand,
                self[f"tricks_{hand}"],
                self[f"honours_{hand}"],
                self[f"revoke_{hand}"],
            )
            for hand, _trumps, _asked in self.hands
        ]

    def slip_rows(self) -> list[tuple[int, int, str, str]]:
        """Once valid: each hand's (hand, N-S tricks, honours, revoke)."""
        data = self.cleaned_data
        return [
            (
                hand,
                data[f"tricks_{hand}"],
                data.get(f"honours_{hand}") or "",
                data.get(f"revoke_{hand}") or "",
            )
            for hand, _trumps, _asked in self.hands
        ]


class CardTotalForm(TypedTextForm, forms.Form):
    """One card at the "Cards in" desk of a cards-in drive: its entry number,
    its total and, where asked, its hands won (scoring.cards_in)."""

    number = forms.IntegerField(
        label=_("Entry number"),
        # The next card still out comes up in it, selected (site.js), so that
        # typing another card's number replaces it.
        widget=forms.TextInput(
            attrs={
                "autofocus": True,
                "inputmode": "numeric",
                "autocomplete": "off",
                "size": 5,
                "data-select-on-focus": "",
            }
        ),
        min_value=1,
        max_value=9999,
        error_messages={
            "required": _("Type the entry number from the card."),
            "invalid": _("Type the entry number from the card."),
            "min_value": _("Entry numbers start at 1."),
            "max_value": _("No drive has an entry number that big."),
        },
    )
    total = forms.IntegerField(
        label=_("Total on the card"),
        widget=forms.NumberInput(attrs={"autocomplete": "off"}),
        min_value=-CARD_TOTAL_LIMIT,
        max_value=CARD_TOTAL_LIMIT,
        error_messages={
            "required": _("Type the total written on the card."),
            "invalid": _("Type the total as a whole number."),
            "min_value": _("That is too far below 0 for a card's total."),
            "max_value": _("That is too big for a card's total."),
        },
    )
    hands_won = forms.IntegerField(
        label=_("Hands won"),
        required=False,
        widget=forms.TextInput(
            attrs={"inputmode": "numeric", "autocomplete": "off", "size": 5}
        ),
        min_value=0,
        max_value=200,
        error_messages={
            "invalid": _("Type the hands won as a whole number."),
            "min_value": _("Hands won is never below 0."),
            "max_value": _("No drive has that many hands."),
        },
    )
    # The organiser's deliberate correction of a card already in.
    correct = forms.BooleanField(required=False, widget=forms.HiddenInput)

    def __init__(self, *args, asks_hands_won: bool, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        if asks_hands_won:
            self.fields["hands_won"].required = True
            self.fields["hands_won"].error_messages["required"] = _(
                "Type the hands won as well (the prizes or the tie-breaks use them)."
            )
        else:
            del self.fields["hands_won"]

    @property
    def correcting(self) -> bool:
        """The form corrects a card already in (a posted form says so as text)."""
        return self.fields["correct"].to_python(self["correct"].value())


class CardDisputeForm(TypedTextForm, forms.Form):
    number = forms.IntegerField(min_value=1, max_value=9999)
    take = forms.ChoiceField(choices=[("first", "first"), ("second", "second")])

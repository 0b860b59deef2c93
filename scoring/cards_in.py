"""The "Cards in" desk of a cards-in drive: which cards are in, which are out,
and typing one (scoring.card_totals has the words and the checks).

- *Card*: what the desk types under one entry number: an entry's own card, or
  in a drive of fixed pairs the pair's (both partners' cards carry the pair's
  total, so typing either partner's number writes both entries' rows).
- *In*: its total is stored (scoring.models.CardTotal). *Out*: the entry played
  a hand and its card is not typed yet.
- *Disputed*: typed again with different figures; the second typing waits
  beside the first until the organiser keeps one. The same figures typed again
  change nothing.

Every write is in the record of changes (players.audit), in the transaction
that makes it.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from django.contrib.auth.models import AbstractBaseUser
from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils.translation import gettext as _

from drive import services as drive_services
from drive.models import Drive, DriveState, Entry
from drive.trumps import Trump, trumps_for_hand
from players import audit
from players.pair_names import joined_pair
from players.score_text import score_text
from scoring.card_records import seated_hands
from scoring.card_totals import CardHands, card_problems
from scoring.models import CardTotal
from scoring.rules import Scoring
from scoring.tie_settings import asks_hands_won


@dataclass(frozen=True)
class Card:
    """One card on the desk: its entries (a pair's two, else one) and figures."""

    entries: tuple[int, ...]
    numbers: tuple[int, ...]
    names: tuple[str, ...]
    pair: int | None
    played: int
    total: int | None = None
    hands_won: int | None = None
    disputed_total: int | None = None
    disputed_hands_won: int | None = None
    # How many of the hands played were No-trumps hands (no honours).
    no_trumps: int = 0

    @property
    def hands(self) -> CardHands:
        return CardHands(trumps=self.played - self.no_trumps, no_trumps=self.no_trumps)

    @property
    def number(self) -> int:
        return self.numbers[0]

    @property
    def label(self) -> str:
        """How the desk names the card: "12", or a pair's "12 & 13"."""
        return joined_pair(self.numbers)

    @property
    def name(self) -> str:
        return joined_pair(self.names)

    @property
    def is_in(self) -> bool:
        return self.total is not None

    @property
    def disputed(self) -> bool:
        return self.disputed_total is not None


@dataclass(frozen=True)
class Desk:
    drive: Drive
    cards: tuple[Card, ...]
    asks_hands_won: bool
    scoring: Scoring

    @property
    def out(self) -> list[Card]:
        return [c for c in self.cards if c.played and not c.is_in]

    @property
    def typed(self) -> list[Card]:
        return [c for c in self.cards if c.is_in]

    @property
    def disputed(self) -> list[Card]:
        return [c for c in self.cards if c.disputed]

    def card_of(self, number: int) -> Card | None:
        return next((c for c in self.cards if number in c.numbers), None)

    def next_out(self, after: int | None = None) -> Card | None:
        """The next card still out after number `after` (from the start again)."""
        out = self.out
        if after is not None:
            later = [c for c in out if c.number > after]
            if later:
                return later[0]
        return out[0] if out else None


def card_desk(*, drive: Drive) -> Desk:
    played, _sat_out = seated_hands(drive=drive)
    typed = {c.entry_id: c for c in CardTotal.objects.filter(drive=drive)}
    units: dict[object, list[tuple]] = {}
    for pk, number, name, pair in (
        Entry.objects.filter(drive=drive)
        .order_by("number")
        .values_list("pk", "number", "player__name", "pair")
    ):
        key = ("pair", pair) if drive.plays_in_pairs and pair is not None else pk
        units.setdefault(key, []).append((pk, number, name, pair))
    sequence = drive.trumps
    cards = []
    for members in units.values():
        first = typed.get(members[0][0])
        # A pair's partners played the same hands; the longest list holds them.
        hands = max((played.get(m[0], []) for m in members), key=len)
        cards.append(
            Card(
                entries=tuple(m[0] for m in members),
                numbers=tuple(m[1] for m in members),
                names=tuple(m[2] for m in members),
                pair=members[0][3] if drive.plays_in_pairs else None,
                played=len(hands),
                total=first.total if first else None,
                hands_won=first.hands_won if first else None,
                disputed_total=first.disputed_total if first else None,
                disputed_hands_won=first.disputed_hands_won if first else None,
                no_trumps=sum(
                    trumps_for_hand(sequence, hand) is Trump.NO_TRUMPS for hand in hands
                ),
            )
        )
    cards.sort(key=lambda c: c.number)
    return Desk(
        drive=drive,
        cards=tuple(cards),
        asks_hands_won=asks_hands_won(drive),
        scoring=Scoring.of(drive),
    )


class Outcome(str, Enum):
    SAVED = "saved"  # a card typed for the first time
    SAME = "same"  # typed again, the same figures: nothing changed
    DISPUTED = "disputed"  # typed again, other figures: waiting for a choice
    CORRECTED = "corrected"  # the organiser's correction, or the choice made


@dataclass(frozen=True)
class CardOutcome:
    outcome: Outcome
    card: Card
    message: str


def _values(total: int | None, hands_won: int | None) -> dict:
    return {"total": total, "hands_won": hands_won}


def _record(drive: Drive, kind: str, row: CardTotal, old: dict | None, by) -> None:
    entry = row.entry
    audit.record(
        club_id=drive.club_id,
        drive_id=drive.pk,
        kind=kind,
        subject=f"entry {entry.number} {entry.player.name}",
        refs={"entry": entry.pk, "number": entry.number, "card": row.pk},
        old=old,
        new=_values(row.total, row.hands_won),
        by=by,
    )


def _check_drive(drive: Drive) -> None:
    if not drive.desk_pages.cards_in:
        raise ValidationError(
            _("This drive's scores come in hand by hand, not as cards at the end."),
            code="conflict",
        )
    if drive.state not in (DriveState.IN_PLAY, DriveState.FINISHED):
        raise ValidationError(
            _("Cards can be typed in once the drive has started."), code="conflict"
        )


def _checked_card(desk: Desk, number: int, total: int, hands_won: int | None) -> Card:
    card = desk.card_of(number)
    if card is None:
        raise ValidationError(
            {"number": _("No entry %(number)d in this drive.") % {"number": number}}
        )
    problems = card_problems(
        label=card.label,
        total=total,
        hands_won=hands_won,
        hands=card.hands,
        scoring=desk.scoring,
        asks_hands_won=desk.asks_hands_won,
    )
    if problems:
        raise ValidationError(problems)
    return card


@transaction.atomic
def card_total_enter(
    *,
    drive: Drive,
    number: int,
    total: int,
    hands_won: int | None = None,
    correct: bool = False,
    by: AbstractBaseUser | None = None,
) -> CardOutcome:
    """Type one card's figures. A card typed again with other figures is held
    as disputed for the organiser to choose, unless `correct` (the
    organiser's deliberate correction), which replaces them."""
    drive = drive_services.lock_drive(drive)
    _check_drive(drive)
    desk = card_desk(drive=drive)
    card = _checked_card(desk, number, total, hands_won)
    values = {"card": card.label, "total": score_text(total)}
    rows = {r.entry_id: r for r in CardTotal.objects.filter(entry_id__in=card.entries)}
    if not rows:
        for entry_id in card.entries:
            row = CardTotal.objects.create(
                drive=drive,
                entry_id=entry_id,
                total=total,
                hands_won=hands_won,
                entered_by=by,
            )
            _record(drive, audit.Kind.CARD_ENTER, row, None, by)
        outcome, message = Outcome.SAVED, _("Card %(card)s: %(total)s, saved.")
    elif (card.total, card.hands_won) == (total, hands_won):
        outcome, message = (
            Outcome.SAME,
            _("Card %(card)s was already in with %(total)s: nothing changed."),
        )
    elif correct:
        for row in rows.values():
            old = _values(row.total, row.hands_won)
            row.total, row.hands_won = total, hands_won
            row.disputed_total = row.disputed_hands_won = None
            row.entered_by = by
            row.save()
            _record(drive, audit.Kind.CARD_ENTER, row, old, by)
        outcome, message = (
            Outcome.CORRECTED,
            _("Card %(card)s corrected to %(total)s."),
        )
    else:
        for row in rows.values():
            row.disputed_total, row.disputed_hands_won = total, hands_won
            row.save(
                update_fields=["disputed_total", "disputed_hands_won", "changed_at"]
            )
        values["before"] = score_text(card.total)
        outcome, message = (
            Outcome.DISPUTED,
            _(
                "Card %(card)s was typed before as %(before)s, now as %(total)s: "
                "choose which is right."
            ),
        )
    return CardOutcome(
        outcome=outcome,
        card=card_desk(drive=drive).card_of(number) or card,
        message=message % values,
    )


@transaction.atomic
def card_dispute_resolve(
    *, drive: Drive, number: int, take_new: bool, by: AbstractBaseUser | None = None
) -> CardOutcome:
    """Settle a disputed card: keep the figures typed first, or take the second."""
    drive = drive_services.lock_drive(drive)
    _check_drive(drive)
    card = card_desk(drive=drive).card_of(number)
    if card is None or not card.disputed:
        raise ValidationError(
            _("Card %(number)d has no disagreement to settle.") % {"number": number},
            code="conflict",
        )
    for row in CardTotal.objects.filter(entry_id__in=card.entries).select_related(
        "entry__player"
    ):
        old = _values(row.total, row.hands_won)
        if take_new:
            row.total, row.hands_won = row.disputed_total, row.disputed_hands_won
            row.entered_by = by
        row.disputed_total = row.disputed_hands_won = None
        row.save()
        _record(drive, audit.Kind.CARD_RESOLVE, row, old, by)
    settled = card_desk(drive=drive).card_of(number) or card
    return CardOutcome(
        outcome=Outcome.CORRECTED,
        card=settled,
        message=_("Card %(card)s: %(total)s stands.")
        % {"card": settled.label, "total": score_text(settled.total)},
    )

"""Each seat's letter as a card, a slip or a page prints it, in the
language's own letters (Italian O for Ovest, Romanian V for Vest, Russian
С, В, Ю, З): the one home of the seat letters, for the drive's Movement page
as for the score cards and slips printed from scoring and printing."""

from __future__ import annotations

from django.utils.translation import pgettext_lazy

from players.language import Words

# Each seat's letter as a card or a page prints it (translated when shown).
SEAT_LETTERS = {
    # Translators: the seat North, as one letter on a score card.
    "N": pgettext_lazy("seat", "N"),
    # Translators: the seat East, as one letter on a score card.
    "E": pgettext_lazy("seat", "E"),
    # Translators: the seat South, as one letter on a score card.
    "S": pgettext_lazy("seat", "S"),
    # Translators: the seat West, as one letter on a score card.
    "W": pgettext_lazy("seat", "W"),
    # Translators: the fifth seat of a prediction whist table, as one letter.
    "F": pgettext_lazy("seat", "F"),
}


SEAT_WORDS = Words(SEAT_LETTERS)


def seat_letter(seat: str) -> str:
    """A seat's letter as a card or a page prints it: N, E, S or W (F: the
    fifth seat of a prediction whist table), translated once per language (a
    page of score cards asks some twenty thousand times)."""
    return SEAT_WORDS.get(seat, seat)

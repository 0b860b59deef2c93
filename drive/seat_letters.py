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

# Each seat as a list of a table's seats heads the entry number of who sits
# there ("W 8 Ann"). A letter a digit resembles reads as part of the number
# (Russian З is the digit 3's twin: "З 8" as 38; Italian "O 8" as 08), so
# those languages name the seat in full there, as the captain's page does.
SEATS_BEFORE_NUMBERS = {
    # Translators: the seat North heading its player's entry number ("N 8
    # Ann"): the seat letter, or the seat's name where a digit resembles
    # any of the language's letters (Russian З, Italian O).
    "N": pgettext_lazy("seat, before an entry number", "N"),
    # Translators: the seat East heading its player's entry number (see N).
    "E": pgettext_lazy("seat, before an entry number", "E"),
    # Translators: the seat South heading its player's entry number (see N).
    "S": pgettext_lazy("seat, before an entry number", "S"),
    # Translators: the seat West heading its player's entry number (see N).
    "W": pgettext_lazy("seat, before an entry number", "W"),
}


def seat_letter(seat: str) -> str:
    """A seat's letter as a card or a page prints it: N, E, S or W (F: the
    fifth seat of a prediction whist table), translated once per language (a
    page of score cards asks some twenty thousand times)."""
    return SEAT_WORDS.get(seat, seat)


def seat_before_number(seat: str) -> str:
    """A seat as it heads the entry number of who sits there: its letter
    ("W 8 Ann"), or its name where the letter looks like a digit (Russian
    "Запад 8", not "З 8", read as 38): the one place each page asks."""
    return str(SEATS_BEFORE_NUMBERS.get(seat, seat_letter(seat)))

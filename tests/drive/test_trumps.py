from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from drive.trumps import (
    DEFAULT_SEQUENCE,
    Trump,
    format_sequence,
    parse_sequence,
    trumps_for_hand,
)


def test_default_rotation_repeats_every_five_hands():
    played = [trumps_for_hand(DEFAULT_SEQUENCE, h).label for h in range(1, 12)]
    assert played == [
        "Hearts", "Diamonds", "Spades", "Clubs", "No trumps",
        "Hearts", "Diamonds", "Spades", "Clubs", "No trumps",
        "Hearts",
    ]  # fmt: skip


@given(
    sequence=st.lists(st.sampled_from(list(Trump)), min_size=1, max_size=8),
    hand=st.integers(min_value=1, max_value=500),
)
def test_every_hand_plays_the_sequence_cyclically(sequence, hand):
    trump = trumps_for_hand(sequence, hand)
    assert trump == sequence[(hand - 1) % len(sequence)]
    assert trumps_for_hand(sequence, hand + len(sequence)) == trump


def test_hand_numbers_start_at_one_and_need_a_sequence():
    with pytest.raises(ValueError):
        trumps_for_hand(DEFAULT_SEQUENCE, 0)
    with pytest.raises(ValueError):
        trumps_for_hand((), 1)


def test_parse_accepts_words_codes_and_symbols():
    assert parse_sequence("Hearts, clubs, NO TRUMPS") == (
        Trump.HEARTS,
        Trump.CLUBS,
        Trump.NO_TRUMPS,
    )
    assert parse_sequence("H,D,S,C,NT") == DEFAULT_SEQUENCE
    assert parse_sequence("\u2660 ; \u2665") == (Trump.SPADES, Trump.HEARTS)


@pytest.mark.parametrize("text", ["", " , ", "Hearts, Jokers", "trumps"])
def test_parse_refuses_what_is_not_a_suit(text):
    with pytest.raises(ValueError) as error:
        parse_sequence(text)
    assert "suit" in str(error.value)


@given(st.lists(st.sampled_from(list(Trump)), min_size=1, max_size=10))
def test_stored_form_round_trips(sequence):
    assert parse_sequence(format_sequence(sequence)) == tuple(sequence)

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


# --- No trumps' abbreviation (issue 31): each language's own -----------------------


@pytest.mark.parametrize(
    ("language", "abbreviation"),
    [("en-gb", "NT"), ("pl", "BA"), ("ru", "БК"), ("ro", "FA"), ("it", "SA")],
)
def test_no_trumps_is_abbreviated_in_the_language_of_the_page(language, abbreviation):
    from django.utils import translation

    with translation.override(language):
        assert Trump.NO_TRUMPS.symbol == abbreviation
        assert Trump.HEARTS.symbol == "\u2665"
        # What a page shows is read back, and the stored code still is.
        assert parse_sequence(f"H, {abbreviation}, NT") == (
            Trump.HEARTS,
            Trump.NO_TRUMPS,
            Trump.NO_TRUMPS,
        )


@pytest.mark.django_db
def test_a_polish_captain_and_drive_page_show_no_english_nt(club, organiser_client):
    import re

    from django.test import Client

    from drive.models import Table
    from tests.factories import drive_with_players

    club.language = "pl"
    club.save(update_fields=["language"])
    drive = drive_with_players(players=8, club=club, trump_sequence="NT,H", hands=2)
    key = Table.objects.get(drive=drive, number=1).captain_key
    captain = Client().get(f"/t/{key}/").content.decode()
    assert re.search(r'class="trump-symbol"[^>]*>BA<', captain)
    assert ">NT<" not in captain and "NT " not in captain
    detail = organiser_client.get(f"/drives/{drive.pk}/").content.decode()
    assert "BA</span> bez atu" in detail.replace("Bez", "bez")
    assert ">NT<" not in detail

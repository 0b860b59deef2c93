"""A player picked at the door who was merged into another (or deleted) in the
moments before the registration is written: the door says so at the name, and
writes nothing, rather than a 500 (a dangling entry refused by the database,
or an inactive player's row written again)."""

from __future__ import annotations

import pytest
from django.core.exceptions import ValidationError

from drive import services
from drive.models import DriveState, Entry
from league import merge_services
from players.models import Player
from tests.factories import DriveFactory, PlayerFactory

pytestmark = pytest.mark.django_db(transaction=True)

GONE = "That player is not on the roster (merged or deleted already?)."


@pytest.mark.parametrize("active", [True, False])
def test_a_player_merged_since_the_page_was_sent_is_refused(club, active):
    kept = PlayerFactory(club=club, name="Anna Wiśniewska")
    removed = PlayerFactory(club=club, name="Anna Wisniewska", active=active)
    door = DriveFactory(club=club, state=DriveState.OPEN)
    # The door's form, read before the organiser's merge was written.
    picked = Player.objects.get(pk=removed.pk)
    merge_services.player_merge(kept=kept, removed=removed)
    with pytest.raises(ValidationError) as refused:
        services.entry_register(drive=door, player=picked)
    assert refused.value.message_dict == {"name": [GONE]}
    assert not Entry.objects.filter(drive=door).exists()
    assert not Player.objects.filter(pk=removed.pk).exists()


def test_a_pairs_partner_deleted_since_the_page_was_sent_is_refused(club):
    one = PlayerFactory(club=club, name="Jan Kowalski")
    partner = PlayerFactory(club=club, name="Piotr Nowak")
    door = DriveFactory(club=club, state=DriveState.OPEN, format="partners")
    picked = Player.objects.get(pk=partner.pk)
    partner.delete()
    with pytest.raises(ValidationError) as refused:
        services.pair_register(drive=door, first=one, second=picked)
    assert refused.value.message_dict == {"partner_name": [GONE]}
    assert not Entry.objects.filter(drive=door).exists()

"""The movement's quality line in Italian names the people first, as the
Romanian does ("2 jucători: de câte 2 ori pe dinafară"): it said "nessuno per
16 giocatori" (nobody, for 16 players) where nobody of them sits out, and "2
turni di riposo ciascuno per 2 giocatori" (drive.movement.quality._sit_outs)."""

from __future__ import annotations

import pytest
from django.utils import translation

from drive.movement.quality import _sit_outs


@pytest.mark.parametrize(
    ("count", "players", "said"),
    [
        (0, 16, "16 giocatori: nessun turno di riposo"),
        (1, 1, "1 giocatore: 1 turno di riposo"),
        (3, 1, "1 giocatore: 3 turni di riposo"),
        (1, 20, "20 giocatori: 1 turno di riposo a testa"),
        (2, 2, "2 giocatori: 2 turni di riposo a testa"),
    ],
)
def test_italian_counts_sit_outs_after_the_people(count, players, said):
    with translation.override("it"):
        assert _sit_outs(count, players) == said

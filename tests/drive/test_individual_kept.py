"""Individual schedules stay exactly as they were planned.

A re-plan recognises the drive's own plan by planning it again from the seed
(``engine._continuation``), so a drive planned by one release must get the
very same designs and schedules from the next, or a late arrival after an
upgrade would be seated from counts instead of continuing the design. These
digests were taken before ``individual.py`` became a package; a change that
means to alter the schedules must say so and take them again.
"""

from __future__ import annotations

import hashlib

from drive.movement.individual import individual_schedule
from drive.movement.individual.constructions import _design
from drive.movement.types import Seating

# sha256 over every design held (v = 4n and 4n + 1 from 4 to 400): its kind,
# starter and rounds.
DESIGNS = "db9f1323b84e1ff20fd233152533b8d20ec1833059c7f04352640260e59cc1c3"

# 24 rounds for players 101..100 + v, seed v: every kind of template (a design,
# 4n + 2, 4n + 3, the nearest design mended past 400) and of construction.
SCHEDULES = {
    4: "0457edad2b91245b2bcc19a43ddb304479586ecc4f50d2ec40dc255bb496ddeb",
    5: "7e91d723783d7293d295cd73bfccee1ff6c591b1119e31d8f5c24b1d7cf8fbde",
    6: "6eca50956f6bcfb2813b70145e72a35e02b9457519d84e64a4aee850d6a3eb57",
    7: "4aecb7493898a78e98aa0056055668ebdcf655ea707d3809174867f9652a1ccb",
    10: "16064d43f39c77abbd0d903bc61418ef6532dad0ca7ff084fd64f67a66930e3e",
    11: "fce094c283708cd71343bf64214e163cb3f1423206bb04f7da639ad24ca07047",
    16: "d2e5f13291a8b9bb3f51a9dd12bf6629fd89f8e53375ed00c84ca5e3b1b43a25",
    21: "ca95e4dd2020c45ffa29f9bd04142967ded041ee024b5b16b6ddb61924f032ac",
    22: "14b3532dc9add66a6ff9aed0774052718d67a2c56a3f5a3613ae0bb334776ae9",
    23: "ab054a5e8cc8676300b5ee267be9d67f6b85c81a9e6123feec4e093de512c4fe",
    44: "715379782836fafec75b6a4e9ebead2f49b4c0fefb46b9974525835bc2621d4e",
    56: "fb4f7d88c9d539ac8260fd2db9da5ea6cb9b38423156a074615e333fdc70ec33",
    93: "6b6742b00dfbdddc2e4f57c7a7088fe4f6792b715e24d4ea16e26d5bc348a7b5",
    141: "60dd0c5c94fcd65a4c7c26b83337b14922ffafd64dd36d763eefe1c354e2a458",
    292: "fb0c2f9836057ce0d485fd5f0479a8a7161dbca3b7cc3f8303e86c1258078095",
    403: "98f48fe0580ce51f59ff12ce1cae1cbdc9f39ecdc888dd06b08823e78a9ed071",
}

# A re-plan that continues the design (7 leaves, 99 comes), one from a history
# this module did not make, and a cap on the tables.
REPLANS = "3aa23e40df700abe596a597b16c60ba173dcfc6946fb8d6b0e0743370e877098"


def digest(schedule: list[Seating]) -> str:
    rounds = [
        ([(t.table, *t.players()) for t in seating.tables], list(seating.sit_outs))
        for seating in schedule
    ]
    return hashlib.sha256(repr(rounds).encode()).hexdigest()


def test_every_design_held_is_the_one_planned_before():
    found = hashlib.sha256()
    for v in range(4, 401):
        if v % 4 in (0, 1):
            design = _design(v)
            found.update(repr((v, design.kind, design.starter, design.rounds)).encode())
    assert found.hexdigest() == DESIGNS


def test_schedules_are_the_ones_planned_before():
    found = {
        v: digest(
            individual_schedule(players=list(range(101, 101 + v)), rounds=24, seed=v)
        )
        for v in SCHEDULES
    }
    assert found == SCHEDULES


def test_replans_are_the_ones_planned_before():
    players = list(range(1, 17))
    played = individual_schedule(players=players, rounds=10, seed=9)
    now = [p for p in players if p != 7] + [99]
    rest = individual_schedule(players=now, rounds=5, seed=9, history=played)
    foreign = individual_schedule(
        players=players, rounds=6, seed=1, history=[played[0], played[0]]
    )
    capped = individual_schedule(players=players, rounds=12, seed=1, tables=3)
    assert digest(played + rest + foreign + capped) == REPLANS

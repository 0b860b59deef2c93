"""Individual drives: every player's partners and opponents, planned before play.

Rule (docs/design.md, Movements: Individual): the schedule is made in advance and
printed on every card. Each round the active players are split into tables of
four, N-S partners against E-W partners; whoever is left over sits out. The
ideal is the whist tournament Wh(v), which exists for every v = 4n and
v = 4n + 1: over 4n - 1 rounds (v = 4n) or 4n + 1 rounds (v = 4n + 1, one
player sits out each round) every two players are partners exactly once and
opponents exactly twice. Any leading run of its rounds keeps the bound: nobody
partners anyone twice and nobody opposes anyone three times.

How a schedule is made, one module a step (each says more):

1. A *design* on points 0..v-1: ``constructions`` holds a Wh(v) for every
   v = 4n and 4n + 1 from 4 to 400, built from the data in ``designs`` and
   ``whist_starters`` with the algebra of ``develop`` (starters developed
   over a group) and ``fields`` (finite fields, transversal designs).
2. A *template* per round (``templates``): the design's rounds for the head
   count at hand, with the points drawn to players by the seed; other head
   counts borrow a neighbouring design.
3. The *engine* (``engine``) plays the templates round by round: fair
   sit-outs, every seat filled, repeats cut; a re-plan continues the
   drive's own plan when it recognises it in the history.

``drive.movement.quality`` measures a schedule, as it does every format's.
The searches that found the designs are research (``research/whist-designs``),
not product: nothing here imports or runs them.
"""

from __future__ import annotations

from .constructions import has_ideal_design
from .engine import individual_schedule

__all__ = ["has_ideal_design", "individual_schedule"]

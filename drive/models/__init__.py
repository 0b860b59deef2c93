"""A drive: one evening's event, its entries, tables and the seating of each round.

- *Drive*: date, venue, format, number of hands, trump sequence, scoring rule,
  group labels; states draft -> open (registration) -> in play -> finished.
- *Entry*: a player's registration in one drive, with the entry number printed
  on the score card, the group (A sits N/E, B sits S/W), checked in, paid, and
  the rounds the entry plays (joined from, withdrawn from).
- *Table*: numbered 1..T, with a secret captain key.
- *Round*: the hands played at one table between two moves.
- *Seat*: where an entry sits in a round; a seat with no table is a sit-out.
- *MoneyLine*: the evening's other income and costs.

One module for each: ``drive`` (Drive), ``entries`` (Entry), ``rounds``
(Table, Round, SeatAssignment), ``money`` (MoneyLine), and ``choices``, the
choices their fields take. The app's models are imported from here.
"""

from __future__ import annotations

from drive.models.choices import (
    CLOCK_FIELDS,
    HALL_ONLY_FIELDS,
    HANDS_PER_ROUND_CHOICES,
    MOST_HANDS_PER_ROUND,
    REVOKE_TRICKS_CHOICES,
    RUBBER_TARGET_CHOICES,
    ClockPer,
    ClockState,
    DriveState,
    GroupChoice,
    HonoursValuesChoice,
    MoneyKind,
    MovementFormat,
    PaymentMethod,
    PredictionRanking,
    RevokePenaltyChoice,
    RubberBonus,
    RubberHonoursLimit,
    RubberLosersHonours,
    RubberPreset,
    RubberSettlement,
    ScoreEntry,
    ScoringRule,
    SeatChoice,
    SitOutCompensation,
    new_seed,
    unset_choices_said_by,
)
from drive.models.drive import Drive
from drive.models.entries import Entry
from drive.models.money import MoneyLine
from drive.models.rounds import Round, SeatAssignment, Table

__all__ = [
    "CLOCK_FIELDS",
    "ClockPer",
    "ClockState",
    "Drive",
    "DriveState",
    "Entry",
    "GroupChoice",
    "HALL_ONLY_FIELDS",
    "HANDS_PER_ROUND_CHOICES",
    "HonoursValuesChoice",
    "MOST_HANDS_PER_ROUND",
    "MoneyKind",
    "MoneyLine",
    "MovementFormat",
    "PaymentMethod",
    "PredictionRanking",
    "REVOKE_TRICKS_CHOICES",
    "RUBBER_TARGET_CHOICES",
    "RevokePenaltyChoice",
    "Round",
    "RubberBonus",
    "RubberHonoursLimit",
    "RubberLosersHonours",
    "RubberPreset",
    "RubberSettlement",
    "ScoreEntry",
    "ScoringRule",
    "SeatAssignment",
    "SeatChoice",
    "SitOutCompensation",
    "Table",
    "new_seed",
    "unset_choices_said_by",
]

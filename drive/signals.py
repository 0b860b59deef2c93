"""What a drive tells the apps above it (which drive itself never imports).

- `drive_started`: sent by drive.services.drive_start inside its transaction,
  with `drive=`, once everyone is seated for round 1. A receiver's writes
  stand or fall with the start (scoring freezes the drive's prize list here).
- `seating_to_change`: sent by drive.services.replan_fixed inside its
  transaction, with `drive=` and `tables=`, before a change of players seats
  the rounds to come anew: `tables` is the set of (round, table number) whose
  players change, or None where the rounds to come are not planned yet (any
  of them may change). A receiver refuses the change by raising
  ValidationError (scoring: results typed ahead from a travel slip wait there).
"""

from __future__ import annotations

from django.dispatch import Signal

drive_started = Signal()
seating_to_change = Signal()

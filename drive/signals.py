"""What a drive tells the apps above it (which drive itself never imports).

- `drive_started`: sent by drive.services.drive_start inside its transaction,
  with `drive=`, once everyone is seated for round 1. A receiver's writes
  stand or fall with the start (scoring freezes the drive's prize list here).
"""

from __future__ import annotations

from django.dispatch import Signal

drive_started = Signal()

"""Lines about a drive's format for its page, from the apps that know the rules.

The drive's page says the rules of its format in words. Some formats' rules
live in an app above drive (prediction whist's in scoring.prediction_rules), which drive
never imports: such an app registers a *provider* when it is ready (its
AppConfig), and the drive's page asks every provider about the drive. Without
providers (drive on its own, in a test) the page has no such lines, as
scoring.board_notices does for the boards.
"""

from __future__ import annotations

from collections.abc import Callable

from drive.models import Drive

# The drive, and the players who would play its next round (before play, those
# checked in) -> (term, words) lines, or none for a drive it has nothing to say of.
Provider = Callable[[Drive, int], list[tuple[str, str]]]

_providers: list[Provider] = []


def register(provider: Provider) -> None:
    """An app above drive adds its lines to the drive's page (once, when ready)."""
    if provider not in _providers:
        _providers.append(provider)


def format_lines(*, drive: Drive, players: int) -> list[tuple[str, str]]:
    """What the providers say of this drive's format, in order."""
    return [line for provider in _providers for line in provider(drive, players)]

"""Notices a live board shows above its standings, from apps above scoring.

A *notice* is a short section of the projector's board that belongs to an app
scoring never imports (the half-time leaders during the interval, kept by
prizes). Such an app registers a *provider* when it is ready (its AppConfig);
the projector asks every provider about the board on show and includes what
they return. Without providers (scoring on its own, in a test) a board has no
notices.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass

from drive.models import Drive


@dataclass(frozen=True)
class Notice:
    """A template to include on the board, and what it shows."""

    template: str
    context: Mapping[str, object]
    # Shown instead of the board (the prize-giving), not above it.
    replaces_board: bool = False


# The drive, and the group of the board on show (None for the overall board).
Provider = Callable[[Drive, str | None], Notice | None]

_providers: list[Provider] = []


def register(provider: Provider) -> None:
    """An app above scoring adds its notices to the boards (once, when ready)."""
    if provider not in _providers:
        _providers.append(provider)


def board_notices(*, drive: Drive, group: str | None) -> list[Notice]:
    """What the providers have to say on this drive's board for `group`, in order."""
    found = (provider(drive, group) for provider in _providers)
    return [notice for notice in found if notice is not None]

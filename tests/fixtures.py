"""Helpers the page tests of several apps share (data they build is in
tests/factories.py, fixtures in tests/conftest.py)."""

from __future__ import annotations

from drive.models import Drive


def drive_url(drive: Drive, suffix: str = "") -> str:
    return f"/drives/{drive.pk}/{suffix}"


def messages_of(response) -> list[str]:
    return [str(m) for m in response.context["messages"]] if response.context else []

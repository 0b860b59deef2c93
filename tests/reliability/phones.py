"""Phones the live-server tests hold: the organiser's, logged in; many sending at once."""

from __future__ import annotations

import threading
from collections.abc import Callable, Sequence
from typing import TypeVar

from bench.live import Phone

Item = TypeVar("Item")


def organiser(base: str, seeded: dict, *, timeout: float = Phone.timeout) -> Phone:
    """The seeded organiser's browser, logged in to the server at `base`."""
    phone = Phone(base, timeout=timeout)
    phone.get("/login/")
    reply = phone.post(
        "/login/",
        {"username": seeded["users"]["organiser"], "password": seeded["password"]},
    )
    assert reply.status == 302, reply.body[:500]
    return phone


def all_at_once(items: Sequence[Item], send: Callable[[Item], None]) -> None:
    """`send` every item from its own thread, released together by a barrier.

    Whatever a thread raises (a failed assertion in `send` too) fails the test,
    with the first three.
    """
    barrier = threading.Barrier(len(items), timeout=60)
    errors: list[BaseException] = []

    def release(item: Item) -> None:
        try:
            barrier.wait()
            send(item)
        except BaseException as exc:  # reported below, with the others
            errors.append(exc)

    threads = [threading.Thread(target=release, args=(item,)) for item in items]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=120)
    assert not errors, errors[:3]

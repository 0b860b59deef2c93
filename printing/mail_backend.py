"""Django's SMTP backend with a deadline: no try at sending outlasts its time.

A socket timeout (EMAIL_TIMEOUT) bounds each step of a conversation with the
mail server, not the conversation: a server that answers each command just
before the timeout could hold a message for many times it, and a web worker
past its own timeout is killed mid-send. Inside `sending_until(deadline)`
every step (connect, each command, each reply) waits at most until the
deadline, and a step begun after it fails at once with TimeoutError, so the
whole try ends by the deadline (printing.result_mail sets it).

Outside `sending_until` this is Django's backend as it is.
"""

from __future__ import annotations

import smtplib
import time
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar

from django.core.mail.backends import smtp

_deadline: ContextVar[float | None] = ContextVar("mail_deadline", default=None)


@contextmanager
def sending_until(deadline: float) -> Iterator[None]:
    """Messages sent in the block give up at `deadline` (time.monotonic())."""
    token = _deadline.set(deadline)
    try:
        yield
    finally:
        _deadline.reset(token)


def seconds_left() -> float | None:
    """Seconds to the deadline of the block we are in (None: no deadline)."""
    deadline = _deadline.get()
    return None if deadline is None else deadline - time.monotonic()


class _Bounded:
    """smtplib's SMTP whose every send and reply waits no later than the deadline."""

    timeout: float
    sock: object

    def _bound(self) -> None:
        left = seconds_left()
        if left is None:
            return
        if left <= 0:
            raise TimeoutError("the time for sending ran out")
        if self.sock is not None:
            self.sock.settimeout(min(left, self.timeout or left))

    def send(self, s):  # noqa: ANN001, ANN201 - smtplib's signature
        self._bound()
        return super().send(s)

    def getreply(self):  # noqa: ANN201
        self._bound()
        return super().getreply()


class BoundedSMTP(_Bounded, smtplib.SMTP):
    pass


class BoundedSMTPSSL(_Bounded, smtplib.SMTP_SSL):
    pass


class EmailBackend(smtp.EmailBackend):
    @property
    def connection_class(self) -> type[smtplib.SMTP]:
        return BoundedSMTPSSL if self.use_ssl else BoundedSMTP

    def open(self) -> bool | None:
        # Connecting waits no longer than the deadline either.
        left = seconds_left()
        if left is not None and not self.connection:
            if left <= 0:
                raise TimeoutError("the time for sending ran out")
            configured = self.timeout
            self.timeout = min(left, configured or left)
            try:
                return super().open()
            finally:
                self.timeout = configured
        return super().open()

    def abandon(self) -> None:
        """Drop the connection without a word to the server: after a failure
        it may not answer a QUIT either."""
        for connection in (self.connection, self._partial_connection):
            if connection is not None:
                connection.close()
        self.connection = self._partial_connection = None

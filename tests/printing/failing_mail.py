"""A mail backend that refuses the message to one address (`FAILING`), as a
mail server would; the rest go to Django's locmem outbox."""

from __future__ import annotations

from django.core.mail.backends.locmem import EmailBackend as LocmemBackend

FAILING = "broken@example.org"


class FailingBackend(LocmemBackend):
    """Refuses the message to FAILING, as a mail server would."""

    def send_messages(self, messages):
        for message in messages:
            if FAILING in message.to:
                raise ConnectionRefusedError(f"refused {FAILING}")
        return super().send_messages(messages)

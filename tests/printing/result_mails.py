"""The results e-mail sent to every player of a drive: a finished drive whose
players all have an address and agreed (`finished`), each player's place
lines in theirs (`send`), and a message's From line (`sender`)."""

from __future__ import annotations

from email.header import decode_header, make_header
from email.utils import parseaddr

from django.core import mail
from django.utils import translation

from drive.models import Entry
from printing import result_mail
from tests.factories import drive_with_players, play_drive


def finished(club):
    drive = play_drive(drive_with_players(players=8, hands=2, club=club))
    for entry in drive.entries.select_related("player"):
        entry.player.email = f"p{entry.number}@example.org"
        entry.player.email_consent = True
        entry.player.save()
    return drive


def sender(message) -> tuple[str, str]:
    """The From line as a mail program shows it: (name, address)."""
    return parseaddr(str(make_header(decode_header(message.message()["From"]))))


def send(drive, language: str) -> dict[int, list[str]]:
    """Each player's place lines in the message sent them, by entry number,
    the e-mail in `language` (every player has an address and agreed)."""
    for entry in Entry.objects.filter(drive=drive).select_related("player"):
        entry.player.email = f"p{entry.number}@example.org"
        entry.player.email_consent = True
        entry.player.save()
    with translation.override(language):
        result_mail.results_send(drive=drive, by="tester")
    sent = {}
    for message in mail.outbox:
        number = int(message.to[0].removeprefix("p").removesuffix("@example.org"))
        # The places are the body's indented lines (result_message.Composer.message).
        lines = message.body.splitlines()
        sent[number] = [line.strip() for line in lines if line.startswith("  ")]
    return sent

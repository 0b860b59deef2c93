"""Results by e-mail: each consenting player is sent their own results.

One message an entry (printing.result_message composes it): their filled-in
card as a PDF, their place on each board and the prizes they won, and the
public results link when the drive has one. `results_send` writes a
printing.models.ResultMail row for every player (sent, failed with the
error, or skipped with why) and an audit record for each message tried.

A player who played no hand (registered, never came) is sent nothing: the row
says `skipped`, "played no hand", and the places told to the others count
only those who played.

Nothing is sent twice by accident: a `sending` claim (unique per drive and
entry, with `sent`) is written before the message goes, so a second run, or a
second organiser pressing the button at the same time, finds it taken and
sends nothing. The claim turns `sent` only once the mail server accepted the
message, or `failed` with the error; `only_failed` sends again to the entries
whose last try failed. No try outlasts RESULTS_MAIL_SECONDS
(printing.mail_backend), so a claim older than that was interrupted (its
process stopped): the next run turns it into a failure saying so, and tries it
again.

A run from the page has a time budget (`budget`, seconds) well under the web
worker's timeout: it begins no message that the slowest so far says would not
fit, and the summary says how many remain, so a slow mail server makes the
page ask for another press (or batch), never a killed worker.

A run may go in batches (the page's progress bar does): `limit` tries that many
entries, in entry-number order, and the summary says where it stopped
(`last_number`) and how many are still to do (`remaining`); the next batch
passes `after=last_number`. Each batch reads what was sent afresh, so a batch
posted twice, or by two laptops at once, sends nobody anything twice.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from contextlib import suppress
from dataclasses import dataclass, field

from django.conf import settings
from django.core.exceptions import ValidationError
from django.core.mail import get_connection
from django.db import IntegrityError, transaction
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from drive.models import Drive, DriveState, Entry
from players import audit
from printing.mail_backend import sending_until
from printing.models import MailStatus, ResultMail, claims_expire_before
from printing.result_message import Composer, Message

REASON_MAX = ResultMail._meta.get_field("reason").max_length


@dataclass(frozen=True)
class Outcome:
    """What happened to one entry in a run."""

    number: int
    name: str
    address: str
    status: str  # a MailStatus value
    reason: str = ""

    def line(self) -> str:
        """One line of the command's output."""
        words = {
            MailStatus.SENT: _("sent"),
            MailStatus.FAILED: _("failed"),
            MailStatus.SKIPPED: _("skipped"),
        }[self.status]
        text = f"{self.number} {self.name}: {words}"
        if self.address:
            text += f" <{self.address}>"
        if self.reason:
            text += f" ({self.reason})"
        return text


@dataclass
class SendSummary:
    dry_run: bool
    outcomes: list[Outcome] = field(default_factory=list)
    # Entries looked at (sent, failed, skipped, or found sent by another run).
    looked: int = 0
    # The number of the last entry looked at: the next batch's `after`.
    last_number: int = 0
    # Entries after `last_number` this run would still try.
    remaining: int = 0

    def count(self, status: str) -> int:
        return sum(1 for o in self.outcomes if o.status == status)

    @property
    def sent(self) -> int:
        return self.count(MailStatus.SENT)

    @property
    def skipped(self) -> int:
        return self.count(MailStatus.SKIPPED)

    @property
    def failed(self) -> int:
        return self.count(MailStatus.FAILED)

    def last_line(self) -> str:
        return _("sent %(sent)d, skipped %(skipped)d, failed %(failed)d") % {
            "sent": self.sent,
            "skipped": self.skipped,
            "failed": self.failed,
        }


@dataclass(frozen=True)
class Progress:
    """Where a run in batches stands (the page's progress bar): `done` of
    `total` entries looked at, and what happened to them so far."""

    total: int
    done: int
    sent: int
    skipped: int
    failed: int
    after: int  # the next batch starts after this entry number
    remaining: int

    @classmethod
    def after_batch(
        cls,
        summary: SendSummary,
        *,
        total: int | None,
        sent: int,
        skipped: int,
        failed: int,
    ) -> Progress:
        """`summary` is the batch just run; `total` and the counts are those of
        the batches before it (`total` None for the first)."""
        if total is None:
            total = summary.looked + summary.remaining
        total = max(total, summary.remaining)
        return cls(
            total=total,
            done=total - summary.remaining,
            sent=sent + summary.sent,
            skipped=skipped + summary.skipped,
            failed=failed + summary.failed,
            after=summary.last_number,
            remaining=summary.remaining,
        )

    @classmethod
    def part_way(
        cls,
        *,
        total: int,
        remaining: int,
        sent: int,
        skipped: int,
        failed: int,
        after: int,
    ) -> Progress:
        """Where a run stands as the page's address says (a run without
        JavaScript, between presses): only words, nothing is read from it."""
        remaining = min(remaining, total)
        return cls(
            total=total,
            done=total - remaining,
            sent=sent,
            skipped=skipped,
            failed=failed,
            after=after,
            remaining=remaining,
        )

    def words(self) -> str:
        # One sentence each, so that a language can order its parts freely.
        values = {
            "done": self.done,
            "total": self.total,
            "sent": self.sent,
            "skipped": self.skipped,
            "failed": self.failed,
        }
        if self.remaining:
            return (
                ngettext(
                    "Sending… %(done)d of %(total)d player done: %(sent)d sent, "
                    "%(skipped)d skipped, %(failed)d failed.",
                    "Sending… %(done)d of %(total)d players done: %(sent)d sent, "
                    "%(skipped)d skipped, %(failed)d failed.",
                    self.total,
                )
                % values
            )
        return (
            ngettext(
                "Finished. %(done)d of %(total)d player done: %(sent)d sent, "
                "%(skipped)d skipped, %(failed)d failed.",
                "Finished. %(done)d of %(total)d players done: %(sent)d sent, "
                "%(skipped)d skipped, %(failed)d failed.",
                self.total,
            )
            % values
        )


# --- reading ---------------------------------------------------------------------


def check_finished(drive: Drive) -> None:
    if drive.state != DriveState.FINISHED:
        raise ValidationError(
            _("Results are sent once the drive is finished; this one is not.")
        )


def skip_reason(entry: Entry) -> str:
    """Why `entry`'s player is not sent anything, or ""."""
    player = entry.player
    if not player.email:
        return _("no e-mail address")
    if not player.email_consent:
        return _("no consent to e-mail")
    return ""


def entries_of(drive: Drive) -> list[Entry]:
    return list(
        Entry.objects.filter(drive=drive).select_related("player").order_by("number")
    )


def latest_mails(drive: Drive) -> dict[int, ResultMail]:
    """Each entry's last row (a `sent` row wins over anything later)."""
    latest: dict[int, ResultMail] = {}
    for mail in ResultMail.objects.filter(drive=drive).order_by("id"):
        current = latest.get(mail.entry_id)
        if current is None or current.status != MailStatus.SENT:
            latest[mail.entry_id] = mail
    return latest


def preview(*, drive: Drive, base_url: str = "") -> Message | None:
    """The message the first player who would be sent one gets, or None."""
    check_finished(drive)
    composer: Composer | None = None
    for entry in entries_of(drive):
        if not skip_reason(entry):
            composer = composer or Composer(drive, base_url)
            if not composer.skip_reason(entry):
                return composer.message(entry)
    return None


# --- sending ---------------------------------------------------------------------


def _expire_claims(drive: Drive, who: str) -> None:
    """Turn claims no try can still be working on into failures saying so.

    Each try is cut off RESULTS_MAIL_SECONDS after it starts, so a `sending`
    row older than that was left by a process that stopped (killed, power
    cut); the message may or may not have arrived. As a failure it is shown
    and tried again like any other.
    """
    stale = ResultMail.objects.filter(
        drive=drive, status=MailStatus.SENDING, at__lt=claims_expire_before()
    ).select_related("entry__player")
    for mail in stale:
        taken = ResultMail.objects.filter(pk=mail.pk, status=MailStatus.SENDING).update(
            status=MailStatus.FAILED, reason=interrupted_reason(), at=timezone.now()
        )
        if taken:
            mail.status, mail.reason = MailStatus.FAILED, interrupted_reason()
            _record(drive, mail.entry, mail, who)


def interrupted_reason() -> str:
    return _(
        "interrupted: the sending stopped before the mail server answered; "
        "it may not have arrived"
    )[:REASON_MAX]


@dataclass
class _Clock:
    """The time a run may spend: `budget` seconds in all (None: no limit) and
    RESULTS_MAIL_SECONDS for any one message. A message is begun only when
    twice the slowest so far would still fit, so the page says how far it got
    instead of being cut off halfway through one."""

    budget: float | None
    started: float = field(default_factory=time.monotonic)
    slowest: float = 0.0

    def deadline(self) -> float:
        now = time.monotonic()
        each = now + settings.RESULTS_MAIL_SECONDS
        if self.budget is None:
            return each
        return min(each, self.started + self.budget)

    def room_for_another(self) -> bool:
        # Twice the slowest: a message cut off while the server is taking it
        # may arrive though it is written down as failed.
        if self.budget is None:
            return True
        return time.monotonic() + 2 * self.slowest < self.started + self.budget

    def took(self, seconds: float) -> None:
        self.slowest = max(self.slowest, seconds)


def results_send(
    *,
    drive: Drive,
    by: object,
    only_failed: bool = False,
    dry_run: bool = False,
    base_url: str = "",
    report: Callable[[Outcome], None] | None = None,
    limit: int | None = None,
    after: int = 0,
    budget: float | None = None,
) -> SendSummary:
    """Send each consenting player with an address who played their results
    (see the module).

    Entries already sent, or being sent by another run, are left out of the
    outcomes (nothing is sent to them); with `only_failed`, only the entries
    whose last try failed (or was interrupted) are tried. `dry_run` writes and
    sends nothing and says what a run would do. `report` is called with each
    outcome as it happens.

    Only entries numbered above `after` are tried, in number order, and at most
    `limit` of them when it is given: an entry skipped (no address, no consent,
    no hand played) counts towards the limit like one sent, and so does one
    found sent by another run meanwhile. With a `budget` (seconds) no message
    is begun that would not fit in it. `summary.remaining` is how many entries
    after `summary.last_number` are still to try.
    """
    if limit is not None and limit < 1:
        raise ValueError("limit must be at least 1")
    check_finished(drive)
    drive = Drive.objects.select_related("club").get(pk=drive.pk)
    summary = SendSummary(dry_run=dry_run, last_number=after)
    who = audit.who(by)
    if not dry_run:
        _expire_claims(drive, who)
    latest = latest_mails(drive)

    def wanted(entry: Entry) -> bool:
        last = latest.get(entry.pk)
        if last is None:
            return not only_failed
        # (A dry run leaves interrupted claims as they are, but counts them failed.)
        failed = last.status == MailStatus.FAILED or last.interrupted
        if last.status == MailStatus.SENT or (
            last.status == MailStatus.SENDING and not failed
        ):
            return False
        return not only_failed or failed

    todo = [e for e in entries_of(drive) if e.number > after and wanted(e)]
    batch = todo if limit is None else todo[:limit]
    clock = _Clock(budget)
    composer: Composer | None = None
    connection = None if dry_run or not batch else get_connection()
    try:
        for entry in batch:
            if summary.looked and not clock.room_for_another():
                break
            summary.looked += 1
            summary.last_number = entry.number
            name, address = entry.player.name, entry.player.email
            reason = skip_reason(entry)
            if not reason:
                composer = composer or Composer(drive, base_url)
                reason = composer.skip_reason(entry)
            if reason:
                outcome = Outcome(
                    entry.number, name, address, MailStatus.SKIPPED, reason
                )
                if not dry_run:
                    ResultMail.objects.create(
                        drive=drive,
                        entry=entry,
                        address=address,
                        status=MailStatus.SKIPPED,
                        reason=reason,
                        by=who,
                    )
            elif dry_run:
                outcome = Outcome(entry.number, name, address, MailStatus.SENT)
            else:
                began = time.monotonic()
                outcome = _send_one(
                    composer,
                    entry,
                    connection=connection,
                    drive=drive,
                    who=who,
                    deadline=clock.deadline(),
                )
                clock.took(time.monotonic() - began)
                if outcome is None:  # being sent, or sent, by another run
                    continue
            summary.outcomes.append(outcome)
            if report is not None:
                report(outcome)
    finally:
        if connection is not None:
            try:
                with sending_until(clock.deadline()):
                    connection.close()
            except Exception:  # noqa: BLE001 - the messages' answers are written down
                _drop(connection)
    summary.remaining = len(todo) - summary.looked
    return summary


def _send_one(
    composer: Composer,
    entry: Entry,
    *,
    connection,
    drive: Drive,
    who: str,
    deadline: float,
) -> Outcome | None:
    """Claim the entry (`sending`), send, then write down the server's answer:
    `sent` only once it accepted the message."""
    address = entry.player.email
    try:
        with transaction.atomic():
            mail = ResultMail.objects.create(
                drive=drive,
                entry=entry,
                address=address,
                status=MailStatus.SENDING,
                by=who,
            )
    except IntegrityError:
        return None
    try:
        message = composer.message(entry).email()
        with sending_until(deadline):
            # One connection for the run: opened here (again after a failure),
            # so that sending leaves it open for the next message.
            connection.open()
            message.connection = connection
            message.send(fail_silently=False)
    except Exception as error:  # noqa: BLE001 - any failure of the mail server is recorded
        mail.status = MailStatus.FAILED
        # A stalled server, or the time ran out (smtplib says "Connection
        # unexpectedly closed" over the socket's own timeout).
        if isinstance(error, TimeoutError) or isinstance(
            error.__context__, TimeoutError
        ):
            mail.reason = _("the mail server did not answer in time")[:REASON_MAX]
        else:  # the server's own words, as it sent them
            mail.reason = (f"{type(error).__name__}: {error}")[:REASON_MAX]
        # The connection may be dead or stalled: the next message opens another.
        _drop(connection)
    else:
        mail.status = MailStatus.SENT
    mail.at = timezone.now()
    with suppress(IntegrityError), transaction.atomic():
        ResultMail.objects.filter(pk=mail.pk).update(
            status=mail.status, reason=mail.reason, at=mail.at
        )
    _record(drive, entry, mail, who)
    return Outcome(entry.number, entry.player.name, address, mail.status, mail.reason)


def _drop(connection) -> None:
    """Close without waiting for the server (printing.mail_backend), where the
    backend can; else close as usual."""
    abandon = getattr(connection, "abandon", None)
    with suppress(Exception):
        if abandon is not None:
            abandon()
        else:
            connection.close()


def _record(drive: Drive, entry: Entry, mail: ResultMail, who: str) -> None:
    audit.record(
        club_id=drive.club_id,
        drive_id=drive.pk,
        kind=audit.Kind.RESULTS_MAIL,
        subject=f"entry {entry.number} {entry.player.name}",
        refs={"entry": entry.pk, "number": entry.number, "mail": mail.pk},
        new={"address": mail.address, "status": mail.status, "reason": mail.reason},
        by=who,
    )

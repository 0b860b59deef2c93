"""Results by e-mail: each consenting player is sent their own results.

One message an entry: their filled-in card as a PDF (printing.documents),
their place on each board (with the rule that decided it where a tie-break
did, as the results page says it) and the prizes they won (prizes.selectors),
and the public results link when the drive has one. `results_send` writes a
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
from email.errors import HeaderParseError
from email.headerregistry import Address
from email.utils import formataddr, parseaddr
from urllib.parse import urljoin

from django.conf import settings
from django.core.exceptions import ValidationError
from django.core.mail import EmailMessage, get_connection
from django.db import IntegrityError, transaction
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from drive.models import Drive, DriveState, Entry
from players import audit, dates
from players.language import list_label_count
from printing import chart_page, documents, filenames
from printing.editions import LARGE, STANDARD
from printing.mail_backend import sending_until
from printing.models import MailStatus, ResultMail, claims_expire_before
from prizes.selectors import drive_prizes
from scoring import charts, race
from scoring.cards_in import card_desk
from scoring.player_view import place_words, tie_note
from scoring.selectors import board_groups, drive_scores

REASON_MAX = ResultMail._meta.get_field("reason").max_length


def sender(club: str) -> str:
    """The site's address under the club's name ("Trefl" <whist@county.org>):
    a player of two clubs of a county's site, sent both clubs' results of one
    evening, sees in the list of messages which club each is from."""
    address = parseaddr(settings.DEFAULT_FROM_EMAIL)[1]
    if not club or not address:
        return settings.DEFAULT_FROM_EMAIL
    try:
        # As a person reads it, for the preview (Django encodes it to send):
        # formataddr gave "=?utf-8?b?S2x1YiBX…?= <whist@…>" for "Klub „Trefl”".
        return str(Address(display_name=club, addr_spec=address))
    except (HeaderParseError, IndexError, ValueError):
        return formataddr((club, address))


@dataclass(frozen=True)
class Message:
    """One player's message, before it is sent."""

    entry: Entry
    to: str
    subject: str
    body: str
    filename: str
    pdf: bytes
    club: str = ""

    @property
    def sender(self) -> str:
        """Who the message is from, as the preview shows it."""
        return sender(self.club)

    def email(self) -> EmailMessage:
        message = EmailMessage(
            subject=self.subject,
            body=self.body,
            from_email=self.sender,
            to=[self.to],
        )
        message.attach(self.filename, self.pdf, "application/pdf")
        return message


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


def public_url(drive: Drive, base_url: str) -> str:
    if not drive.public_key:
        return ""
    path = reverse("prizes:public_results", args=[drive.public_key])
    return urljoin(base_url or "/", path)


def skip_reason(entry: Entry) -> str:
    """Why `entry`'s player is not sent anything, or ""."""
    player = entry.player
    if not player.email:
        return _("no e-mail address")
    if not player.email_consent:
        return _("no consent to e-mail")
    return ""


def pdf_filename(drive: Drive, entry: Entry) -> str:
    base = documents.pdf_filename(drive, "card").removesuffix(".pdf")
    name = filenames.slug(entry.player.name) or filenames.file_word("player")
    return filenames.named(base, str(entry.number), name, extension="pdf")


class Composer:
    """Builds each entry's message from one reading of the drive's results."""

    def __init__(self, drive: Drive, base_url: str = "") -> None:
        self.drive = drive
        scores = drive_scores(drive=drive)
        self.scores = scores
        self.prizes = drive_prizes(drive=drive, scores=scores)
        # A drive of fixed pairs: one line for each pair, so a player's place
        # is their pair's among the pairs (DriveScores.board).
        self.boards = [
            (title, scores.board(group=group))
            for title, _slug, group in board_groups(drive=drive)
        ]
        self.cards = documents.filled_cards(drive=drive)
        self.link = public_url(drive, base_url)
        # A cards-in drive: the entries whose card is not typed in yet.
        self.cards_out = (
            {n for card in card_desk(drive=drive).out for n in card.numbers}
            if drive.cards_in
            else set()
        )

    def played(self, entry: Entry) -> bool:
        """Whether the entry played a hand (a registered no-show did not)."""
        return any(
            entry.pk in s.keys and s.played
            for _title, board in self.boards
            for s in board
        )

    def skip_reason(self, entry: Entry) -> str:
        """Why the entry is sent nothing though it has an address and agreed, or ""."""
        if entry.number in self.cards_out:
            return _("card not typed in yet")
        if not self.played(entry):
            return _("played no hand")
        return ""

    def places(self, entry: Entry) -> list[str]:
        """The entry's place on each board, among those who played a hand,
        and the rule that decided it where a tie-break did."""
        found = []
        for title, standings in self.boards:
            played = [s for s in standings if s.played]
            mine = next((s for s in played if entry.pk in s.keys), None)
            if mine is None:
                continue
            # The board's own ranking (tie-breaks and all), counting only
            # those who played: one place ahead per player ranked ahead.
            rank = 1 + sum(1 for s in played if s.rank < mine.rank)
            words = place_words(title, mine, len(played), rank=rank)
            # Where a tie-break placed them apart from another who played on
            # their total (the row the boards mark), which rule did, as the
            # results page's "find me" says it: "...; decided by count-back".
            level = any(s.total == mine.total and s.rank != mine.rank for s in played)
            tied = tie_note(self.drive.game, mine) if level else ""
            found.append(f"{words}; {tied}" if tied else words)
        return found

    def race_chart(self, entry: Entry) -> charts.Chart | None:
        """The entry's own line beside the leader's (None before any result)."""
        found = race.race(self.scores, top=1, own_number=entry.number)
        chart = race.own_chart(found, hand_word=race.hand_word(self.drive))
        return None if chart.empty else chart

    def prizes_won(self, entry: Entry) -> list[str]:
        return [award.in_sentence for award in self.prizes.won_by(entry.pk)]

    def message(self, entry: Entry) -> Message:
        drive, player = self.drive, entry.player
        lines = [
            _("Dear %(name)s,") % {"name": player.name},
            "",
            dates.with_dates_elided(
                _("Thank you for playing at %(drive)s on %(date)s. Your results:")
                % {"drive": drive.name, "date": dates.full_date(drive.date)}
            ),
            "",
        ]
        lines += [f"  {place}" for place in self.places(entry)]
        lines.append("")
        won = self.prizes_won(entry)
        if won:
            # The label names the list (players.language.list_label_count):
            # one prize is "Twoja nagroda", "Ваш приз", not "Your prizes".
            lines.append(
                ngettext(
                    "Your prize: %(prizes)s.",
                    "Your prizes: %(prizes)s.",
                    list_label_count(won),
                )
                % {"prizes": ", ".join(won)}
            )
        else:
            lines.append(_("No prize this time."))
        lines.append("")
        card = self.cards.get(entry.number)
        chart = self.race_chart(entry) if card is not None else None
        if card is not None:
            lines.append(str(self.drive.words.card_attached))
        if chart is not None:
            lines.append(
                _("Its last page charts your running total beside the leader's.")
            )
        if self.link:
            # The page opens at the player's own places, prizes and card
            # (scoring.player_view), everyone's below.
            own = f"{self.link}?entry={entry.number}#me"
            lines.append(_("All the results: %(url)s") % {"url": own})
        lines += ["", drive.club.name]
        pdf = b""
        edition = LARGE if entry.large_print else STANDARD
        if chart is not None:
            pdf = chart_page.draw_card_with_chart(card, chart, edition=edition).data
        elif card is not None:
            pdf = documents.draw_card(card, large_print=entry.large_print).data
        return Message(
            entry=entry,
            to=player.email,
            subject=_("Your results: %(drive)s, %(date)s")
            % {"drive": drive.name, "date": dates.full_date(drive.date)},
            body="\n".join(lines) + "\n",
            filename=pdf_filename(drive, entry),
            pdf=pdf,
            club=drive.club.name,
        )


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

"""One player's results e-mail, composed: the words, the card and its chart.

`Composer` reads the drive's results once (scores, boards, prizes, filled-in
cards) and builds each entry's `Message`: their place on each board (with
the rule that decided it where a tie-break did, as the results page says it),
the prizes they won, the public results link, and their filled-in card as a
PDF with their running total charted beside the leader's. Sending it, and
recording what happened, is printing.result_mail's.
"""

from __future__ import annotations

from dataclasses import dataclass
from email.errors import HeaderParseError
from email.headerregistry import Address
from email.utils import formataddr, parseaddr
from urllib.parse import urljoin

from django.conf import settings
from django.core.mail import EmailMessage
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from drive.models import Drive, Entry
from players import dates
from players.language import list_label_count
from players.quotes import nest_quotes
from printing import chart_page, documents, filenames
from printing.editions import LARGE, STANDARD
from prizes.selectors import drive_prizes
from scoring import charts, race
from scoring.cards_in import card_desk
from scoring.player_view import place_words, tie_note
from scoring.selectors import board_groups, drive_scores


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


def public_url(drive: Drive, base_url: str) -> str:
    if not drive.public_key:
        return ""
    path = reverse("prizes:public_results", args=[drive.public_key])
    return urljoin(base_url or "/", path)


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
            # The catalogues quote the name; a name with quotes of its own has
            # them written as the language's inner pair («Coppa “Fiori”»).
            nest_quotes(
                dates.with_dates_elided(
                    _("Thank you for playing at %(drive)s on %(date)s. Your results:")
                    % {"drive": drive.name, "date": dates.full_date(drive.date)}
                )
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

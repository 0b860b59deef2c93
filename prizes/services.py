"""Writes for prizes, tie-break rules and draws: check, then write, in one transaction.

Only organisers reach these (the views see to it). Every refusal is a
ValidationError with a message the organiser can act on; nothing is written
when one is raised. A refusal that means "the page you saw is out of date"
(a tie that is no longer level) has the code "conflict".
"""

from __future__ import annotations

import secrets
from collections.abc import Sequence

from django.contrib.auth.models import AbstractBaseUser
from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from drive import services as drive_services
from drive.group_words import prize_group_labels
from drive.models import Drive, DriveState, Entry
from players.models import Club
from prizes import selectors
from prizes.consolation import (
    consolation_blockers,
    consolation_number,
    consolation_pool,
    draw_consolation,
)
from prizes.games import PRIZE_GAMES
from prizes.models import (
    ClubScoringSettings,
    ConsolationDraw,
    DrivePrize,
    DrivePrizeRules,
    MysteryScore,
    PrizeTemplateItem,
    TieDraw,
    members_text,
)
from prizes.prize_list import PrizeKind, PrizeListError, PrizeSpec, parse_prize_list
from scoring.tiebreaks import TieBreakError, check_order, format_order

MAX_MYSTERY = 9999


def lock_club(club: Club) -> Club:
    """Serialise a club's settings and season writes."""
    return Club.objects.select_for_update().get(pk=club.pk)


def settings_for_update(club: Club) -> ClubScoringSettings:
    settings, _ = ClubScoringSettings.objects.select_for_update().get_or_create(
        club=club
    )
    return settings


def _parse_list(
    *, club: Club, text: str, labels: dict[str, str], drive: Drive | None = None
) -> list[PrizeSpec]:
    """The typed list; a drive's own list is checked against the drive (no
    group prizes without groups, no tricks in prediction whist)."""
    try:
        return parse_prize_list(
            text,
            groups=selectors.group_names(club=club),
            labels=labels,
            has_groups=drive is None or drive.has_groups,
            has_tricks=drive is None or PRIZE_GAMES[drive.game].has_tricks,
        )
    except PrizeListError as error:
        raise ValidationError({"prizes": error.problems}) from error


def _write_items(model, owner: dict, specs: Sequence[PrizeSpec]) -> None:
    model.objects.filter(**owner).delete()
    model.objects.bulk_create(
        [
            model(
                **owner,
                position=position,
                kind=spec.kind.value,
                place=spec.place,
                group=spec.group,
                name=spec.name,
            )
            for position, spec in enumerate(specs, start=1)
        ]
    )


@transaction.atomic
def club_prizes_update(
    *,
    club: Club,
    prizes: str,
    tie_breaks: Sequence[str],
    one_prize_per_person: bool,
    left_early_out_of_prizes: bool = True,
) -> ClubScoringSettings:
    """The club's prize list (typed, one a line) and its tie-break rules, together."""
    club = lock_club(club)
    specs = _parse_list(
        club=club, text=prizes, labels=selectors.group_labels(club=club)
    )
    try:
        order = check_order(rule for rule in tie_breaks if rule)
    except TieBreakError as error:
        raise ValidationError({"tie_breaks": str(error)}) from error
    settings = settings_for_update(club)
    settings.tie_breaks = format_order(order)
    settings.one_prize_per_person = one_prize_per_person
    settings.left_early_out_of_prizes = left_early_out_of_prizes
    settings.has_prize_list = True
    settings.save(
        update_fields=[
            "tie_breaks",
            "one_prize_per_person",
            "left_early_out_of_prizes",
            "has_prize_list",
        ]
    )
    _write_items(PrizeTemplateItem, {"club": club}, specs)
    return settings


# --- one drive's prizes -------------------------------------------------------------


def _ensure_own_list(drive: Drive) -> None:
    """Copy the club's list to the drive, once: later edits of the club's list
    then leave this drive's prizes alone."""
    if (
        DrivePrize.objects.filter(drive=drive).exists()
        # A frozen drive's list is its own even when it is empty.
        or DrivePrizeRules.objects.filter(drive=drive).exists()
    ):
        return
    specs = selectors.club_prize_specs(club=drive.club)
    _write_items(DrivePrize, {"drive": drive}, specs)


def drive_prizes_freeze(*, drive: Drive) -> DrivePrizeRules:
    """Give the drive its own copy of the club's prize list (unless it has one) and
    of the club's tie-breaks and one-prize-per-person rule, once.

    Done when the drive starts, inside drive_start's transaction (the
    drive.signals.drive_started receiver): from then on the club's edits never
    change this drive's ranks or prizes, and a dump of it carries them.
    """
    frozen = DrivePrizeRules.objects.filter(drive=drive).first()
    if frozen is not None:
        return frozen
    _ensure_own_list(drive)
    settings = selectors.club_settings(club=drive.club)
    return DrivePrizeRules.objects.create(
        drive=drive,
        tie_breaks=format_order(selectors.club_tie_break_order(club_id=drive.club_id)),
        one_prize_per_person=settings.one_prize_per_person,
        left_early_out_of_prizes=settings.left_early_out_of_prizes,
    )


def freeze_when_started(*, drive: Drive, **kwargs: object) -> None:
    """drive.signals.drive_started's receiver (connected in scoring.apps)."""
    drive_prizes_freeze(drive=drive)


@transaction.atomic
def drive_prizes_update(*, drive: Drive, prizes: str) -> list[DrivePrize]:
    """This drive's own prize list; custom prizes keep their winners by name."""
    drive = drive_services.lock_drive(drive)
    labels = prize_group_labels(drive)
    specs = _parse_list(club=drive.club, text=prizes, labels=labels, drive=drive)
    if not specs:
        raise ValidationError(
            {"prizes": _("Type at least one prize, or go back to the club's list.")}
        )
    winners = {
        p.name: p.winner_id
        for p in DrivePrize.objects.filter(drive=drive, kind=PrizeKind.CUSTOM.value)
        if p.winner_id
    }
    _write_items(DrivePrize, {"drive": drive}, specs)
    for prize in DrivePrize.objects.filter(drive=drive, kind=PrizeKind.CUSTOM.value):
        if prize.name in winners:
            prize.winner_id = winners[prize.name]
            prize.save(update_fields=["winner"])
    return list(DrivePrize.objects.filter(drive=drive))


@transaction.atomic
def drive_prizes_reset(*, drive: Drive) -> None:
    """Back to the club's prize list (custom winners are forgotten).

    A drive that has started takes a new copy of the club's list and rules as
    they are now, and keeps it, as it did when it started.
    """
    drive = drive_services.lock_drive(drive)
    DrivePrize.objects.filter(drive=drive).delete()
    DrivePrizeRules.objects.filter(drive=drive).delete()
    if drive.state not in (DriveState.DRAFT, DriveState.OPEN):
        drive_prizes_freeze(drive=drive)


def parse_mystery(value: object) -> int:
    """A whole number from 0 to 9999, from what was typed."""
    text = str(value).strip() if value is not None else ""
    try:
        number = int(text)
    except ValueError:
        raise ValidationError(
            {"value": _("The mystery score is a whole number, like 57.")}
        ) from None
    if not 0 <= number <= MAX_MYSTERY:
        raise ValidationError(
            {
                "value": _("The mystery score is from 0 to %(max)d.")
                % {"max": MAX_MYSTERY}
            }
        )
    return number


@transaction.atomic
def mystery_score_set(
    *, drive: Drive, value: object, by: AbstractBaseUser | None
) -> MysteryScore:
    number = parse_mystery(value)
    drive = drive_services.lock_drive(drive)
    _ensure_own_list(drive)
    mystery, _ = MysteryScore.objects.update_or_create(
        drive=drive, defaults={"value": number, "drawn_by": by}
    )
    return mystery


@transaction.atomic
def mystery_score_clear(*, drive: Drive) -> None:
    drive = drive_services.lock_drive(drive)
    MysteryScore.objects.filter(drive=drive).delete()


@transaction.atomic
def custom_prize_award(
    *, drive: Drive, position: int, entry_number: int | None
) -> DrivePrize:
    """The organiser names (or clears) the winner of a custom prize."""
    drive = drive_services.lock_drive(drive)
    _ensure_own_list(drive)
    prize = DrivePrize.objects.filter(
        drive=drive, position=position, kind=PrizeKind.CUSTOM.value
    ).first()
    if prize is None:
        raise ValidationError(_("That custom prize is not on this drive's list."))
    entry = None
    if entry_number is not None:
        entry = Entry.objects.filter(drive=drive, number=entry_number).first()
        if entry is None:
            raise ValidationError(
                {
                    "entry": _("Nobody has number %(number)d in this drive.")
                    % {"number": entry_number}
                }
            )
    prize.winner = entry
    prize.save(update_fields=["winner"])
    return prize


def draw_members(raw: str | Sequence[int], winner: int) -> list[int]:
    """Who cut (two or more keys, sorted), the winner of the cut among them."""
    try:
        keys = (
            [int(k) for k in raw.split(",") if k.strip()]
            if isinstance(raw, str)
            else [int(k) for k in raw]
        )
    except (TypeError, ValueError):
        raise ValidationError(_("That tie is not one this page knows.")) from None
    if len(set(keys)) < 2:
        raise ValidationError(_("A draw is between two or more players."))
    if winner not in keys:
        raise ValidationError(_("The winner of the cut must be one of those who cut."))
    return sorted(set(keys))


def draw_save(
    *,
    contest: str,
    keys: Sequence[int],
    waiting: Sequence[dict],
    stale: str,
    by: AbstractBaseUser | None,
    **owner: object,
) -> TieDraw:
    """Record a cut of the cards: a drive's (`owner`: drive and winner_entry_id)
    or a season's (season and winner_player_id).

    Only a tie still waiting for a draw (`waiting`: the open draws, read
    under the caller's lock) can be drawn; the page may be out of date (a
    correction has settled it), a conflict said by `stale`. A second click
    that recorded it meanwhile is a conflict too.
    """
    members = members_text(keys)
    if (contest, members) not in {(d["contest"], d["members"]) for d in waiting}:
        raise ValidationError(stale, code="conflict")
    try:
        with transaction.atomic():
            return TieDraw.objects.create(
                contest=contest, members=members, recorded_by=by, **owner
            )
    except IntegrityError as error:
        raise ValidationError(
            _("That draw has already been recorded."), code="conflict"
        ) from error


@transaction.atomic
def tie_draw_record(
    *,
    drive: Drive,
    contest: str,
    members: str | Sequence[int],
    winner: int,
    by: AbstractBaseUser | None,
) -> TieDraw:
    """Record who won the cut between entries level on one prize (draw_save)."""
    keys = draw_members(members, winner)
    drive = drive_services.lock_drive(drive)
    waiting = selectors.drive_prizes(drive=drive).open_draws
    # Rolled back if draw_save refuses: the tie no longer waits for a draw.
    _ensure_own_list(drive)
    return draw_save(
        contest=contest,
        keys=keys,
        waiting=waiting,
        stale=_(
            "That tie is no longer waiting for a draw: check the prize list again."
        ),
        by=by,
        drive=drive,
        winner_entry_id=winner,
    )


@transaction.atomic
def tie_draw_delete(*, draw: TieDraw) -> None:
    draw.delete()


# --- the consolation draw ---------------------------------------------------------

# Seeds below 2**53: the same number in a browser's JavaScript as in Python.
SEED_BITS = 53


@transaction.atomic
def consolation_draw(
    *,
    drive: Drive,
    position: int,
    by: AbstractBaseUser | None,
    redraw: bool = False,
    seed: int | None = None,
) -> ConsolationDraw:
    """Draw the winner of the consolation prize at `position` on the drive's
    list: a random competitor without any other prize, once the drive is
    finished and every other prize is decided.

    The site picks the seed (secrets; a test may give one) and keeps it, the
    pool and the time, so the draw can be checked (prizes.consolation.draw_consolation).
    A prize already drawn is refused unless `redraw`: the earlier draw is
    then kept, marked replaced, and the new one recorded beside it.
    """
    drive = drive_services.lock_drive(drive)
    if drive.state != DriveState.FINISHED:
        raise ValidationError(
            _("The consolation draw is made once the drive is finished.")
        )
    prizes = selectors.drive_prizes(drive=drive)
    nth = consolation_number(prizes.awards, position)
    if nth is None:
        raise ValidationError(_("That consolation draw is not on this drive's list."))
    current = ConsolationDraw.objects.filter(
        drive=drive, number=nth, replaced_at__isnull=True
    ).first()
    if current is not None and not redraw:
        raise ValidationError(
            _(
                "That prize has already been drawn (seed %(seed)d): tick “draw "
                "again” to replace the draw; both stay on the record."
            )
            % {"seed": current.seed},
            code="conflict",
        )
    blockers = consolation_blockers(prizes.awards)
    if blockers:
        raise ValidationError(
            _("Decide the other prizes first: %(prizes)s.")
            % {"prizes": ", ".join(b.in_sentence for b in blockers)}
        )
    # A redraw is between the same people as the first draw, less nobody: the
    # draw's own winner counts as without a prize (the engine leaves the
    # consolation prizes out of the pool it draws from).
    pool = consolation_pool(prizes.awards, prizes.competitors, nth)
    if not pool:
        raise ValidationError(_("Everyone has a prize: there is nobody to draw."))
    seed = secrets.randbits(SEED_BITS) if seed is None else seed
    winner = draw_consolation(pool, seed)
    now = timezone.now()
    if current is not None:
        current.replaced_at = now
        current.save(update_fields=["replaced_at"])
    _ensure_own_list(drive)
    return ConsolationDraw.objects.create(
        drive=drive,
        number=nth,
        seed=seed,
        members=",".join(str(c.key) for c in pool),
        # Numbers, not words: each page writes them in its reader's language.
        pool_numbers=[list(c.numbers or (c.number,)) for c in pool],
        winner_entry=Entry.objects.get(drive=drive, pk=winner.key),
        drawn_by=by if getattr(by, "is_authenticated", False) else None,
        drawn_at=now,
    )

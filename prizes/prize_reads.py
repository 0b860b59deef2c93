"""What a drive's prizes are read from, for one drive or many at once.

prizes.selectors.drive_prizes works out a drive's prizes from its scores and
these rows: its prize list (its own, else its club's), its rules, its draws,
its mystery score, its consolation draws, its pairs and its deals. A page of
many drives (a player's history over a season) reads each kind of row once
for them all here, so its queries do not grow with the drives; one drive's
page reads the same way, for one.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass

from drive.group_words import prize_group_labels
from drive.models import Drive
from prizes.games import PRIZE_GAMES
from prizes.models import (
    ClubScoringSettings,
    ConsolationDraw,
    DrivePrize,
    DrivePrizeRules,
    MysteryScore,
    PrizeTemplateItem,
    TieDraw,
)
from prizes.prize_list import DEFAULT_PRIZES, PrizeKind, PrizeSpec
from prizes.prize_rules import PrizeRules, drive_prize_rules_of
from scoring.hand_plays import HandPlay, deals_of
from scoring.selectors import pair_numbers_of


def spec_of(item: PrizeTemplateItem | DrivePrize) -> PrizeSpec:
    return PrizeSpec(
        kind=PrizeKind(item.kind),
        place=item.place,
        group=item.group,
        name=item.name,
        winner=getattr(item, "winner_id", None),
    )


def club_prize_specs_of(*, club_ids: set[int]) -> dict[int, list[PrizeSpec]]:
    """Each club's prize list (by id): the usual one until it saves its own."""
    if not club_ids:
        return {}
    own = set(
        ClubScoringSettings.objects.filter(
            club_id__in=club_ids, has_prize_list=True
        ).values_list("club_id", flat=True)
    )
    found: dict[int, list[PrizeSpec]] = {
        club: ([] if club in own else list(DEFAULT_PRIZES)) for club in club_ids
    }
    if own:
        for item in PrizeTemplateItem.objects.filter(club_id__in=own).order_by(
            "club_id", "position"
        ):
            found[item.club_id].append(spec_of(item))
    return found


def drive_prize_specs_of(
    *, drives: Sequence[Drive]
) -> dict[int, tuple[list[PrizeSpec], bool]]:
    """Each drive's prize list (by id), and whether it is the drive's own (not
    the club's). A drive's own list is its DrivePrize rows; once the drive has
    started (DrivePrizeRules) that holds even for an empty list."""
    ids = [drive.pk for drive in drives]
    own: dict[int, list[PrizeSpec]] = defaultdict(list)
    for item in DrivePrize.objects.filter(drive__in=ids).order_by(
        "drive_id", "position"
    ):
        own[item.drive_id].append(spec_of(item))
    without = [pk for pk in ids if not own.get(pk)]
    started = (
        set(
            DrivePrizeRules.objects.filter(drive__in=without).values_list(
                "drive_id", flat=True
            )
        )
        if without
        else set()
    )
    kept = {pk for pk in ids if own.get(pk) or pk in started}
    clubs = club_prize_specs_of(
        club_ids={drive.club_id for drive in drives if drive.pk not in kept}
    )
    return {
        drive.pk: (own[drive.pk], True)
        if drive.pk in kept
        else (list(clubs[drive.club_id]), False)
        for drive in drives
    }


@dataclass(frozen=True)
class PrizeReads:
    """The rows one drive's prizes are worked out from."""

    specs: list[PrizeSpec]
    own_list: bool
    rules: PrizeRules
    # Every draw of the drive's contests, with the winner's entry and player.
    draws: list[TieDraw]
    mystery: MysteryScore | None
    # Every consolation draw made, current and replaced, by number then time.
    consolation_draws: list[ConsolationDraw]
    pairs: dict[int, int]  # entry id -> pair number (a drive of fixed pairs)
    # The drive's deals, where its game's prizes count tricks (None: not read).
    played: list[HandPlay] | None
    # What its prize list calls each group (drive.group_words.prize_group_labels).
    group_labels: dict[str, str]


def prize_reads_of(
    *, drives: Sequence[Drive], with_deals: bool = True
) -> dict[int, PrizeReads]:
    """PrizeReads of each of `drives` (by id): a fixed handful of queries
    whatever their number; without the deals where the caller has them."""
    ids = [drive.pk for drive in drives]
    specs = drive_prize_specs_of(drives=drives)
    rules = drive_prize_rules_of(drives=drives)
    draws: dict[int, list[TieDraw]] = defaultdict(list)
    for draw in (
        TieDraw.objects.filter(drive__in=ids)
        .select_related("winner_entry__player")
        .order_by("pk")
    ):
        draws[draw.drive_id].append(draw)
    mysteries = {m.drive_id: m for m in MysteryScore.objects.filter(drive__in=ids)}
    consolations: dict[int, list[ConsolationDraw]] = defaultdict(list)
    for made in ConsolationDraw.objects.filter(drive__in=ids).select_related(
        "winner_entry__player", "drawn_by"
    ):
        consolations[made.drive_id].append(made)
    pairs = pair_numbers_of(drives=drives)
    played = deals_of(
        drives=[
            drive
            for drive in drives
            if with_deals and PRIZE_GAMES[drive.game].has_tricks
        ]
    )
    # A drive without groups names them as its club does: read once a club.
    club_labels: dict[int, dict[str, str]] = {}
    for drive in drives:
        if not drive.group_labels and drive.club_id not in club_labels:
            club_labels[drive.club_id] = prize_group_labels(drive)
    return {
        drive.pk: PrizeReads(
            specs=specs[drive.pk][0],
            own_list=specs[drive.pk][1],
            rules=rules[drive.pk],
            draws=draws[drive.pk],
            mystery=mysteries.get(drive.pk),
            consolation_draws=consolations[drive.pk],
            pairs=pairs[drive.pk],
            played=played.get(drive.pk),
            group_labels=drive.group_labels or club_labels[drive.club_id],
        )
        for drive in drives
    }

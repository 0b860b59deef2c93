"""Reads for the season: its drives, the league table, attendance and a
player's history; league.table does the arithmetic.

A season has 30 to 50 drives: every read here takes the same number of
queries whatever their number (each kind of row once for all of them:
scoring.selectors.drives_scores, prizes.prize_reads).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from decimal import Decimal
from functools import cached_property

from django.utils.translation import gettext, ngettext, pgettext

from drive.models import Drive, DriveState, Entry
from drive.money_selectors import DriveTakings, drives_takings
from drive.movement.types import FORMATS, Game
from league.games import LEAGUE_GAMES, HandsLeague
from league.models import Season
from league.table import (
    Appearance,
    AttendanceRow,
    DriveScore,
    LeagueRow,
    attendance,
    league_table,
    scores_by_drive,
)
from players.dates import short_date, with_dates_elided
from players.models import Club, Player
from players.pair_names import joined_pair
from prizes.engine import AwardStatus
from prizes.models import ClubScoringSettings, ContestChoice, TieDraw
from prizes.prize_reads import prize_reads_of
from prizes.selectors import (
    club_settings,
    club_tie_break_order,
    drive_prizes,
    took_part,
)
from scoring.selectors import drives_scores
from scoring.standings import Standing
from scoring.tiebreaks import Rule

# --- the season -------------------------------------------------------------------


def _season_formats(season: Season) -> list[str]:
    """The formats of the season's game (league.models: one game's scores)."""
    game = Game(season.game)
    return [f.value for f, info in FORMATS.items() if info.game is game]


def _finished_in_dates(season: Season):
    return Drive.objects.filter(
        club_id=season.club_id,
        date__gte=season.start,
        date__lte=season.end,
        state=DriveState.FINISHED,
    ).order_by("date", "id")


def season_drives(*, season: Season) -> list[Drive]:
    """The club's finished drives of the season's game in its dates, oldest first."""
    return list(_finished_in_dates(season).filter(format__in=_season_formats(season)))


def other_game_drives(*, season: Season) -> list[Drive]:
    """The finished drives in the season's dates that its league leaves out:
    another game's, scored on another scale (league.models)."""
    return list(_finished_in_dates(season).exclude(format__in=_season_formats(season)))


@dataclass(frozen=True)
class DriveResult:
    """One entry's result in one finished drive."""

    drive: Drive
    index: int  # 1.. in the season
    entry: int
    player: int
    name: str
    number: int
    group: str
    standing: Standing
    hands_won: int
    # A drive of fixed pairs: the partner's player.
    partner: int | None = None

    @property
    def hands(self) -> int:
        return self.standing.played + self.standing.sat_out


def _drive_results(drives: list[Drive]) -> list[DriveResult]:
    players = dict(
        Entry.objects.filter(drive__in=drives).values_list("pk", "player_id")
    )
    scores_of = drives_scores(drives=drives)
    results = []
    for index, drive in enumerate(drives, start=1):
        scores = scores_of[drive.pk]
        records = {r.entry: r for r in scores.records}
        partner_of = _partners(scores.tie_breaks.pairs if scores.tie_breaks else {})
        for row in scores.standings():
            record = records[row.entry]
            if not took_part(record):
                continue
            partner = partner_of.get(row.entry)
            results.append(
                DriveResult(
                    drive=drive,
                    index=index,
                    entry=row.entry,
                    player=players[row.entry],
                    name=row.name,
                    number=row.number,
                    group=row.group,
                    standing=row,
                    hands_won=record.hands_won,
                    partner=players.get(partner) if partner else None,
                )
            )
    return results


def _partners(pairs: dict[int, int]) -> dict[int, int]:
    """Entry -> its partner's entry, in a drive of fixed pairs (`pairs`:
    entry -> pair number, scoring.selectors.pair_numbers)."""
    members: dict[int, list[int]] = {}
    for entry, pair in pairs.items():
        members.setdefault(pair, []).append(entry)
    return {
        entry: other
        for pair in members.values()
        if len(pair) == 2
        for entry, other in (pair, pair[::-1])
    }


def _appearances(results: list[DriveResult]) -> list[Appearance]:
    return [
        Appearance(
            player=r.player,
            name=r.name,
            drive=r.index,
            total=r.standing.total,
            hands=r.hands,
            hands_won=r.hands_won,
            partner=r.partner,
        )
        for r in results
    ]


@dataclass(frozen=True)
class PlayerDrives:
    """A league row with the player's score in every drive of the season."""

    row: LeagueRow
    scores: tuple[tuple[Drive, DriveScore], ...]  # every drive, in order

    @property
    def played(self) -> list[tuple[Drive, DriveScore]]:
        return [
            (drive, score) for drive, score in self.scores if score.total is not None
        ]

    @property
    def dropped(self) -> list[tuple[Drive, DriveScore]]:
        return [(drive, score) for drive, score in self.scores if score.dropped]

    @property
    def counted_words(self) -> str:
        """ "5 of 7 drives counted" """
        return ngettext(
            "%(counted)s of %(drives)s drive counted",
            "%(counted)s of %(drives)s drives counted",
            self.row.drives,
        ) % {"counted": self.row.counted, "drives": self.row.drives}


@dataclass
class League:
    season: Season
    drives: list[Drive]
    rows: list[LeagueRow]
    settings: ClubScoringSettings
    order: tuple[Rule, ...]
    draws: list[TieDraw]
    # What the table was made from: each player's result in each drive.
    appearances: list[Appearance] = field(default_factory=list)
    # Finished drives in the season's dates of another game, not counted.
    left_out: list[Drive] = field(default_factory=list)

    @cached_property
    def player_drives(self) -> list[PlayerDrives]:
        """The table's rows, in its order, each with the player's score in every
        drive (league.table.scores_by_drive: counted as the total counts them)."""
        scores = scores_by_drive(self.appearances, self.rows, drives=len(self.drives))
        return [
            PlayerDrives(
                row=row, scores=tuple(zip(self.drives, scores[row.player], strict=True))
            )
            for row in self.rows
        ]

    # The league's rules in words, as the league page and the printed table
    # say them under the title.

    @property
    def dates_words(self) -> str:
        """ "1 Jan 2026 to 31 Dec 2026: 12 finished drives." """
        drives = len(self.drives)
        # Italian elides "Dal 1" and "al 11": "Dall'1 set 2026 all'11 dic".
        return with_dates_elided(
            ngettext(
                "%(start)s to %(end)s: %(drives)s finished drive.",
                "%(start)s to %(end)s: %(drives)s finished drives.",
                drives,
            )
            % {
                "start": short_date(self.season.start),
                "end": short_date(self.season.end),
                "drives": drives,
            }
        )

    @property
    def counted_words(self) -> str:
        best = self.settings.best_of
        if not best:
            return gettext("Counted: every drive.")
        return ngettext(
            "Counted: the best %(best)s drive.",
            "Counted: the best %(best)s drives.",
            best,
        ) % {"best": best}

    @property
    def qualify_words(self) -> str:
        """How many drives a player needs to be ranked ("" when none)."""
        needed = self.settings.min_attendance
        if not needed:
            return ""
        return ngettext(
            "Players need %(needed)s drive to qualify.",
            "Players need %(needed)s drives to qualify.",
            needed,
        ) % {"needed": needed}

    @property
    def ties_words(self) -> str:
        if not self.order:
            return gettext("Ties: shared (over the counted drives).")
        rules = gettext(", then ").join(
            self.game.rule_words(rule) for rule in self.order
        )
        # Translators: %(rules)s is the tie-break rules in order, joined by
        # ", then " ("count-back from the last drive, then best single
        # drive, then a draw by the organiser (a cut of the cards)").
        return gettext("Ties over the counted drives: %(rules)s.") % {"rules": rules}

    @property
    def game_words(self) -> str:
        """Which drives the league counts, in its game's words (it said
        "Drives in the league: Drives scored by tricks.")."""
        return str(self.game.counts)

    @property
    def game(self) -> HandsLeague:
        """What the season's game says of its scores (league.games)."""
        return LEAGUE_GAMES[Game(self.season.game)]

    @property
    def scale_words(self) -> str:
        """What the totals count, in the game's words ("Scores: rubber points
        ..."), and drives on another scale of the same game, named."""
        return self.game.scale(self.drives)

    @property
    def mixed_scales(self) -> bool:
        """Whether some drives' scores are of another size than the others'
        (league.games: the scale's sentence names them)."""
        return bool(self.game.other_scale(self.drives))

    @property
    def per_hand_heading(self) -> str:
        return str(self.game.per_hand)

    @property
    def total_heading(self) -> str:
        return str(self.game.total_heading)

    @cached_property
    def names(self) -> dict[int, str]:
        """Who each row's player is in a tie and its draw: partners ranked as
        one are named together ("Ann & Bob")."""
        alone = {r.player: r.name for r in self.rows}
        return {
            r.player: joined_pair([alone[p] for p in r.unit]) if r.unit else r.name
            for r in self.rows
        }

    def cut_won_words(self, draw: TieDraw) -> str:
        """ "Ann won the cut.", or, where partners cut as one, "Ann & Bob won
        the cut." with the verb for two."""
        row = next((r for r in self.rows if r.player == draw.winner_player_id), None)
        if row is not None and row.unit:
            return pgettext("partners ranked as one", "%(name)s won the cut.") % {
                "name": self.names[row.player]
            }
        return gettext("%(name)s won the cut.") % {"name": draw.winner_player.name}

    @property
    def draws_won(self) -> list[tuple[TieDraw, str]]:
        """Each draw recorded, said ("Ann & Bob won the cut.")."""
        return [(draw, self.cut_won_words(draw)) for draw in self.draws]

    @property
    def open_draws(self) -> list[dict]:
        """Ties of qualified players waiting for a draw: one form each. Its
        members are everyone who cuts, both partners of a pair ranked as one
        (the pair is recorded, not whichever partner the alphabet puts
        first: league.table.unit_draws); its choices one a pair."""
        seen: set[tuple[int, ...]] = set()
        found = []
        unit_of = {r.player: r.unit or (r.player,) for r in self.rows}
        for row in self.rows:
            if (
                row.qualified
                and row.outcome.value == "awaiting_draw"
                and row.block not in seen
            ):
                seen.add(row.block)
                names = self.names
                members = sorted(p for k in row.block for p in unit_of[k])
                found.append(
                    {
                        "contest": ContestChoice.LEAGUE.value,
                        "members": ",".join(str(k) for k in members),
                        # Translators: a place in the league table, "3 in the league"
                        "title": gettext("%(rank)d in the league") % {"rank": row.rank},
                        "who": [(k, names[k]) for k in row.block],
                    }
                )
        return found


def league(*, season: Season) -> League:
    drives = season_drives(season=season)
    settings = club_settings(club=season.club)
    order = club_tie_break_order(club_id=season.club_id)
    draws = list(
        TieDraw.objects.filter(
            season=season, contest=ContestChoice.LEAGUE
        ).select_related("winner_player")
    )
    appearances = _appearances(_drive_results(drives))
    rows = league_table(
        appearances,
        drives=len(drives),
        best_of=settings.best_of,
        min_attendance=settings.min_attendance,
        order=order,
        draws={d.member_keys: d.winner_player_id for d in draws},
        rule_notes=LEAGUE_GAMES[Game(season.game)].rule_notes,
    )
    return League(
        season=season,
        drives=drives,
        rows=rows,
        settings=settings,
        order=order,
        draws=draws,
        appearances=appearances,
        left_out=other_game_drives(season=season),
    )


@dataclass
class Attendance:
    season: Season
    drives: list[Drive]
    rows: list[AttendanceRow]
    counts: list[int]

    @property
    def columns(self) -> list[tuple[Drive, int]]:
        return list(zip(self.drives, self.counts, strict=True))


def season_attendance(*, season: Season) -> Attendance:
    """Who took part in each drive: the same reading of a drive as the league's."""
    drives = season_drives(season=season)
    rows, counts = attendance(_appearances(_drive_results(drives)), drives=len(drives))
    return Attendance(season=season, drives=drives, rows=rows, counts=counts)


def overlapping_seasons(
    *, club: Club, start, end, game: str, exclude: int | None = None
) -> list[Season]:
    """The club's seasons of `game` with a day in start..end (a drive belongs
    to one season only; seasons of different games count different drives)."""
    found = Season.objects.filter(club=club, game=game, start__lte=end, end__gte=start)
    if exclude is not None:
        found = found.exclude(pk=exclude)
    return list(found)


# --- a player's history -----------------------------------------------------------


def history_prize(title: str, status: AwardStatus) -> str:
    """A prize on a player's history: its title, and whether it was shared or
    waits for a draw."""
    if status is AwardStatus.SHARED:
        # Translators: a prize on a player's history, shared with others
        return gettext("%(prize)s (shared)") % {"prize": title}
    if status is AwardStatus.AWAITING_DRAW:
        return gettext("%(prize)s (level: a draw to come)") % {"prize": title}
    return title


@dataclass(frozen=True)
class HistoryRow:
    drive: Drive
    number: int
    group: str
    total: int
    rank: int
    field_size: int
    prizes: tuple[str, ...]
    played: int
    sat_out: int


def player_history(*, player: Player, season: Season | None = None) -> list[HistoryRow]:
    """Every finished drive the player took part in, newest first; in
    `season`, those its league counts (its dates, its game)."""
    drives = Drive.objects.filter(
        entries__player=player, state=DriveState.FINISHED
    ).order_by("-date", "-id")
    if season is not None:
        drives = drives.filter(
            date__gte=season.start,
            date__lte=season.end,
            format__in=_season_formats(season),
        )
    entry_of = dict(
        Entry.objects.filter(player=player, drive__in=drives).values_list(
            "drive_id", "pk"
        )
    )
    drives = list(drives)
    # Each kind of row once for every drive (scoring.selectors.drives_scores,
    # prizes.prize_reads): the page's queries do not grow with the drives.
    scores_of = drives_scores(drives=drives)
    reads = prize_reads_of(drives=drives)
    rows = []
    for drive in drives:
        scores = scores_of[drive.pk]
        records = {r.entry: r for r in scores.records}
        taking_part = [s for s in scores.standings() if took_part(records[s.entry])]
        entry_id = entry_of[drive.pk]
        mine = next((s for s in taking_part if s.entry == entry_id), None)
        if mine is None:
            continue
        prizes = drive_prizes(drive=drive, scores=scores, reads=reads[drive.pk]).won_by(
            entry_id
        )
        rows.append(
            HistoryRow(
                drive=drive,
                number=mine.number,
                group=drive.group_label(mine.group) if drive.has_groups else "",
                total=mine.total,
                rank=mine.rank,
                field_size=len(taking_part),
                prizes=tuple(history_prize(a.title, a.status) for a in prizes),
                played=mine.played,
                sat_out=mine.sat_out,
            )
        )
    return rows


# --- the season's takings -----------------------------------------------------------


@dataclass(frozen=True)
class SeasonTakings:
    """Each drive's money in the season's dates, oldest first, and the sums."""

    currency: str
    drives: list[DriveTakings]

    def _sum(self, name: str) -> Decimal:
        return sum((getattr(d, name) for d in self.drives), Decimal("0.00"))

    @property
    def fees_received(self) -> Decimal:
        return self._sum("fees_received")

    @property
    def other_income(self) -> Decimal:
        return self._sum("other_income")

    @property
    def total_received(self) -> Decimal:
        return self._sum("total_received")

    @property
    def costs(self) -> Decimal:
        return self._sum("costs")

    @property
    def net(self) -> Decimal:
        return self._sum("net")

    @property
    def has_money(self) -> bool:
        """A drive of the season has money to account for (Takings.has_money's rule)."""
        return any(d.has_money for d in self.drives)


def season_takings(*, season: Season) -> SeasonTakings:
    """The takings of every drive of the club in the season's dates (whatever
    its state: the money of a drive still in play is already in the tin)."""
    drives = list(
        Drive.objects.filter(
            club_id=season.club_id, date__gte=season.start, date__lte=season.end
        ).order_by("date", "id")
    )
    return SeasonTakings(
        currency=season.club.currency, drives=drives_takings(drives=drives)
    )

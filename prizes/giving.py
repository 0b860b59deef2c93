"""The prize-giving on the projector: the prizes one at a time, from the last
on the list to the first.

The prize-giving is kept on the drive, so the organiser advances it from any
phone or laptop and the projector, which asks every few seconds, shows where
it is: `Drive.prize_shown`, the keys (`step_keys`) of the prizes announced, in
the order announced, and `Drive.prize_step` (None, not on; otherwise how many
of them are on, 0 the title, the last of them on the projector). Back steps
back along them, and Next forward again before it announces a new one. A
prize is named by its line of the list, not by its place in the giving: a
prize decided during the prize-giving (a consolation draw made, a mystery
score set) or a correction that changes which prizes can be given lengthens
or shortens the giving, and the projector stays on the prize it shows. A
prize decided after its turn has passed comes next (`upcoming`, `late`).

The count the hall is told ("Prize 3 of 5", `number` of `total`) holds every
prize announced, whatever becomes of it, so it never drops under a prize
already shown: one no longer given keeps its place and says so (`not_given`),
and one whose line was taken off the prize list too (`removed`). A prize
taken off the list, or left with nobody, before it was announced is simply
no longer counted.

Each prize appears as the prize engine decided it: a shared prize with every
winner, a tie still to be cut with the names that cut. Prizes nobody can win,
and those not decided (a mystery score never given), are left out, but for a
prize already announced, as above.

The public pages (`announced`) hold the prizes not shown yet from the start of
a prize-giving until it is over (`Drive.prizes_held`): going back to the
boards in the middle of it leaves them "to be announced".
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from dataclasses import dataclass, field, replace

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from drive.group_words import prize_group_labels
from drive.models import Drive, DriveState, Entry
from players.lists import and_list
from players.pair_names import joined_pair
from players.score_text import score_text
from prizes.consolation import consolation_number
from prizes.engine import Award, AwardStatus, Winner, numbers_text
from prizes.level_words import level_words
from prizes.prize_list import PrizeKind, PrizeSpec
from prizes.selectors import DrivePrizes, drive_prizes
from scoring.board_notices import Notice
from scoring.prediction_share import share_text
from scoring.tie_words import TIE_WORDS, HandsTieWords

# The prizes the evening gives out, as the prize engine decided them.
SHOWN = (AwardStatus.WON, AwardStatus.SHARED, AwardStatus.AWAITING_DRAW)


def giving_order(awards: list[Award], kept: Collection[int] = ()) -> tuple[Award, ...]:
    """The prizes to give, in the order they are given: the last on the list
    first (the list is most important first, so 1st overall is given last,
    whatever the kind of each prize). `kept`: the positions of prizes shown
    already, which stay in the giving whatever they have become."""
    given = [a for a in awards if a.status in SHOWN or a.position in kept]
    return tuple(sorted(given, key=lambda award: award.position, reverse=True))


def step_keys(awards: list[Award]) -> dict[int, str]:
    """Each prize's key in the prize-giving, by its position on the list: its
    line (kind, place, group, name) and which of the identical lines it is
    ("consolation:1::#2", the second consolation draw). Whatever is decided or
    corrected, a prize keeps its key, and the list's own edits keep the keys
    of the lines they leave alone."""
    seen: dict[tuple, int] = {}
    keys = {}
    for award in sorted(awards, key=lambda a: a.position):
        spec = award.spec
        line = (spec.kind.value, spec.place, spec.group, spec.name)
        seen[line] = seen.get(line, 0) + 1
        keys[award.position] = f"{line[0]}:{line[1]}:{line[2]}:{line[3]}#{seen[line]}"
    return keys


def score_words(winner: Winner) -> str:
    """The score as the MC says it: "38 points" with the language's plural
    ("41 очко", "42 очка", "45 очков"), or the share a prediction whist
    drive's prizes went by."""
    if winner.share is not None:
        return share_text(winner.share, localised=True)
    # The true minus ("−13 очков", players.score_text), as the projector shows it.
    return ngettext("%(score)s point", "%(score)s points", abs(winner.total)) % {
        "score": score_text(winner.total)
    }


@dataclass(frozen=True)
class Called:
    """One winner of the prize on the projector, as the MC reads them out."""

    winner: Winner
    group: str  # the group's name ("" in a format without groups)
    score: str
    gone: str  # why they may not be in the hall ("" when nothing says so)


@dataclass(frozen=True)
class PrizeGiving:
    """Where the prize-giving is: the prizes in the order they are given, and
    which are shown (None: the projector shows the boards)."""

    drive: Drive
    steps: tuple[Award, ...]
    # How many prizes are shown (None: not on); the MC's page sends it back
    # with Next or Back, so a page out of date changes nothing.
    shown: int | None
    # The keys (`step_keys`) of the steps, and of the prizes shown, in the
    # order shown: the last is on the projector.
    keys: tuple[str, ...] = ()
    shown_keys: tuple[str, ...] = ()
    # The prizes of the list still to decide (a consolation draw not made, a
    # mystery score not drawn): not in the giving until they are.
    waiting: tuple[Award, ...] = ()
    labels: Mapping[str, str] = field(default_factory=dict)
    # Entry key -> the round a withdrawn player withdrew before: the round
    # after the last for one marked not here at the prize-giving
    # (drive.entry_services.entry_leave_after_play).
    withdrawn: Mapping[int, int] = field(default_factory=dict)
    rounds: int = 0
    # Those marked not here, (entry key, "number name"), for the MC's Undo.
    not_here: tuple[tuple[int, str], ...] = ()

    @property
    def on(self) -> bool:
        return self.shown is not None

    def _award(self, key: str | None) -> Award | None:
        return self.steps[self.keys.index(key)] if key in self.keys else None

    @property
    def _cursor(self) -> int:
        """How many of the prizes announced are on (all of them when not on)."""
        announced = len(self.shown_keys)
        return announced if self.shown is None else min(self.shown, announced)

    @property
    def total(self) -> int:
        """The prizes the hall is told of ("Prize 3 of 5"): every prize
        announced, whatever became of it, and those still to announce."""
        fresh = [k for k in self.keys if k not in self.shown_keys]
        return len(self.shown_keys) + len(fresh)

    @property
    def all_announced(self) -> bool:
        return all(k in self.shown_keys for k in self.keys)

    @property
    def current_key(self) -> str | None:
        cursor = self._cursor
        return self.shown_keys[cursor - 1] if cursor else None

    @property
    def current(self) -> Award | None:
        """The prize on the projector now (None: the title, not on, or a
        prize taken off the list after it was announced: `removed`)."""
        return self._award(self.current_key) if self.on else None

    @property
    def removed(self) -> str:
        """The title of the prize on show when its line was taken off the
        prize list after it was announced ("" otherwise): it keeps its place."""
        key = self.current_key if self.on else None
        return "" if key is None or key in self.keys else self._title(key)

    def _title(self, key: str) -> str:
        """A prize's title from its key (`step_keys`): a line no longer on the list."""
        return self._off_the_list(key).title

    def _off_the_list(self, key: str) -> Award:
        """A line no longer on the list, from its key (`step_keys`), as a
        prize nobody has: its title, and whether the organiser named it."""
        line = key.rsplit("#", 1)[0]
        kind, place, group, name = line.split(":", 3)
        spec = PrizeSpec(PrizeKind(kind), int(place), group, name)
        title = spec.title(
            prize_group_labels(self.drive),
            hands_won=str(self.drive.words.most_hands_won),
        )
        return Award(0, spec, title, AwardStatus.NONE)

    @property
    def shown_count(self) -> int:
        """How many prizes are announced, on or not (a prize-giving left in
        the middle keeps them)."""
        return len(self.shown_keys)

    @property
    def number(self) -> int:
        """The current prize's place in the giving, from 1."""
        return self._cursor if self.on else 0

    @property
    def upcoming_key(self) -> str | None:
        """The prize the next step shows (None: every prize is shown): after
        Back, the one announced next; otherwise the next in the giving's
        order, or first one decided after its turn."""
        if not self.on:
            return None
        cursor = self._cursor
        if cursor < len(self.shown_keys):
            return self.shown_keys[cursor]
        return next((k for k in self.keys if k not in self.shown_keys), None)

    @property
    def upcoming(self) -> Award | None:
        return self._award(self.upcoming_key)

    @property
    def upcoming_title(self) -> str:
        """The next prize's title, as a title (the record of changes keeps it)."""
        key = self.upcoming_key
        if key is None:
            return ""
        award = self._award(key)
        return award.title if award is not None else self._title(key)

    @property
    def upcoming_in_sentence(self) -> str:
        """The next prize's title inside the MC's sentences ("Next: %(title)s.",
        "Winner of the next prize (%(title)s):"), as Award.in_sentence writes
        it: "Urmează: locul 2 general."; a name the organiser typed, as typed."""
        key = self.upcoming_key
        if key is None:
            return ""
        award = self._award(key)
        if award is None:
            award = self._off_the_list(key)
        return award.in_sentence

    @property
    def late(self) -> bool:
        """The next prize was decided after its turn (a consolation draw made
        during the prize-giving): it comes before the rest."""
        key = self.upcoming_key
        if key is None or key in self.shown_keys:
            return False
        before = [self.keys.index(k) for k in self.shown_keys if k in self.keys]
        return bool(before) and self.keys.index(key) < max(before)

    @property
    def done(self) -> bool:
        return self.on and self.upcoming_key is None

    @property
    def not_given(self) -> str:
        """Why the prize on show has no winner ("" when it has): shown, then
        its winner marked not here with nobody eligible left (or a
        correction), or no longer decided."""
        award = self.current
        if award is None or award.status in SHOWN:
            return ""
        if award.status is AwardStatus.NONE:
            return _("Not given: nobody eligible is left.")
        return award.note

    @property
    def called(self) -> tuple[Called, ...]:
        """The current prize's winners as the MC reads them: name, group,
        score with its word, and a word if they withdrew (may have gone home)."""
        award = self.current
        if award is None:
            return ()
        return tuple(self._called(w) for w in award.winners)

    @property
    def upcoming_called(self) -> tuple[Called, ...]:
        """The next prize's winners, so the MC can mark one not here first."""
        award = self.upcoming
        return () if award is None else tuple(self._called(w) for w in award.winners)

    @property
    def upcoming_people(self) -> int:
        """The number to choose the label of the next prize's winners by: one
        person, or more (a tie, a pair). The label names the list, it does
        not count it (players.language.list_label_count)."""
        people = sum(len(called.winner.keys) for called in self.upcoming_called)
        return 1 if people == 1 else 2

    def _called(self, winner: Winner) -> Called:
        left = [self.withdrawn[k] for k in winner.keys if k in self.withdrawn]
        if left and min(left) > self.rounds:
            # Marked not here, and still a winner: the club keeps prizes for
            # those who left (ClubScoringSettings.left_early_out_of_prizes).
            gone = ngettext(
                "Not here: the prize is held for them.",
                "Not here: the prize is held for them.",
                len(winner.keys),
            )
        elif left:
            gone = self.drive.words.may_have_gone_home(min(left))
        else:
            gone = ""
        group = self.labels.get(winner.group, "") if winner.group else ""
        return Called(winner, group, score_words(winner), gone)

    @property
    def note(self) -> str:
        """How the prize was decided, without the bare "shared" that
        `shared_words` says in full ("after hand 6", "by count-back")."""
        award = self.current
        if award is None or self.not_given:
            return ""
        parts = award.note.split("; ") if award.note else []
        if self.shared_words and parts and parts[0] == _("shared"):
            parts = parts[1:]
        return "; ".join(parts)

    @property
    def tie_words(self) -> str:
        """A prize won on a tie-break as the MC says it: who else was level,
        on what score, and the rule that decided it, as the prize engine
        ranked them (Award.tie): "Level with 35 Roberta Messina, 70 points
        each: decided by count-back." ("" when nobody was level)."""
        award = self.current
        if award is None or award.tie is None or self.not_given:
            return ""
        tie = award.tie
        return level_words(
            [f"{w.numbers_text} {w.name}" for w in tie.others],
            people=sum(len(w.keys) for w in tie.others),
            decided=self.drive_tie_words.note(tie.rule),
            score=score_words(award.winners[0]) if tie.on_score else "",
        )

    @property
    def drive_tie_words(self) -> HandsTieWords:
        return TIE_WORDS[self.drive.game]

    @property
    def mc_note(self) -> str:
        """The note on the MC's page: where `tie_words` says the rule that
        decided a tie, only what the note says beside it (Tie.beside: "after
        hand 12", a count or a distance); else `note`."""
        award = self.current
        if self.tie_words:
            return award.tie.beside
        return self.note

    @property
    def shared_words(self) -> str:
        """A shared prize said plainly: the score they are level on and every
        prize they share (the places they fill pool their prizes, so the same
        names come up for each): "Level, 3 points each: they share 2nd
        overall and 3rd overall." ("" for a prize one competitor won)."""
        award = self.current
        if award is None or award.status is not AwardStatus.SHARED:
            return ""
        keys = {w.key for w in award.winners}
        pooled = [
            a.in_sentence
            for a in sorted(self.steps, key=lambda a: a.position)
            if a.status is AwardStatus.SHARED
            and a.spec.series == award.spec.series
            and {w.key for w in a.winners} == keys
        ]
        return _("Level, %(score)s each: they share %(prizes)s.") % {
            "score": score_words(award.winners[0]),
            # Read aloud as one list: "2nd overall and 3rd overall".
            "prizes": and_list(pooled),
        }


def prize_giving(*, drive: Drive) -> PrizeGiving:
    awards = drive_prizes(drive=drive).awards
    keys = step_keys(awards)
    shown_keys = tuple(drive.prize_shown or ())
    steps = giving_order(awards, kept=[p for p, k in keys.items() if k in shown_keys])
    # Every withdrawn entry, in number order: those withdrawn from the round
    # after the last are the winners marked not here at the prize-giving.
    left = Entry.objects.filter(
        drive=drive, withdrawn_from_round__isnull=False
    ).order_by("number")
    rows = left.values_list(
        "pk", "withdrawn_from_round", "number", "player__name", "pair"
    )
    withdrawn = {pk: round_ for pk, round_, *_rest in rows}
    marked = [row for row in rows if row[1] == drive.rounds + 1]
    return PrizeGiving(
        drive=drive,
        steps=steps,
        shown=drive.prize_step,
        keys=tuple(keys[award.position] for award in steps),
        shown_keys=shown_keys,
        waiting=tuple(a for a in awards if a.status is AwardStatus.PENDING),
        labels=prize_group_labels(drive) if drive.has_groups else {},
        withdrawn=withdrawn,
        rounds=drive.rounds,
        not_here=_not_here(marked, pairs=drive.plays_in_pairs),
    )


def _not_here(rows: list, *, pairs: bool) -> tuple[tuple[int, str], ...]:
    """Those marked not here, (entry key, "number name"), for the MC's Undo:
    a pair once, as it was called ("7 & 8 Ann & Bob"), since they went, and
    come back, together."""
    together: dict[object, list] = {}
    for pk, _round, number, name, pair in rows:
        together.setdefault(
            pair if pairs and pair is not None else ("entry", pk), []
        ).append((pk, number, name))
    return tuple(
        (
            members[0][0],
            f"{numbers_text([m[1] for m in members])} "
            f"{joined_pair([m[2] for m in members])}",
        )
        for members in together.values()
    )


def announced(prizes: DrivePrizes) -> DrivePrizes:
    """The prizes as the public pages show them (the public results, a
    player's own prizes): from the start of a prize-giving until it is over,
    only those shown on the projector, the rest "to be announced", so the
    hall's phones do not tell the winners before the MC, even while the
    projector is back on the boards in the middle of it; every prize before
    and after."""
    drive = prizes.drive
    if not drive.prizes_held:
        return prizes
    keys = step_keys(prizes.awards)
    shown = set(drive.prize_shown or ())
    hidden = {
        a.position for a in giving_order(prizes.awards) if keys[a.position] not in shown
    }
    if not hidden:
        return prizes
    awards = [
        replace(a, winners=(), note=_("to be announced"), tie=None)
        if a.position in hidden
        else a
        for a in prizes.awards
    ]
    numbers = {
        consolation_number(prizes.awards, a.position)
        for a in prizes.awards
        if a.position in hidden and a.spec.kind is PrizeKind.CONSOLATION
    }
    return replace(
        prizes,
        awards=awards,
        consolation_draws=[
            d for d in prizes.consolation_draws if d.number not in numbers
        ],
    )


def prize_giving_notice(drive: Drive, group: str | None) -> Notice | None:
    """The projector's board, during the prize-giving: the prize of the moment
    instead of the standings (scoring.board_notices). Before it, on the
    boards of a finished drive: a watch that asks every few seconds whether
    it has started, so the prize-giving's title comes up as the MC presses
    Start, not at the board's next turn (views.prize_giving_watch)."""
    if drive.prize_step is None:
        if drive.state != DriveState.FINISHED:
            return None
        return Notice("prizes/_giving_watch.html", {"drive": drive})
    return Notice(
        "prizes/_projector_prize.html",
        {"giving": prize_giving(drive=drive)},
        replaces_board=True,
    )

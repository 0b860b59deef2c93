"""How the drive's own pages show each game: hands, rubbers, prediction deals.

The drive's page, its Movement page and its Seating page say some things
differently by what a table plays in a round (``Game``): the facts about the
drive, the seats of a table (North to West, or numbered in the order of play),
a cell of the movement's grid, how good the movement is. Each game has one
class here, picked by ``GAME_PAGES[drive.game]``; the views give it to the
templates as ``game``, which include its partials
(``templates/drive/games/<game>.html``) and never test the format.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from django.utils.translation import gettext as _
from django.utils.translation import pgettext

from drive.games import per_game
from drive.models import SeatChoice
from drive.movement.prediction import prediction_quality_words, table_sizes_words
from drive.movement.quality import movement_quality
from drive.movement.types import SEATS, Game, Seat, Seating, TableSeating
from drive.seat_letters import seat_letter
from players.pair_names import joined_pair

# Prediction whist numbers a table's seats 1 up in the order of play.
PLAY_ORDER = "".join(seat.value for seat in (*SEATS, Seat.FIFTH))


class HandsPages:
    """A drive of hands: four seats, North & South against East & West."""

    partials = "drive/games/hands.html"
    # The drive's page: a table of the game's own rules under its facts ("": none).
    rules = ""
    # The Print section: the game's own sheets ("": none).
    sheet_links = ""
    sheet_options = ""

    @property
    def usual_per_page(self) -> str:
        """The Print section's usual "Cards a page" (printing.documents:
        a table's slip of hands is one to a page)."""
        return _("Usual (2; travel slips and table cards 1)")

    def _partial(self, name: str) -> str:
        return f"{self.partials}#{name}"

    @property
    def facts(self) -> str:
        """The drive's facts the game has (hands, trumps, scoring...)."""
        return self._partial("facts")

    @property
    def sit_out_score(self) -> str:
        """A fixed score for a sit-out: "2 points a hand"."""
        return self._partial("sit_out_score")

    @property
    def grid_heading(self) -> str:
        """The heading over the movement's grid of tables by round."""
        return _("Tables by round")

    @property
    def grid_help(self) -> str:
        return self._partial("grid_help")

    @property
    def paths_help(self) -> str:
        return self._partial("paths_help")

    @property
    def seating_lead(self) -> str:
        return self._partial("seating_lead")

    @property
    def seats(self) -> str:
        return self._partial("seats")

    def seat_label(self, position: str) -> str:
        """A seat as the drive's pages name it: "North"."""
        return str(SeatChoice(position).label) if position else ""

    def seat_cell(self, position: str) -> str:
        """A seat in a table's cell under the column head "Seat": its name,
        "North", which says no word the head has said."""
        return self.seat_label(position)

    def grid_cell(self, seated: TableSeating, number: Callable[[int], str]) -> str:
        """A table in a round of the movement's grid, by entry number."""
        # Translators: a table's two sides, North and South's pair against
        # ("v", versus) East and West's, as entry numbers: "3 & 7 v 1 & 9"
        # (each pair written as the message "%(first)s & %(second)s" says,
        # held together by no-break spaces: a narrow column breaks the cell
        # around "v" only, never inside a pair). A word or dash that must not
        # start a line takes a no-break space (U+00A0) before it (Polish
        # "3 i 7 – 1 i 9", the dash held to the pair before it).
        return _("%(north_south)s v %(east_west)s") % {
            "north_south": joined_pair(
                [number(seated.north), number(seated.south)], unbroken=True
            ),
            "east_west": joined_pair(
                [number(seated.east), number(seated.west)], unbroken=True
            ),
        }

    def path_cell(
        self, table: int, seat: str, partner: int, number: Callable[[int], str]
    ) -> str:
        """Where a player sits in a round, in their row of the movement."""
        # Translators: table and seat letter ("3N"), then the
        # partner's entry number: "3N with 12". The seat letter is the
        # language's own (context "seat"). A narrow column breaks the cell
        # at its spaces, so join with a no-break space (U+00A0) the words
        # that must stay together: the table and its seat, and "with" and
        # the partner, leaving one space to break at ("3N" over "with 12").
        # Part the seat from the table with a comma where the letter looks
        # like a digit (Russian З, Italian O: "3, З (12)", "3, O con 12"; "3O"
        # read as 30, and "3 З" still as 33, on paper and on a phone), as the
        # site's other lines write a table and its seat ("стол 3, З"), and
        # keep a letter off a preposition that looks like it (Russian
        # "1, С (8)", not "1С с 8").
        # The English source does the same: the gap between "with" and the
        # partner is a literal no-break space (U+00A0), so English breaks as
        # "2W" over "with 37", never "2W with" over "37". It is the character
        # itself, not an escape: xgettext reads "\u00a0" in a msgid as a
        # backslash and five letters, and the catalogues would not match.
        return _("%(table)s%(seat)s with %(partner)s") % {
            "table": table,
            "seat": seat_letter(seat),
            "partner": number(partner),
        }

    def quality_words(self, schedule: Sequence[Seating]) -> str:
        """How good the movement is, in words."""
        return movement_quality(schedule=schedule).summary()

    def tables_words(self, schedule: Sequence[Seating]) -> str:
        """How the head count splits into tables, in words ("": not said)."""
        return ""


class RubberPages(HandsPages):
    """Rubber whist: its facts say the honours, and its rules follow them."""

    @property
    def facts(self) -> str:
        return "drive/games/rubbers.html#facts"

    rules = "drive/games/rubbers.html#rules"


class PredictionPages(HandsPages):
    """Prediction whist: seats numbered in the order of play, tables of four
    and five, each for themselves."""

    partials = "drive/games/predictions.html"
    sheet_links = "drive/games/predictions.html#sheet_links"
    sheet_options = "drive/games/predictions.html#sheet_options"

    @property
    def usual_per_page(self) -> str:
        """A game's slips are short: two to a page, as the cards."""
        return _("Usual (2; table cards 1)")

    def seat_label(self, position: str) -> str:
        """A seat numbered in the order of play: "Seat 3"."""
        if position in PLAY_ORDER:
            return _("Seat %(number)d") % {"number": PLAY_ORDER.index(position) + 1}
        return super().seat_label(position)

    def seat_cell(self, position: str) -> str:
        """Under the column head "Seat", the seat's number alone: "3", not
        "Seat 3" in every row."""
        if position in PLAY_ORDER:
            return str(PLAY_ORDER.index(position) + 1)
        return super().seat_cell(position)

    @property
    def grid_heading(self) -> str:
        return pgettext("prediction whist", "Tables by game")

    def grid_cell(self, seated: TableSeating, number: Callable[[int], str]) -> str:
        # Every seat in order of play, the fifth seat of a five last.
        return " · ".join(number(p) for p in seated.players())

    def path_cell(
        self, table: int, seat: str, partner: int, number: Callable[[int], str]
    ) -> str:
        # Seat 1 (North, who deals a game's first deal) to 5 (a five's fifth seat).
        return _("%(table)s, seat %(seat)s") % {
            "table": table,
            "seat": PLAY_ORDER.index(seat) + 1,
        }

    def quality_words(self, schedule: Sequence[Seating]) -> str:
        return prediction_quality_words(schedule)

    def tables_words(self, schedule: Sequence[Seating]) -> str:
        return table_sizes_words(len(schedule[-1].players())) if schedule else ""


GAME_PAGES = per_game(
    "drive.game_pages",
    {
        Game.HANDS: HandsPages(),
        Game.RUBBERS: RubberPages(),
        Game.PREDICTIONS: PredictionPages(),
    },
)

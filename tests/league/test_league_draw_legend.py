"""The league's open draw names the place once, in every language.

The form's legend took the tie's title ("31 in the league") into a sentence
that already said "place": Russian read «Равенство за 31-е место в лиге-е
место», Polish «Remis o miejsce 31. miejsce w lidze», Romanian «pentru locul
locul 31 în ligă», Italian «per il posto 31° in campionato»."""

from __future__ import annotations

import datetime

import pytest

from league.selectors import league
from league.services import season_create
from tests.factories import drive_with_players, play_drive

LEGEND = {
    "en-gb": "Level for place {rank} in the league: who won the cut?",
    "pl": "Remis o {rank}. miejsce w lidze: kto wygrał losowanie kartą?",
    "ru": "Равенство за {rank}-е место в лиге: кто выиграл жеребьёвку?",
    "ro": "Egalitate pentru locul {rank} în ligă: cine a câștigat tragerea?",
    "it": "Pari merito ({rank}° in campionato): chi ha vinto il sorteggio con le carte?",
}


@pytest.mark.django_db
@pytest.mark.parametrize("language", sorted(LEGEND))
def test_a_league_tie_awaiting_a_cut_names_its_place_once(
    club, organiser, organiser_client, language
):
    # Every hand made seven tricks: whoever sat N-S as often stands level,
    # whatever order the database hands the players out in.
    drive = play_drive(drive_with_players(players=8, club=club, hands=4))
    season = season_create(
        club=club,
        name="Season",
        start=drive.date - datetime.timedelta(days=30),
        end=drive.date + datetime.timedelta(days=30),
    )
    ranks = sorted(
        {
            row.rank
            for row in league(season=season).rows
            if row.outcome.value == "awaiting_draw"
        }
    )
    assert ranks, "the drive leaves players level for a cut"
    club.language = language
    club.save(update_fields=["language"])
    page = organiser_client.get(f"/seasons/{season.pk}/").content.decode()
    for rank in ranks:
        assert LEGEND[language].format(rank=rank) in page, (language, rank)

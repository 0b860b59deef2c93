"""What a format calls the ones who win its prizes, in the sentences that
count them: entries where each plays for themselves, pairs where partners
registered together play together all evening (partners, rubber whist).

Part of the format's words (drive.format_words: RoundWords takes EntryWords,
the pair formats' words PairWords), in a module of its own to keep that one
short. Plain Python: translation only."""

from __future__ import annotations

from django.utils.translation import ngettext


class EntryWords:
    """Each entry is a competitor: a player and their score."""

    def consolation_pool(self, pool: int) -> str:
        """Under a consolation draw not made yet (the prizes page): how many
        it is between."""
        return ngettext(
            "The site draws one of the %(pool)s entry without a prize.",
            "The site draws one of the %(pool)s entries without a prize.",
            pool,
        ) % {"pool": pool}

    def consolation_drawn(self, *, count: int, when: str, seed: int) -> str:
        """Under a consolation draw made: when, between how many, its seed."""
        return ngettext(
            "drawn by the site %(when)s from %(count)d entry without a prize; "
            "seed %(seed)d",
            "drawn by the site %(when)s from %(count)d entries without a prize; "
            "seed %(seed)d",
            count,
        ) % {"when": when, "count": count, "seed": seed}


class PairWords(EntryWords):
    """Fixed pairs: a pair is one competitor, its two entries one line."""

    def consolation_pool(self, pool: int) -> str:
        return ngettext(
            "The site draws one of the %(pool)s pair without a prize.",
            "The site draws one of the %(pool)s pairs without a prize.",
            pool,
        ) % {"pool": pool}

    def consolation_drawn(self, *, count: int, when: str, seed: int) -> str:
        return ngettext(
            "drawn by the site %(when)s from %(count)d pair without a prize; "
            "seed %(seed)d",
            "drawn by the site %(when)s from %(count)d pairs without a prize; "
            "seed %(seed)d",
            count,
        ) % {"when": when, "count": count, "seed": seed}

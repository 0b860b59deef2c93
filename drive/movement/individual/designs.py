"""The design data: what the constructions need for each head count they hold.

Pure data, read by ``constructions``; the searched starters of most head
counts are in ``whist_starters``. How each entry was found (the program, its
parameters and seed) is in ``research/whist-designs/README.md``; nothing here
runs a search. ``tests/drive/test_individual.py`` proves every design these
make a whist tournament, and ``tests/drive/test_individual_kept.py`` that
they stay the very designs drives were planned with.

Words (those of ``develop`` and ``fields``, and):

- *PBD(v)*: a pairwise balanced design, blocks of points on which every two
  of the v points lie in exactly one block.
- *Short*, *transversal*: base blocks over a group whose translates fall into
  parallel classes (``_ClassFamily``, below).
- *Product*: a Wh(u) whose every point becomes a group of h players.
- *Resolvable BIBD(v, 4, 1)*: blocks of four on which every two players meet
  once, falling into parallel classes (rounds).
"""

from __future__ import annotations

from dataclasses import dataclass

# Starters for the smaller head counts.
#
# Found by a randomised backtracking search (tables filled seat by seat,
# every partner difference used at most once and every opponent difference
# at most twice, restarted after 20,000 nodes with a new random order), run
# once offline; that program was not kept. Cyclic starters list the tables of round 0 over Z_v, four points a table
# (N, E, S, W); point 0 sits out. Rotational starters list the seats after inf:
# the first table is (inf, a, b, c) with inf North, then tables of four, over
# Z_(v-1).
_CYCLIC_STARTERS: dict[int, str] = {
    21: "8 16 14 4 3 20 2 9 1 15 5 17 10 12 13 7 18 19 11 6",
    33: (
        "19 21 12 24 8 30 23 5 10 13 22 29 6 18 2 31 4 14 28 15 25 26 20 7 3 9 1 32 "
        "16 17 27 11"
    ),
}
_ROTATIONAL_STARTERS: dict[int, str] = {
    8: "1 0 3 4 6 5 2",
    12: "1 0 3 8 10 5 4 2 7 9 6",
    16: "1 0 2 7 14 5 10 11 12 8 3 4 13 9 6",
    20: "1 0 2 4 6 9 14 7 11 3 13 12 18 15 8 10 17 16 5",
    24: "1 0 2 12 14 19 22 10 17 8 4 18 21 13 7 3 15 20 11 6 16 9 5",
    28: "1 0 2 12 13 10 5 7 25 22 18 21 26 16 8 9 17 23 11 20 24 4 14 3 15 6 19",
    32: (
        "1 0 2 5 9 28 27 3 22 7 17 10 20 26 13 21 25 12 14 4 15 6 29 18 23 8 11 19 30 "
        "16 24"
    ),
    36: (
        "1 0 2 12 20 27 33 3 26 9 34 6 29 10 15 8 13 31 16 23 32 25 22 7 21 18 5 17 "
        "28 24 11 19 30 14 4"
    ),
    40: (
        "1 0 2 28 36 31 18 11 23 5 38 12 22 16 29 13 14 33 30 15 26 10 35 4 8 17 19 7 "
        "32 24 3 9 37 21 6 27 34 25 20"
    ),
}

# Wilson's PBD closure (``constructions._pbd_design``) on a TD(k, m) plus a
# point inf on every group: blocks of k and m + 1.
_PBD: dict[int, int] = {
    # v: k, with m = (v - 1) / k
    141: 5,
    161: 5,
    201: 5,
    209: 13,
    273: 17,
    321: 5,
    381: 5,  # blocks of 5 and 77 (Wh(77) from whist_starters)
}


# New points on the parallel classes of a difference family over a group G:
# a PBD(v) that the closure (``constructions._pbd_design``) turns into a
# Wh(v); ``constructions._class_family_blocks`` says how.


@dataclass(frozen=True)
class _ClassFamily:
    """The base blocks of a PBD(v) with new points on parallel classes."""

    moduli: tuple[int, ...]  # G = Z_m1 x Z_m2 x ..., x = d1 + m1 * (d2 + ...)
    shorts: tuple[tuple[int, ...], ...]  # generators of each subgroup of order 4, 8
    # (homomorphism, 4-set): the homomorphism as one tuple of coefficients c
    # (x -> sum of c_i * d_i mod 4, onto Z_4) or two (each mod 2, onto
    # Z_2 x Z_2); the 4-set holds one point of each coset of its kernel
    transversals: tuple[tuple[tuple[tuple[int, ...], ...], tuple[int, ...]], ...]
    blocks: tuple[tuple[int, ...], ...]  # developed over G
    inf_subgroup: int | None = None  # a generator of L (v = 4n only)


_CLASS_FAMILIES: dict[int, _ClassFamily] = {
    # 129 = 128 + 1 over Z_128: the short of order 8 (blocks of 9 with the new
    # point), six blocks of 5.
    129: _ClassFamily(
        moduli=(128,),
        shorts=((16,),),
        transversals=(),
        blocks=(
            (0, 1, 25, 29, 39),
            (0, 5, 27, 50, 70),
            (0, 6, 13, 62, 81),
            (0, 33, 41, 44, 59),
            (0, 40, 57, 92, 94),
            (0, 46, 55, 67, 97),
        ),
    ),
    # 93 = 80 + 13 over Z_2 x Z_40: the short {0, (1, 0), (0, 20), (1, 20)},
    # three transversals (two onto Z_4, one onto Z_2 x Z_2), two blocks of 5.
    93: _ClassFamily(
        moduli=(2, 40),
        shorts=((1, 40),),
        transversals=(
            (((0, 1),), (57, 3, 28, 71)),
            (((0, 1),), (48, 50, 4, 78)),
            (((1, 0), (0, 1)), (52, 45, 62, 7)),
        ),
        blocks=((72, 13, 61, 10, 69), (33, 22, 17, 0, 37)),
    ),
    # 237 = 228 + 9 over Z_2 x Z_2 x Z_3 x Z_19: the short Z_2 x Z_2, two
    # transversals, ten blocks of 5; invariant under (a, b, c, d) ->
    # (b, a + b, c, 7d), which permutes the involutions.
    237: _ClassFamily(
        moduli=(2, 2, 3, 19),
        shorts=((1, 2),),
        transversals=(
            (((0, 1, 0, 0), (1, 0, 0, 0)), (0, 129, 166, 191)),
            (((0, 1, 0, 0), (1, 0, 0, 0)), (4, 58, 119, 81)),
        ),
        blocks=(
            (4, 8, 25, 170, 39),
            (112, 40, 161, 92, 168),
            (76, 28, 186, 140, 36),
            (52, 172, 127, 20, 24),
            (37, 4, 134, 40, 146),
            (26, 4, 15, 28, 99),
            (171, 4, 85, 172, 217),
            (95, 172, 42, 69, 146),
            (141, 40, 31, 202, 99),
            (22, 28, 173, 215, 217),
        ),
    ),
    # 152 = 144 + 7 + inf over Z_4 x Z_4 x Z_9: three shorts, one
    # transversal (four classes), six blocks of 5, L of order 3.
    152: _ClassFamily(
        moduli=(4, 4, 9),
        shorts=((1,), (4,), (5,)),
        transversals=((((1, 0, 0),), (0, 6, 103, 33)),),
        blocks=(
            (0, 7, 90, 130, 116),
            (0, 9, 55, 133, 124),
            (0, 16, 105, 83, 137),
            (0, 17, 136, 92, 52),
            (0, 19, 49, 78, 142),
            (0, 23, 72, 126, 98),
        ),
        inf_subgroup=48,
    ),
    # 284 = 224 + 59 + inf over Z_4 x Z_8 x Z_7: three shorts, fourteen
    # transversals on six kernels, two blocks of 5, L of order 7.
    284: _ClassFamily(
        moduli=(4, 8, 7),
        shorts=((1,), (8,), (9,)),
        transversals=(
            (((1, 0, 0),), (20, 177, 118, 7)),
            (((1, 0, 0),), (88, 185, 38, 43)),
            (((1, 0, 0),), (16, 13, 194, 191)),
            (((1, 0, 0),), (124, 49, 154, 219)),
            (((1, 0, 0),), (160, 17, 98, 11)),
            (((0, 1, 0),), (211, 180, 72, 60)),
            (((0, 1, 0),), (99, 164, 219, 28)),
            (((0, 1, 0),), (35, 101, 120, 63)),
            (((0, 1, 0),), (48, 37, 24, 190)),
            (((0, 1, 0),), (114, 4, 136, 142)),
            (((1, 1, 0), (0, 1, 0)), (162, 67, 77, 38)),
            (((1, 0, 0), (0, 1, 0)), (210, 33, 174, 159)),
            (((1, 3, 0),), (58, 91, 24, 51)),
            (((1, 1, 0),), (183, 171, 31, 220)),
        ),
        blocks=(
            (158, 218, 4, 116, 42),
            (5, 57, 188, 213, 112),
        ),
        inf_subgroup=32,
    ),
    # 332 = 304 + 27 + inf over Z_4 x Z_4 x Z_19: three shorts, six
    # transversals, two blocks of 9 and three of 5, L = Z_19; invariant
    # under (x, y, z) -> (-y, x - y, 7z), which permutes the shorts.
    332: _ClassFamily(
        moduli=(4, 4, 19),
        shorts=((1,), (4,), (5,)),
        transversals=(
            (((1, 0, 0),), (156, 81, 2, 103)),
            (((2, 1, 0),), (101, 260, 8, 75)),
            (((0, 1, 0),), (67, 287, 10, 150)),
            (((0, 1, 0),), (177, 231, 58, 109)),
            (((1, 0, 0),), (20, 59, 34, 73)),
            (((3, 1, 0),), (127, 38, 232, 158)),
        ),
        blocks=(
            (165, 211, 252, 95, 257, 276, 75, 150, 103),
            (173, 217, 254, 37, 227, 60, 1, 4, 15),
            (81, 214, 109, 169, 4),
            (260, 247, 73, 222, 15),
            (287, 171, 158, 253, 1),
        ),
        inf_subgroup=16,
    ),
}

# Products (``constructions._product_design``): a Wh(u) on groups of h players.
_PRODUCTS: dict[int, tuple[int, int]] = {
    # v: (u, h); a TD(5, h) from ``fields._transversal_design``.
    56: (5, 11),
    60: (12, 5),
    64: (4, 16),
    68: (4, 17),
    69: (17, 4),
    72: (8, 9),
    80: (4, 20),
    84: (4, 21),
    96: (5, 19),
    100: (9, 11),
    104: (8, 13),
    108: (12, 9),
    116: (5, 23),
    120: (17, 7),
    128: (4, 32),
    132: (4, 33),
    140: (28, 5),
    156: (5, 31),
    164: (4, 41),
    168: (8, 21),
    172: (9, 19),
    180: (4, 45),
    188: (17, 11),
    192: (12, 16),
    200: (8, 25),
    208: (4, 52),
    212: (4, 53),
    216: (5, 43),
    224: (4, 56),
    228: (4, 57),
    232: (21, 11),
    236: (5, 47),
    240: (12, 20),
    252: (28, 9),
    264: (8, 33),
    272: (16, 17),
    280: (9, 31),
    296: (8, 37),
    300: (13, 23),
    308: (4, 77),
    309: (77, 4),
    312: (24, 13),
    316: (5, 63),
    324: (17, 19),
    336: (12, 28),
    344: (49, 7),
    348: (12, 29),
    352: (4, 88),
    356: (4, 89),
    360: (8, 45),
    368: (4, 92),
    380: (76, 5),
    384: (12, 32),
    385: (5, 77),
    388: (9, 43),
    392: (17, 23),
    393: (49, 8),
    396: (5, 79),
    400: (4, 100),
}

# Resolvable designs (``constructions._resolvable_design``): a 1-rotational
# resolvable BIBD(3q + 1, 4, 1) over GF(q) x {0, 1, 2} plus inf.
_RESOLVABLE: dict[int, tuple[int, int, str]] = {
    # v: (q, the order of M, base blocks)
    292: (
        97,
        24,
        "5 92 158 133 7 90 186 105 104 187 275 210 102 189 289 196 1 96 272 213 2 95 265 220",
    ),
    376: (125, 31, "166 22 141 82 220 311 368 160 66 286 300 70"),
}

/* The abelian group of the whist searches (pairing.c, search.c, match.c).
 *
 * G = Z_M1 x Z_M2 x ... of odd order Q, its moduli from the command line
 * (default: the cyclic group Z_Q). Points are coded x = d1 + M1 * (d2 + M2 *
 * (d3 + ...)), digit di mod Mi, as in drive/movement/individual/develop.py. The
 * tables: digits, sums, negatives and the classes {x, -x} of the nonzero
 * elements, numbered 1..ncls from the smallest x up, with rep[c] that x.
 */
#ifndef WHIST_GROUP_H
#define WHIST_GROUP_H

#include <stdio.h>
#include <stdlib.h>

struct group {
    int q, nm, mods[16];
    int *dig;   /* dig[x * nm + i]: digit i of x */
    int *addt;  /* addt[x * q + y] = x + y */
    int *negt;  /* negt[x] = -x */
    int *clsof; /* clsof[x]: the class of x (0 for 0) */
    int *rep;   /* rep[c]: the smallest x of class c */
    int ncls;
};

/* The group of order q on the moduli in argv[first..argc-1]; 0 (and a
 * message) when they do not multiply to q or q is even (unless
 * group_allow_even). */
static int group_allow_even; /* match.c's coset mode: Z_(4n) has one involution */

static int group_init(struct group *g, int q, int argc, char **argv, int first) {
    int nm = argc - first;
    g->q = q;
    if (nm <= 0) { nm = 1; g->mods[0] = q; }
    else if (nm > 16) { fprintf(stderr, "at most 16 moduli\n"); return 0; }
    else for (int i = 0; i < nm; i++) g->mods[i] = atoi(argv[first + i]);
    g->nm = nm;
    int prod = 1;
    for (int i = 0; i < nm; i++) prod *= g->mods[i];
    if (prod != q || (q % 2 == 0 && !group_allow_even)) { fprintf(stderr, "the moduli must multiply to %d, odd\n", q); return 0; }
    g->dig = malloc(sizeof(int) * q * nm);
    for (int x = 0; x < q; x++) { int y = x; for (int i = 0; i < nm; i++) { g->dig[x * nm + i] = y % g->mods[i]; y /= g->mods[i]; } }
    g->addt = malloc(sizeof(int) * q * q);
    g->negt = malloc(sizeof(int) * q);
    for (int x = 0; x < q; x++) for (int y = 0; y < q; y++) {
        int z = 0;
        for (int i = nm - 1; i >= 0; i--) z = z * g->mods[i] + (g->dig[x * nm + i] + g->dig[y * nm + i]) % g->mods[i];
        g->addt[x * q + y] = z;
        if (z == 0) g->negt[x] = y;
    }
    g->clsof = calloc(q, sizeof(int));
    g->rep = malloc(sizeof(int) * (q / 2 + 2));
    g->ncls = 0;
    for (int x = 1; x < q; x++) if (!g->clsof[x]) { g->ncls++; g->clsof[x] = g->clsof[g->negt[x]] = g->ncls; g->rep[g->ncls] = x; }
    return 1;
}

#endif

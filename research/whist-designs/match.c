/* Offline search for whist starters: a random starter, then a matching.
 *
 *   match V SEED STEPS TEMP [M1 M2 ...]
 *
 * The group G = Z_M1 x Z_M2 x ... (default Z_Q), of order Q: Q = V for
 * V = 4n + 1 (cyclic: round r = round 0 + g_r, the point g_r sits out) and
 * Q = V - 1 for V = 4n (1-rotational: a fixed point inf, North at table 0,
 * partnered with 0). Points are coded x = d1 + M1 * (d2 + M2 * (...)), digit
 * di mod Mi, as in drive/movement/individual/develop.py.
 *
 * Round 0 develops into a whist tournament when its partner differences
 * cover every class {d, -d} of nonzero elements once and its opponent
 * differences twice. The search splits that in two:
 *
 * 1. the partner pairs: a starter of G, pairs {a, c} of the nonzero elements
 *    whose differences +-(a - c) cover every class once (and {inf, 0} for
 *    V = 4n), made by a hill climb from a random pairing;
 * 2. the tables: a perfect matching of those pairs; a table {a, c} v {b, d}
 *    has the opponent classes of a - b, a - d, c - b, c - d ({inf, 0} v
 *    {b, d}: those of b and d). Simulated annealing at a fixed temperature
 *    TEMP over re-pairings of two tables, cost = sum |opponent count - 2|.
 *
 * A starter whose pairs are all {x, -x} (pairing.c) has a sum-of-squares
 * obstruction (README.md); a random starter does not: summing the squares
 * only asks that sum (a + c)(b + d) over the tables equal the sum of c^2 over
 * the classes. After STEPS steps without a new best, a new starter. A
 * solution prints "V match M1,M2,...: seats" (seats after inf for V = 4n).
 *
 * COSET=1 (V = 4n + 1 = Q + 1, Q = V - 1 even): a Wh(V) of Q developed
 * rounds plus one. Round 0 seats inf and every point but 0 (inf partners a
 * random point), round r adds r (point r sits out), and the last round seats
 * the cosets of {0, n, 2n, 3n} (x, x + n v x + 2n, x + 3n; inf sits out).
 * That round partners every pair of difference 2n once and opposes every
 * pair of difference n once, so round 0 must not partner 2n and opposes the
 * classes of 2n and n once each (a pair of difference 2n, the involution,
 * comes twice in the development); every other class as above. The output
 * is all of round 0, inf (Q) first. Found for 13 to 53 within a minute, not
 * for 57 to 77; 93, 129, 237 (the 4n + 1 without a design) are far beyond.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "group.h"

static unsigned long long rs;
static inline unsigned long long rnd(void) {
    rs ^= rs << 13; rs ^= rs >> 7; rs ^= rs << 17; return rs;
}
static inline unsigned rbelow(unsigned n) { return (unsigned)((rnd() >> 11) % n); }
static inline double urand(void) { return (rnd() >> 11) * (1.0 / 9007199254740992.0); }

static int q, rot, ncls, npairs, cost;
static int *addt, *negt, *clsof, *oc;
#define SUB(a, b) addt[(a) * q + negt[b]]
static int *pa, *pb;   /* partner pairs; pa = -1 is inf */
static int coset;      /* COSET=1: V = 4n + 1 over Z_(V-1) plus inf and a coset round */
static int pinf;       /* inf's partner (0, or random in the coset mode) */
static int *ptgt, *otgt; /* per class: partner pairs and opponent pairs wanted */
static int *mate;      /* tables: pair i with mate[i] */

static inline int off(int n, int t) { return n > t ? n - t : t - n; }
static inline int pen1(const int *pc, int c) { return off(pc[c], ptgt[c]); }
static inline int pen_o(int c) { return off(oc[c], otgt[c]); }
static inline int dcls(int a, int b) { return a < 0 || b < 0 ? 0 : clsof[SUB(a, b)]; }
static inline void addo(int c, int sg) { if (c) { cost -= pen_o(c); oc[c] += sg; cost += pen_o(c); } }
static void table(int i, int j, int sg) {
    addo(dcls(pa[i], pa[j]), sg); addo(dcls(pa[i], pb[j]), sg);
    addo(dcls(pb[i], pa[j]), sg); addo(dcls(pb[i], pb[j]), sg);
}

/* A random starter by hill climbing: swap elements between two pairs. */
static void make_starter(void) {
    int *pc = calloc(ncls + 1, sizeof(int));
    int first = rot ? 1 : 0, m = npairs - first;
    int *el = malloc(sizeof(int) * 2 * m);
    for (;;) {
        if (coset) pinf = 1 + rbelow(q - 1);
        for (int x = 1, k = 0; x < q; x++) if (!coset || x != pinf) el[k++] = x;
        for (int i = 2 * m - 1; i > 0; i--) { int j = rbelow(i + 1); int t = el[i]; el[i] = el[j]; el[j] = t; }
        memset(pc, 0, sizeof(int) * (ncls + 1));
        int bad = 0;
        for (int i = 0; i < m; i++) pc[clsof[SUB(el[2 * i], el[2 * i + 1])]]++;
        for (int c = 1; c <= ncls; c++) bad += pen1(pc, c);
        long tries = 0;
        while (bad && tries < 200L * q * q) {
            tries++;
            int i = rbelow(m), j = rbelow(m - 1); if (j >= i) j++;
            int si = rbelow(2), sj = rbelow(2);
            int *x = &el[2 * i + si], *y = &el[2 * j + sj];
            int ci = clsof[SUB(el[2 * i], el[2 * i + 1])], cj = clsof[SUB(el[2 * j], el[2 * j + 1])];
            int before = bad;
            bad -= pen1(pc, ci); pc[ci]--; bad += pen1(pc, ci);
            bad -= pen1(pc, cj); pc[cj]--; bad += pen1(pc, cj);
            int t = *x; *x = *y; *y = t;
            int ni = clsof[SUB(el[2 * i], el[2 * i + 1])], nj = clsof[SUB(el[2 * j], el[2 * j + 1])];
            bad -= pen1(pc, ni); pc[ni]++; bad += pen1(pc, ni);
            bad -= pen1(pc, nj); pc[nj]++; bad += pen1(pc, nj);
            if (bad > before && urand() >= 0.05) {
                bad -= pen1(pc, ni); pc[ni]--; bad += pen1(pc, ni);
                bad -= pen1(pc, nj); pc[nj]--; bad += pen1(pc, nj);
                t = *x; *x = *y; *y = t;
                bad -= pen1(pc, ci); pc[ci]++; bad += pen1(pc, ci);
                bad -= pen1(pc, cj); pc[cj]++; bad += pen1(pc, cj);
            }
        }
        if (!bad) break;
    }
    if (rot) { pa[0] = -1; pb[0] = pinf; }
    for (int i = 0; i < m; i++) { pa[first + i] = el[2 * i]; pb[first + i] = el[2 * i + 1]; }
    free(pc); free(el);
}

/* Stage 2 by backtracking: the unmatched pair with the fewest possible mates
 * first (a mate is possible while no opponent class would pass 2), random
 * order among the mates, until a node limit. */
static long nodes, node_limit;
static int fits(int i, int j) {
    int c[4] = {dcls(pa[i], pa[j]), dcls(pa[i], pb[j]), dcls(pb[i], pa[j]), dcls(pb[i], pb[j])};
    for (int k = 0; k < 4; k++) {
        if (!c[k]) continue;
        int n = oc[c[k]];
        for (int m = 0; m < k; m++) n += c[m] == c[k];
        if (n >= otgt[c[k]]) return 0;
    }
    return 1;
}
static int *ccnt, *pcnt;
static int search(int placed) {
    if (2 * placed == npairs) return 1;
    if (++nodes > node_limit) return 0;
    /* count the possible tables per unmatched pair and per class still short */
    memset(ccnt, 0, sizeof(int) * (ncls + 1));
    memset(pcnt, 0, sizeof(int) * npairs);
    for (int i = 0; i < npairs; i++) {
        if (mate[i] >= 0) continue;
        for (int j = i + 1; j < npairs; j++) {
            if (mate[j] >= 0 || !fits(i, j)) continue;
            pcnt[i]++; pcnt[j]++;
            int c[4] = {dcls(pa[i], pa[j]), dcls(pa[i], pb[j]), dcls(pb[i], pa[j]), dcls(pb[i], pb[j])};
            for (int k = 0; k < 4; k++) if (c[k]) ccnt[c[k]]++;
        }
    }
    /* the most constrained: a pair with fewest tables, or a class whose
     * tables barely cover its need */
    int best = -1, bestn = 1 << 30, bestc = 0;
    for (int i = 0; i < npairs; i++) {
        if (mate[i] >= 0) continue;
        if (!pcnt[i]) return 0;
        if (pcnt[i] < bestn) { bestn = pcnt[i]; best = i; }
    }
    for (int c = 1; c <= ncls; c++) {
        int need = otgt[c] - oc[c];
        if (need <= 0) continue;
        if (ccnt[c] < need) return 0;
        int slack = ccnt[c] - need + 1;
        if (slack < bestn) { bestn = slack; bestc = c; }
    }
    static int cand[1 << 16][2];
    int base = 0, nc = 0;
    /* candidate tables, on a stack shared by the recursion levels */
    static int top = 0;
    base = top;
    if (bestc) {
        for (int i = 0; i < npairs; i++) {
            if (mate[i] >= 0) continue;
            for (int j = i + 1; j < npairs; j++) {
                if (mate[j] >= 0 || !fits(i, j)) continue;
                int c[4] = {dcls(pa[i], pa[j]), dcls(pa[i], pb[j]), dcls(pb[i], pa[j]), dcls(pb[i], pb[j])};
                if (c[0] == bestc || c[1] == bestc || c[2] == bestc || c[3] == bestc) { cand[top][0] = i; cand[top][1] = j; top++; }
            }
        }
    } else {
        for (int j = 0; j < npairs; j++) if (j != best && mate[j] < 0 && fits(best, j)) { cand[top][0] = best; cand[top][1] = j; top++; }
    }
    nc = top - base;
    for (int k = nc - 1; k > 0; k--) {
        int r = rbelow(k + 1);
        int t0 = cand[base + k][0], t1 = cand[base + k][1];
        cand[base + k][0] = cand[base + r][0]; cand[base + k][1] = cand[base + r][1];
        cand[base + r][0] = t0; cand[base + r][1] = t1;
    }
    int found = 0;
    for (int k = 0; k < nc && !found; k++) {
        int i = cand[base + k][0], j = cand[base + k][1];
        mate[i] = j; mate[j] = i; table(i, j, 1);
        if (search(placed + 1)) { found = 1; break; }
        table(i, j, -1); mate[i] = -1; mate[j] = -1;
        if (nodes > node_limit) break;
    }
    top = base;
    return found;
}

int main(int argc, char **argv) {
    if (argc < 5) { fprintf(stderr, "usage: match V SEED STEPS TEMP [M1 M2 ...]\n"); return 2; }
    int v = atoi(argv[1]);
    rs = 0x9E3779B97F4A7C15ULL * (unsigned long long)(atoll(argv[2]) + 1);
    long maxsteps = atol(argv[3]);
    double temp = atof(argv[4]);
    coset = getenv("COSET") && atoi(getenv("COSET")) && v % 4 == 1;
    group_allow_even = coset;
    rot = v % 4 == 0 || coset;
    q = rot ? v - 1 : v;
    if (v % 4 != 0 && v % 4 != 1) { fprintf(stderr, "V must be 4n or 4n + 1\n"); return 2; }
    struct group G;
    if (!group_init(&G, q, argc, argv, 5)) return 2;
    int nm = G.nm, *mods = G.mods;
    addt = G.addt; negt = G.negt; clsof = G.clsof; ncls = G.ncls;
    oc = calloc(ncls + 1, sizeof(int));
    ccnt = calloc(ncls + 1, sizeof(int));
    npairs = coset ? q / 2 : rot ? (q + 1) / 2 : (q - 1) / 2;
    ptgt = malloc(sizeof(int) * (ncls + 1)); otgt = malloc(sizeof(int) * (ncls + 1));
    for (int c = 0; c <= ncls; c++) { ptgt[c] = 1; otgt[c] = 2; }
    if (coset) { /* the coset round partners q/2 once and opposes q/4 once */
        ptgt[clsof[q / 2]] = 0; otgt[clsof[q / 2]] = 1; otgt[clsof[q / 4]] = 1;
    }
    pa = malloc(sizeof(int) * npairs); pb = malloc(sizeof(int) * npairs); mate = malloc(sizeof(int) * npairs);
    pcnt = malloc(sizeof(int) * npairs);

    long limited = 0;
    for (long starters = 1;; starters++) {
        make_starter();
        for (int i = 0; i < npairs; i++) mate[i] = -1;
        memset(oc, 0, sizeof(int) * (ncls + 1));
        cost = 0;
        for (int c = 1; c <= ncls; c++) cost += otgt[c];
        nodes = 0; node_limit = maxsteps;
        (void)temp;
        search(0);
        if (!cost) {
            printf("%d match ", v);
            for (int m = 0; m < nm; m++) printf(m ? ",%d" : "%d", mods[m]);
            printf(":");
            /* inf's table first (inf N, E, 0 S, W: seats after inf); then N, E, S, W */
            for (int i = 0; i < npairs; i++) {
                int j = mate[i];
                if (i > j) continue;
                if (coset && i == 0) { printf(" %d %d %d %d", q, pa[j], pinf, pb[j]); continue; }
                if (rot && i == 0) { printf(" %d 0 %d", pa[j], pb[j]); continue; }
                printf(" %d %d %d %d", pa[i], pa[j], pb[i], pb[j]);
            }
            printf("\n");
            fprintf(stderr, "%d: found with starter %ld\n", v, starters);
            return 0;
        }
        if (nodes > node_limit) limited++;
        if (starters % 100 == 0) fprintf(stderr, "%d: starter %ld, %ld hit the node limit\n", v, starters, limited);
    }
}

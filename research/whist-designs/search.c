/* Offline search for whist starters with mostly "patterned" tables.
 *
 *   search V SEED MAXITER TEMP K [M1 M2 ...]
 *
 * The group G = Z_M1 x Z_M2 x ... (default Z_Q), of order Q: Q = V for
 * V = 4n + 1 (cyclic: round r = round 0 + g_r, the point g_r sits out) and
 * Q = V - 1 for V = 4n (1-rotational: a fixed point inf, North at table 0).
 * Points are coded x = d1 + M1 * (d2 + M2 * (d3 + ...)), digit di mod Mi,
 * as in drive/movement/individual/develop.py.
 *
 * Round 0 is
 *   - "free" tables: the inf table (V = 4n) and K more, seating 0 (V = 4n)
 *     and whole classes {x, -x} of G, in any order;
 *   - patterned tables {x, -x} v {y, -y} for the other classes, in pairs:
 *     partner differences +-2x, +-2y; opponent differences +-(x - y),
 *     +-(x + y), each twice.
 * With K = 0 (all patterned) the squares of the differences force
 * a^2 = sum of c^2 over the classes (V = 4n, a from the inf table
 * (inf, a, 0, -a)) or 0 = that sum (V = 4n + 1) in every ring on G; a few free
 * tables (K = 1 or 2) lift that. Simulated annealing at a fixed temperature
 * over: swaps of free seats, swaps between patterned pairs, and exchanges of a
 * free class with a patterned one. Cost = sum |partner count - 1| +
 * sum |opponent count - 2| over the classes {d, -d}; a solution (cost 0)
 * prints "V kind M1,M2,...: seats", the seats after inf for V = 4n.
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
static inline double urand(void) { return (rnd() >> 11) * (1.0 / 9007199254740992.0); }

static int q, half, cost, rot;
static int *addt, *negt, *clsof, *pc, *oc;
static int *fs, nfs; /* free seats; fs[0] = -1 (inf) when rot */
static int *pe, npe; /* patterned elements, pairs (pe[2p], pe[2p+1]) */

#define ADD(x, y) addt[(x) * q + (y)]
#define SUB(x, y) addt[(x) * q + negt[y]]
static inline int pen_p(int c) { return c > 1 ? c - 1 : 1 - c; }
static inline int pen_o(int c) { return c > 2 ? c - 2 : 2 - c; }
static inline void addp(int c, int sg) { if (c) { cost -= pen_p(pc[c]); pc[c] += sg; cost += pen_p(pc[c]); } }
static inline void addo(int c, int sg) { if (c) { cost -= pen_o(oc[c]); oc[c] += sg; cost += pen_o(oc[c]); } }
static inline int dcls(int a, int b) { return a < 0 || b < 0 ? 0 : clsof[SUB(a, b)]; }

static void ftab(int k, int sg) {
    int *p = fs + 4 * k;
    addp(dcls(p[0], p[2]), sg); addp(dcls(p[1], p[3]), sg);
    addo(dcls(p[0], p[1]), sg); addo(dcls(p[0], p[3]), sg);
    addo(dcls(p[2], p[1]), sg); addo(dcls(p[2], p[3]), sg);
}
static void ptab(int k, int sg) {
    int x = pe[2 * k], y = pe[2 * k + 1];
    addp(clsof[ADD(x, x)], sg); addp(clsof[ADD(y, y)], sg);
    int c = clsof[SUB(x, y)], d = clsof[ADD(x, y)];
    addo(c, 2 * sg); addo(d, 2 * sg);
}

/* Phase 1 (K > 0): a free part that the patterned tables can complete. Its
 * partner classes must be exactly 2 * (its classes) (the patterned tables
 * take 2 * the others), every opponent class must come an even number of
 * times, at most twice (patterned tables add opponent classes in twos), and
 * the squares must balance: sum over its opponent classes (once each) of c^2
 * = 2 * sum over its classes of c^2 - sum over all classes of c^2, squares
 * taken digit by digit. */
static int nm_, *mods_, *dig_, *sqt, sumsq;
static int *fcnt_p, *fcnt_o, *want_p, *isf;
static int free_cost(int nft, int st) {
    int c = 0, sq = 0, touched[512], nt = 0;
    (void)st;
    for (int k = 0; k < nft; k++) {
        int *p = fs + 4 * k;
        int pp[2][2] = {{p[0], p[2]}, {p[1], p[3]}};
        for (int i = 0; i < 2; i++) { int d = dcls(pp[i][0], pp[i][1]); if (d) { fcnt_p[d]++; touched[nt++] = d; } }
        int oo[4][2] = {{p[0], p[1]}, {p[0], p[3]}, {p[2], p[1]}, {p[2], p[3]}};
        for (int i = 0; i < 4; i++) { int d = dcls(oo[i][0], oo[i][1]); if (d) { fcnt_o[d]++; touched[nt++] = d; } }
    }
    /* wanted partner classes: 2 * each free class */
    for (int i = 0; i < nfs; i++) if (fs[i] > 0) { int d = clsof[ADD(fs[i], fs[i])]; want_p[d]++; touched[nt++] = d; }
    for (int i = 0; i < nt; i++) {
        int d = touched[i];
        if (fcnt_p[d] >= 0) {
            /* want_p counted twice per class (x and -x) */
            c += abs(fcnt_p[d] - want_p[d] / 2);
            c += (fcnt_o[d] & 1) + (fcnt_o[d] > 2 ? fcnt_o[d] - 2 : 0);
            if (fcnt_o[d] == 2) sq = ADD(sq, sqt[d]);
            fcnt_p[d] = -1; /* mark done */
        }
    }
    for (int i = 0; i < nt; i++) { fcnt_p[touched[i]] = 0; fcnt_o[touched[i]] = 0; want_p[touched[i]] = 0; }
    /* squares: sq + sumsq == 2 * sum of free squares */
    int fsq = 0;
    for (int i = 0; i < nfs; i++) if (fs[i] > 0) fsq = ADD(fsq, sqt[clsof[fs[i]]]); /* each class twice */
    if (ADD(sq, sumsq) != fsq) c += 1;
    return c;
}

int main(int argc, char **argv) {
    if (argc < 6) { fprintf(stderr, "usage: search V SEED MAXITER TEMP K [M1 M2 ...]\n"); return 2; }
    int v = atoi(argv[1]);
    rs = 0x9E3779B97F4A7C15ULL * (unsigned long long)(atoi(argv[2]) + 1) | 1;
    long long maxit = atoll(argv[3]);
    double temp = atof(argv[4]);
    int K = atoi(argv[5]);
    rot = v % 4 == 0;
    q = rot ? v - 1 : v;
    struct group G;
    if (!group_init(&G, q, argc, argv, 6)) return 2;
    half = (q - 1) / 2;
    int nm = G.nm, *mods = G.mods, *dig = G.dig, *rep = G.rep;
    addt = G.addt; negt = G.negt; clsof = G.clsof;
    pc = calloc(half + 1, sizeof(int)); oc = calloc(half + 1, sizeof(int));
    nm_ = nm; mods_ = mods; dig_ = dig;
    sqt = calloc(half + 1, sizeof(int));
    sumsq = 0;
    for (int c = 1; c <= half; c++) {
        int x = rep[c], z = 0;
        for (int i = nm - 1; i >= 0; i--) { long long d = dig[x * nm + i]; z = z * mods[i] + (int)(d * d % mods[i]); }
        sqt[c] = z;
        sumsq = ADD(sumsq, z);
    }
    fcnt_p = calloc(half + 1, sizeof(int)); fcnt_o = calloc(half + 1, sizeof(int));
    want_p = calloc(half + 1, sizeof(int)); isf = calloc(half + 1, sizeof(int));
    int j = rot ? 1 + 2 * K : 2 * K;          /* free classes */
    nfs = rot ? 4 * (K + 1) : 4 * K;
    int nft = nfs / 4;
    npe = half - j;
    if (npe < 0 || npe % 2) { fprintf(stderr, "bad K\n"); return 2; }
    int npp = npe / 2;
    fs = malloc(sizeof(int) * (nfs + 1)); pe = malloc(sizeof(int) * (npe + 1));
    double ex[64];
    for (int d = 0; d < 64; d++) ex[d] = exp(-d / temp);
    int *perm = malloc(sizeof(int) * (half + 1));
    for (int restart = 0;; restart++) {
        for (int c = 1; c <= half; c++) perm[c - 1] = c;
        for (int i = half - 1; i > 0; i--) { int r = rnd() % (i + 1), z = perm[i]; perm[i] = perm[r]; perm[r] = z; }
        int k = 0;
        if (rot) { fs[k++] = -1; fs[k++] = 0; }
        for (int c = 0; c < j; c++) { fs[k++] = rep[perm[c]]; fs[k++] = negt[rep[perm[c]]]; }
        int st = rot ? 1 : 0;
        for (int i = nfs - 1; i > st; i--) { int r = st + rnd() % (i - st + 1), z = fs[i]; fs[i] = fs[r]; fs[r] = z; }
        for (int c = j; c < half; c++) pe[c - j] = rnd() & 1 ? rep[perm[c]] : negt[rep[perm[c]]];
        if (K > 0) {
            /* phase 1 */
            int fc = free_cost(nft, st);
            long long p1;
            for (p1 = 0; p1 < 2000000 && fc; p1++) {
                int a = st + rnd() % (nfs - st), b = st + rnd() % (nfs - st);
                int sa = fs[a], sb = fs[b], s2 = -1, b2 = -1, y = 0, slot = -1;
                if (rnd() & 1) {
                    if (a == b) continue;
                    fs[a] = sb; fs[b] = sa;
                } else {
                    /* replace the class at seat a by a patterned one */
                    if (fs[a] == 0) continue;
                    b2 = st; while (fs[b2] != negt[sa]) b2++;
                    slot = rnd() % npe; y = pe[slot];
                    s2 = rnd() & 1 ? y : negt[y];
                    fs[a] = s2; fs[b2] = negt[s2]; pe[slot] = sa;
                }
                int nc2 = free_cost(nft, st);
                if (nc2 > fc && urand() >= exp(-(nc2 - fc) / 0.6)) {
                    if (slot < 0) { fs[a] = sa; fs[b] = sb; }
                    else { fs[a] = sa; fs[b2] = negt[sa]; pe[slot] = y; }
                } else fc = nc2;
            }
            if (fc) { if (restart % 20 == 0) fprintf(stderr, "phase 1 failed (%d)\n", fc); continue; }
        }
        memset(pc, 0, sizeof(int) * (half + 1)); memset(oc, 0, sizeof(int) * (half + 1));
        cost = 3 * half;
        for (int f = 0; f < nft; f++) ftab(f, 1);
        for (int p = 0; p < npp; p++) ptab(p, 1);
        int best = cost; long long it, last = 0;
        for (it = 0; it < maxit && cost; it++) {
            int old = cost, kind = K > 0 ? 2 : rnd() % 8;
            if (kind == 0 && nfs - st >= 2) { /* swap two free seats */
                int a = st + rnd() % (nfs - st), b = st + rnd() % (nfs - st);
                if (a == b) continue;
                int ta = a >> 2, tb = b >> 2;
                ftab(ta, -1); if (tb != ta) ftab(tb, -1);
                int z = fs[a]; fs[a] = fs[b]; fs[b] = z;
                ftab(ta, 1); if (tb != ta) ftab(tb, 1);
                int d = cost - old;
                if (d > 0 && urand() >= ex[d < 63 ? d : 63]) {
                    ftab(ta, -1); if (tb != ta) ftab(tb, -1);
                    z = fs[a]; fs[a] = fs[b]; fs[b] = z;
                    ftab(ta, 1); if (tb != ta) ftab(tb, 1);
                }
            } else if (kind == 1 && j > 0 && npe > 0) { /* exchange a free class and a patterned one */
                int a;
                do a = st + rnd() % (nfs - st); while (fs[a] == 0);
                int x = fs[a], b = st;
                while (fs[b] != negt[x]) b++;
                int s = rnd() % npe, y = pe[s], sy = rnd() & 1 ? y : negt[y];
                int ta = a >> 2, tb = b >> 2, ps = s >> 1;
                ftab(ta, -1); if (tb != ta) ftab(tb, -1); ptab(ps, -1);
                fs[a] = sy; fs[b] = negt[sy]; pe[s] = x;
                ftab(ta, 1); if (tb != ta) ftab(tb, 1); ptab(ps, 1);
                int d = cost - old;
                if (d > 0 && urand() >= ex[d < 63 ? d : 63]) {
                    ftab(ta, -1); if (tb != ta) ftab(tb, -1); ptab(ps, -1);
                    fs[a] = x; fs[b] = negt[x]; pe[s] = y;
                    ftab(ta, 1); if (tb != ta) ftab(tb, 1); ptab(ps, 1);
                }
            } else if (npp >= 2) { /* swap members of two patterned pairs */
                int a = rnd() % npe, b = rnd() % npe;
                if (rnd() & 3) { /* mostly from a pair with an over-used opponent class */
                    for (int tries = 0; tries < npp; tries++) {
                        int x = pe[a & ~1], y = pe[a | 1];
                        if (oc[clsof[SUB(x, y)]] > 2 || oc[clsof[ADD(x, y)]] > 2) break;
                        a = rnd() % npe;
                    }
                }
                int pa = a >> 1, pb = b >> 1;
                if (pa == pb) continue;
                ptab(pa, -1); ptab(pb, -1);
                int z = pe[a]; pe[a] = pe[b]; pe[b] = z;
                ptab(pa, 1); ptab(pb, 1);
                int d = cost - old;
                if (d > 0 && urand() >= ex[d < 63 ? d : 63]) {
                    ptab(pa, -1); ptab(pb, -1);
                    z = pe[a]; pe[a] = pe[b]; pe[b] = z;
                    ptab(pa, 1); ptab(pb, 1);
                }
            }
            if (cost < best) { best = cost; last = it; }
            if (it - last > maxit / 4) break;
        }
        if (cost == 0) {
            printf("%d %s ", v, rot ? "rotational" : "cyclic");
            for (int i = 0; i < nm; i++) printf(i ? ",%d" : "%d", mods[i]);
            printf(":");
            for (int i = st; i < nfs; i++) printf(" %d", fs[i]);
            for (int p = 0; p < npp; p++) {
                int x = pe[2 * p], y = pe[2 * p + 1];
                printf(" %d %d %d %d", x, y, negt[x], negt[y]);
            }
            printf("\n");
            fprintf(stderr, "v=%d restart %d it %lld\n", v, restart, it);
            return 0;
        }
        if (restart % 20 == 0) fprintf(stderr, "v=%d restart %d best %d\n", v, restart, best);
        if (restart >= 200) return 1;
    }
}

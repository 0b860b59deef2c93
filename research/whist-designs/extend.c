/* Base blocks over an abelian group whose short orbits and transversals are
 * parallel classes, for extra points to join (tools/whist/README.md).
 *
 *   [MULT=...] [TEMP=...] extend MODULI SUBGROUPS SEED NODE-LIMIT TYPE ...
 *
 * MODULI: G = Z_M1 x Z_M2 x ..., written "4x4x9". An element is coded
 * d1 + M1 * (d2 + M2 * (d3 + ...)), as in drive/movement/individual/develop.py.
 * SUBGROUPS: the subgroups whose cosets are blocks of their own (the short
 * orbits), comma-separated, each given by generators joined by "+", an
 * element written as its digits "1.0.0": "1.0.0,0.1.0,1.1.0,0.0.3". Their
 * nonzero elements are differences met by nothing here, and must hold every
 * involution of G. TYPE is F5, F9, F13 (any five, nine, thirteen points,
 * developed over G) or T: four points in distinct cosets of the kernel K of
 * a homomorphism from G onto Z_4 or Z_2 x Z_2, so that its translates by K
 * are a parallel class and its G-translates four of them. "T=1.0.0" is the
 * homomorphism d1 mod 4 (coefficients of the digits), "T=1.0.0/0.1.0" the
 * pair of homomorphisms to Z_2 (d1 mod 2, d2 mod 2); plain T is d1 mod 4.
 *
 * NODE-LIMIT > 0: blocks.c's backtracking. The smallest difference not yet
 * met opens a new block holding 0 and that difference, then points in a
 * shuffled order, each meeting only differences not yet met; NODE-LIMIT
 * nodes per shuffle. NODE-LIMIT = -STEPS: simulated annealing at TEMP
 * (default 0.5), STEPS moves per start. MULT (see parse_mult) asks for a
 * family invariant under an automorphism (annealing only). The annealing's
 * answers are checked from scratch before they are printed.
 *
 *   extend 4x4x9 1.0.0,0.1.0,1.1.0,0.0.3 1 100000 T F5 F5 F5 F5 F5 F5   # 152
 *   extend 2x40 1.0+0.20 1 -3000000 F5 F5 T=0.1 T=0.1 T=1.0/0.1        # 93
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static unsigned long long rs;
static unsigned long long rnd(void) { rs ^= rs << 13; rs ^= rs >> 7; rs ^= rs << 17; return rs; }

enum { MAXB = 64, MAXQ = 1024, MAXM = 8, MAXT = 16, MAXH = 256 };
/* Block types: size and homomorphism (-1: none) of each; how many are left. */
static int ntypes, tsize[MAXT], thom[MAXT], tleft[MAXT];
static const char *tname[MAXT];
static int tnp[MAXT], tpat[MAXT][16]; /* with MULT: a fixed block's orbit sizes (tnp 0: a block and its images) */
static int tcount[MAXT]; /* how many of each type in all */
static unsigned char hom[MAXH][MAXQ]; /* hom[h][x]: the coset of x (0..3) */
static int nhoms;
static int q, nm, mods[MAXM], dig[MAXQ][MAXM], nblocks, block[MAXB][16], type[MAXB], order[MAXQ];
static int *subt; /* subt[x * q + y] = x - y */
static char met[MAXQ], barred[MAXQ];
static long nodes, limit;

static int code(const int *d) {
    int z = 0;
    for (int i = nm - 1; i >= 0; i--) z = z * mods[i] + ((d[i] % mods[i]) + mods[i]) % mods[i];
    return z;
}

/* Digits "a.b.c" into d (missing ones 0); the rest of the text. */
static char *digits(char *s, int *d) {
    for (int i = 0; i < nm; i++) d[i] = 0;
    for (int i = 0; i < nm; i++) { d[i] = (int)strtol(s, &s, 10); if (*s != '.') break; s++; }
    return s;
}

static int diff(int x, int y) { return subt[x * q + y]; }

#include "cover.h"

static int open_block(int depth);

static int grow(int depth, int k, int from) {
    int t = type[depth], h = thom[t];
    if (k == tsize[t]) return open_block(depth + 1);
    if (++nodes > limit) return 0;
    for (int i = from; i < q; i++) {
        int x = order[i];
        if (h >= 0) {
            int taken = 0;
            for (int j = 0; j < k && !taken; j++) taken = hom[h][block[depth][j]] == hom[h][x];
            if (taken) continue;
        }
        if (!fits(block[depth], k, x)) continue;
        meet(block[depth], k, x, 1);
        block[depth][k] = x;
        if (grow(depth, k + 1, i + 1)) return 1;
        meet(block[depth], k, x, -1);
        if (nodes > limit) return 0;
    }
    return 0;
}

static int open_block(int depth) {
    int first = -1;
    for (int i = 1; i < q && first < 0; i++) if (!met[i]) first = i;
    if (first < 0) return 1;
    if (depth == nblocks) return 0;
    for (int t = 0; t < ntypes; t++) {
        if (!tleft[t] || (thom[t] >= 0 && hom[thom[t]][first] == 0)) continue;
        tleft[t]--;
        type[depth] = t;
        block[depth][0] = 0;
        if (fits(block[depth], 1, first)) {
            meet(block[depth], 1, first, 1);
            block[depth][1] = first;
            if (grow(depth, 2, 0)) return 1;
            meet(block[depth], 1, first, -1);
        }
        tleft[t]++;
        if (nodes > limit) return 0;
    }
    return 0;
}

/* Simulated annealing instead (NODE-LIMIT = -STEPS, anneal below): the
 * cost is the sum over the elements of (count - wanted)^2, wanted 1 outside
 * the subgroups and 0 in them. */
static int cnt[MAXQ], best;
static double temp = 0.5;
static double urand(void) { return (rnd() >> 11) * (1.0 / 9007199254740992.0); }

/* The homomorphism of a T type ("", "=a.b.c" or "=a.b.c/e.f.g"); -1 if bad. */
static const char *homname[MAXH];
static int parse_hom(char *s) {
    const char *spec = s - 1; /* "T=..." */
    int a[MAXM] = {1}, b[MAXM], pair = 0;
    if (*s == '=') {
        s = digits(s + 1, a);
        if (*s == '/') { s = digits(s + 1, b); pair = 1; }
        if (*s) return -1;
    }
    int h = nhoms, seen[4] = {0};
    for (int x = 0; x < q; x++) {
        int u = 0, w = 0;
        for (int i = 0; i < nm; i++) { u += a[i] * dig[x][i]; if (pair) w += b[i] * dig[x][i]; }
        hom[h][x] = (unsigned char)(pair ? (u & 1) + 2 * (w & 1) : u & 3);
        seen[hom[h][x]] = 1;
    }
    for (int i = 0; i < nm; i++) /* well defined: a multiple of the modulus maps to 0 */
        if ((pair ? (a[i] * mods[i]) % 2 || (b[i] * mods[i]) % 2 : (a[i] * mods[i]) % 4)) return -1;
    if (!seen[0] || !seen[1] || !seen[2] || !seen[3]) return -1;
    for (int g = 0; g < nhoms; g++) if (!memcmp(hom[g], hom[h], q)) return g;
    homname[h] = spec;
    return nhoms++;
}

/* MULT: an automorphism alpha of G given by the images of the unit vectors
 * ("0.1.0,3.3.0,0.0.7"), of order morder; the family is to be invariant
 * under it. A block listed plain stands for itself and its images by
 * alpha, alpha^2, ...; one listed with @s1.s2... (F9@3.3.3, F5@1.1.3) is a
 * union of point orbits of alpha of those sizes, so alpha fixes it. The
 * subgroups must be invariant. The answer lists every block developed. */
static int morder, amul[MAXQ], orbit_of[MAXQ], norbits, orbit_size[MAXQ], orbit_pts[MAXQ][16];
static int fixedb[MAXB], borb[MAXB][16]; /* per block: fixed?, its orbits */

static int parse_mult(char *s) {
    int img[MAXM][MAXM];
    for (int i = 0; i < nm; i++) {
        s = digits(s, img[i]);
        if (*s == ',') s++;
        for (int j = 0; j < nm; j++) if ((long)img[i][j] * mods[i] % mods[j]) { fprintf(stderr, "extend: MULT not well defined\n"); return 0; }
    }
    char hit[MAXQ] = {0};
    for (int x = 0; x < q; x++) {
        int d[MAXM] = {0};
        for (int i = 0; i < nm; i++) for (int j = 0; j < nm; j++) d[j] += dig[x][i] * img[i][j];
        amul[x] = code(d);
        if (hit[amul[x]]++) { fprintf(stderr, "extend: MULT not a bijection\n"); return 0; }
    }
    for (int x = 0; x < q; x++) if (barred[x] != barred[amul[x]]) { fprintf(stderr, "extend: MULT moves the subgroups\n"); return 0; }
    return 1;
}

/* The point orbits of alpha (the identity without MULT) and its order. */
static int orbits(void) {
    for (int x = 0; x < q; x++) orbit_of[x] = -1;
    morder = 1;
    for (int x = 0; x < q; x++) if (orbit_of[x] < 0) {
        int n = 0;
        for (int y = x; orbit_of[y] < 0; y = amul[y]) { orbit_of[y] = norbits; if (n < 16) orbit_pts[norbits][n] = y; n++; }
        orbit_size[norbits++] = n;
        if (n > 16) { fprintf(stderr, "extend: MULT orbits of at most 16\n"); return 0; }
        int l = morder; while (l % n) l += morder; morder = l;
    }
    return 1;
}

/* Add (sign 1) or remove (-1) block b's differences and those of its images;
 * the change in the cost. */
static int develop_apply(int b, int sign) {
    int k = tsize[type[b]], reps = fixedb[b] ? 1 : morder, delta = 0, pts[16];
    memcpy(pts, block[b], sizeof pts);
    for (int r = 0; r < reps; r++) {
        for (int i = 0; i < k; i++) for (int j = 0; j < k; j++) if (i != j) {
            int d = subt[pts[i] * q + pts[j]], w = !barred[d];
            delta += (cnt[d] + sign - w) * (cnt[d] + sign - w) - (cnt[d] - w) * (cnt[d] - w);
            cnt[d] += sign;
        }
        for (int i = 0; i < k; i++) pts[i] = amul[pts[i]];
    }
    return delta;
}

static int transversal(int h, const int *b) {
    int seen = 0;
    for (int i = 0; i < 4; i++) seen |= 1 << hom[h][b[i]];
    return seen == 15;
}

/* A random block for b: plain (T: point i in coset i) or orbits of the sizes. */
static void random_block(int b) {
    int t = type[b], h = thom[t];
    for (;;) {
        if (!tnp[t]) {
            for (int i = 0; i < tsize[t]; i++) {
                int x;
                do x = (int)(rnd() % q); while (h >= 0 && hom[h][x] != i);
                block[b][i] = x;
            }
        } else {
            int n = 0;
            for (int o = 0; o < tnp[t]; o++) {
                int r;
                do r = (int)(rnd() % norbits); while (orbit_size[r] != tpat[t][o]);
                borb[b][o] = r;
                for (int i = 0; i < orbit_size[r]; i++) block[b][n++] = orbit_pts[r][i];
            }
        }
        int ok = 1;
        for (int i = 0; i < tsize[t] && ok; i++) for (int j = 0; j < i; j++) if (block[b][i] == block[b][j]) ok = 0;
        if (ok && h >= 0 && !transversal(h, block[b])) ok = 0;
        if (ok) return;
    }
}

static int anneal(long steps) {
    memset(cnt, 0, sizeof cnt);
    for (int b = 0, t = 0, used = 0; b < nblocks; b++, used++) {
        while (used == tcount[t]) t++, used = 0;
        type[b] = t;
        fixedb[b] = tnp[t] > 0;
        random_block(b);
        develop_apply(b, 1);
    }
    int cost = 0, old[16], oldorb[16];
    best = 1 << 30;
    for (int x = 1; x < q; x++) cost += (cnt[x] - !barred[x]) * (cnt[x] - !barred[x]);
    for (long step = 0; step < steps && cost > 0; step++) {
        int b = (int)(rnd() % nblocks), t = type[b], h = thom[t], k = tsize[t];
        memcpy(old, block[b], sizeof old);
        memcpy(oldorb, borb[b], sizeof oldorb);
        if (!tnp[t]) {
            int i = (int)(rnd() % k), x = (int)(rnd() % q), ok = 1;
            for (int j = 0; j < k; j++) ok &= block[b][j] != x;
            if (!ok) continue;
            block[b][i] = x;
            if (h >= 0 && !transversal(h, block[b])) { block[b][i] = old[i]; continue; }
        } else {
            int o = (int)(rnd() % tnp[t]), r = (int)(rnd() % norbits), ok = orbit_size[r] == tpat[t][o];
            for (int j = 0; j < tnp[t] && ok; j++) ok = borb[b][j] != r;
            if (!ok) continue;
            borb[b][o] = r;
            for (int j = 0, n = 0; j < tnp[t]; j++) for (int i = 0; i < orbit_size[borb[b][j]]; i++) block[b][n++] = orbit_pts[borb[b][j]][i];
            if (h >= 0 && !transversal(h, block[b])) { memcpy(block[b], old, sizeof old); memcpy(borb[b], oldorb, sizeof oldorb); continue; }
        }
        int now[16];
        memcpy(now, block[b], sizeof now);
        memcpy(block[b], old, sizeof old);
        int delta = develop_apply(b, -1);
        memcpy(block[b], now, sizeof now);
        delta += develop_apply(b, 1);
        if (delta <= 0 || urand() < exp(-delta / temp)) { cost += delta; if (cost < best) best = cost; continue; }
        develop_apply(b, -1);
        memcpy(block[b], old, sizeof old);
        memcpy(borb[b], oldorb, sizeof oldorb);
        develop_apply(b, 1);
    }
    fprintf(stderr, "best %d\n", best);
    if (cost) return 0;
    /* develop, check from scratch, print with a homomorphism for every T */
    memset(cnt, 0, sizeof cnt);
    for (int b = 0; b < nblocks; b++) {
        int t = type[b], k = tsize[t], reps = fixedb[b] ? 1 : morder, pts[16];
        memcpy(pts, block[b], sizeof pts);
        for (int r = 0; r < reps; r++) {
            for (int i = 0; i < k; i++) for (int j = 0; j < k; j++) if (i != j) cnt[subt[pts[i] * q + pts[j]]]++;
            if (thom[t] >= 0) {
                int h = 0;
                while (h < nhoms && !transversal(h, pts)) h++;
                if (h == nhoms) { fprintf(stderr, "extend: an image of a T is no transversal of the homomorphisms listed\n"); exit(1); }
                printf("%s", homname[h]);
            } else printf("F%d", k);
            for (int i = 0; i < k; i++) printf(" %d", pts[i]);
            printf("\n");
            for (int i = 0; i < k; i++) pts[i] = amul[pts[i]];
        }
    }
    for (int x = 1; x < q; x++) if (cnt[x] != !barred[x]) { fprintf(stderr, "extend: bad count\n"); exit(1); }
    return 1;
}

/* Every homomorphism onto Z_4 or Z_2 x Z_2 by its coefficients (the images
 * of a T under MULT are transversals of other kernels). */
static void all_homs(void) {
    int c[MAXM] = {0}, total = 1;
    for (int i = 0; i < nm; i++) total *= 4;
    for (int pair = 0; pair < 2; pair++)
        for (int n = 0; n < total * (pair ? total : 1); n++) {
            char buf[128], *p = buf;
            int r = n;
            p += sprintf(p, "T=");
            for (int half = 0; half <= pair; half++) {
                if (half) *p++ = '/';
                for (int i = 0; i < nm; i++) { c[i] = r % 4; r /= 4; p += sprintf(p, i ? ".%d" : "%d", c[i]); }
                if (pair) for (int i = 0; i < nm; i++) if (c[i] > 1) goto skip;
            }
            if (nhoms >= MAXH - 1) return;
            {
                char *copy = strdup(buf);
                parse_hom(copy + 1);
            }
        skip:;
        }
}

int main(int argc, char **argv) {
    if (argc < 6) { fprintf(stderr, "usage: extend MODULI SUBGROUPS SEED NODE-LIMIT TYPE ...\n"); return 2; }
    char *s = argv[1];
    q = 1;
    for (nm = 0; *s && nm < MAXM; nm++) { mods[nm] = (int)strtol(s, &s, 10); q *= mods[nm]; if (*s == 'x') s++; }
    if (q > MAXQ) { fprintf(stderr, "extend: at most %d elements\n", MAXQ); return 2; }
    for (int x = 0; x < q; x++) { int y = x; for (int i = 0; i < nm; i++) { dig[x][i] = y % mods[i]; y /= mods[i]; } }
    subt = malloc(sizeof(int) * q * q);
    for (int x = 0; x < q; x++) for (int y = 0; y < q; y++) {
        int d[MAXM];
        for (int i = 0; i < nm; i++) d[i] = dig[x][i] - dig[y][i];
        subt[x * q + y] = code(d);
    }
    barred[0] = 1;
    for (s = argv[2]; *s;) {
        /* the subgroup generated: close {0} under adding each generator */
        char in[MAXQ] = {1};
        int members[MAXQ] = {0}, n = 1;
        for (;;) {
            int d[MAXM];
            s = digits(s, d);
            int g = code(d);
            for (int i = 0; i < n; i++)
                for (int y = subt[members[i] * q + subt[0 * q + g]]; !in[y]; y = subt[y * q + subt[0 * q + g]])
                    in[y] = 1, members[n++] = y;
            if (*s != '+') break;
            s++;
        }
        for (int i = 1; i < n; i++) {
            if (barred[members[i]]) { fprintf(stderr, "extend: the subgroups overlap\n"); return 2; }
            barred[members[i]] = 1;
        }
        if (*s == ',') s++;
        else if (*s) { fprintf(stderr, "extend: bad SUBGROUPS\n"); return 2; }
    }
    for (int x = 1; x < q; x++)
        if (subt[0 * q + x] == x && !barred[x]) { fprintf(stderr, "extend: involution %d not in a subgroup\n", x); return 2; }
    rs = (unsigned long long)atoll(argv[3]) * 0x9E3779B97F4A7C15ULL + 3;
    limit = atol(argv[4]);
    nblocks = argc - 5;
    int need = 0, have = 0;
    int mult = getenv("MULT") != NULL;
    for (int x = 0; x < q; x++) amul[x] = x;
    if ((mult && !parse_mult(getenv("MULT"))) || !orbits()) return 2;
    if (mult) {
        fprintf(stderr, "MULT of order %d, %d point orbits\n", morder, norbits);
        all_homs();
    }
    for (int a = 5; a < argc; a++) {
        int size = 0, h = -1;
        char *at = strchr(argv[a], '@');
        if (at) *at++ = 0;
        if (argv[a][0] == 'F') size = atoi(argv[a] + 1);
        else if (argv[a][0] == 'T' && (h = parse_hom(argv[a] + 1)) >= 0) size = 4;
        if (size < 2 || size > 16) size = 0;
        if (!size) { fprintf(stderr, "extend: TYPE is F5, F9 (any size to 16), T or T=HOM onto Z_4 or Z_2^2: %s\n", argv[a]); return 2; }
        int pattern[16], np = 0, total = 0;
        for (char *s2 = at; s2 && *s2; np++) { pattern[np] = (int)strtol(s2, &s2, 10); total += pattern[np]; if (*s2 == '.') s2++; }
        if (at && (!mult || total != size)) { fprintf(stderr, "extend: @ needs MULT and orbit sizes adding to the block\n"); return 2; }
        int t = 0;
        while (t < ntypes && !(tsize[t] == size && thom[t] == h && tnp[t] == np && !memcmp(tpat[t], pattern, sizeof(int) * np))) t++;
        if (t == ntypes) {
            if (ntypes == MAXT) return 2;
            tsize[t] = size; thom[t] = h; tname[t] = argv[a]; tnp[t] = np;
            memcpy(tpat[t], pattern, sizeof(int) * np);
            ntypes++;
        }
        tleft[t]++;
        have += size * (size - 1) * (np ? 1 : morder);
    }
    memcpy(tcount, tleft, sizeof tcount);
    for (int x = 1; x < q; x++) need += !barred[x];
    if (need != have) { fprintf(stderr, "extend: %d differences to meet, the blocks have %d\n", need, have); return 2; }
    if (getenv("TEMP")) temp = atof(getenv("TEMP"));
    if (limit < 0) {
        for (long restart = 0;; restart++) if (anneal(-limit)) {
            fprintf(stderr, "found after %ld restarts\n", restart);
            return 0;
        }
    }
    if (mult) { fprintf(stderr, "extend: MULT needs the annealing (NODE-LIMIT < 0)\n"); return 2; }
    for (long restart = 0;; restart++) {
        memcpy(met, barred, sizeof met);
        for (int i = 0; i < q; i++) order[i] = i;
        for (int i = q - 1; i > 0; i--) { int j = (int)(rnd() % (i + 1)), x = order[i]; order[i] = order[j]; order[j] = x; }
        memcpy(tleft, tcount, sizeof tleft);
        nodes = 0;
        if (open_block(0)) {
            for (int b = 0; b < nblocks; b++) {
                int t = type[b];
                if (thom[t] >= 0) printf("%s", tname[t]); else printf("F%d", tsize[t]);
                for (int i = 0; i < tsize[t]; i++) printf(" %d", block[b][i]);
                printf("\n");
            }
            fprintf(stderr, "found after %ld shuffles\n", restart);
            return 0;
        }
        if (restart % 1000 == 999) fprintf(stderr, "%ld shuffles\n", restart + 1);
    }
}

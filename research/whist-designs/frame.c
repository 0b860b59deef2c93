/* Offline search for whist frames over Z_g x Z_u with a multiplier.
 *
 *   frame V SEED STEPS TEMP G U T
 *
 * V - 1 = G * U, U odd; G = 3 (mod 4) for V = 4n, G = 0
 * (mod 4) for V = 4n + 1. Points of the group are (a, b), coded a + G * b as
 * in drive/movement/individual/develop.py; the holes are the cosets {(*, b)} of
 * Z_g x {0}. A frame starter is a partial round P on the points outside the
 * hole b = 0, four a table (N, E, S, W), whose partner differences cover
 * every class {d, -d} with d outside Z_g x {0} once and whose opponent
 * differences cover them twice (and never a difference inside Z_g x {0}:
 * two points of one hole never meet). Developed over the group, P + x misses
 * the hole of x; constructions.py fills each hole with inf in a Wh(G + 1).
 *
 * The search looks only for P invariant under (a, b) -> (a, w b), w of odd
 * order T in Z_u* (each w^k - 1, 0 < k < T, a unit), with 4T dividing G (U - 1): P is the orbit of G (U - 1) /
 * (4T) base tables holding one point of every orbit, so the counts above are
 * counts over the orbits of classes under +-w. Simulated annealing at a
 * fixed temperature TEMP over swaps of two base seats and moves of a seat
 * within its orbit; after STEPS steps without a new best, a new shuffle. A
 * solution prints "V frame G,U: seats" (the whole of P) and the program stops.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static unsigned long long rs;
static inline unsigned long long rnd(void) {
    rs ^= rs << 13; rs ^= rs >> 7; rs ^= rs << 17; return rs;
}
static inline unsigned rbelow(unsigned n) { return (unsigned)((rnd() >> 11) % n); }
static inline double urand(void) { return (rnd() >> 11) * (1.0 / 9007199254740992.0); }

static int g, u, q, t, nseat, ntab, ncls, cost;
static int *cls, *pc, *oc, *seat, *wpow; /* wpow[k] = w^k mod u */

static int gcd(int a, int b) { while (b) { int r = a % b; a = b; b = r; } return a; }
static inline int sub(int x, int y) {
    int a = (x % g - y % g + g) % g, b = (x / g - y / g + u) % u;
    return a + g * b;
}
static inline int times_w(int x, int k) { return x % g + g * (int)((long)(x / g) * wpow[k] % u); }
static inline int pen_p(int c) { return c > 1 ? c - 1 : 1 - c; }
static inline int pen_o(int c) { return c > 2 ? c - 2 : 2 - c; }
static inline void addp(int c, int sg) {
    if (c < 0) { cost += 4 * sg; return; }
    cost -= pen_p(pc[c]); pc[c] += sg; cost += pen_p(pc[c]);
}
static inline void addo(int c, int sg) {
    if (c < 0) { cost += 4 * sg; return; }
    cost -= pen_o(oc[c]); oc[c] += sg; cost += pen_o(oc[c]);
}
static void tab(int k, int sg) {
    int *p = seat + 4 * k;
    addp(cls[sub(p[0], p[2])], sg); addp(cls[sub(p[1], p[3])], sg);
    addo(cls[sub(p[0], p[1])], sg); addo(cls[sub(p[0], p[3])], sg);
    addo(cls[sub(p[2], p[1])], sg); addo(cls[sub(p[2], p[3])], sg);
}

int main(int argc, char **argv) {
    if (argc != 8) { fprintf(stderr, "usage: frame V SEED STEPS TEMP G U T\n"); return 2; }
    int v = atoi(argv[1]);
    rs = 0x9E3779B97F4A7C15ULL * (unsigned long long)(atoll(argv[2]) + 1);
    long maxsteps = atol(argv[3]);
    double temp = atof(argv[4]);
    g = atoi(argv[5]); u = atoi(argv[6]); t = atoi(argv[7]);
    q = g * u;
    int ok = q == v - 1 && t % 2 == 1 && (u - 1) % t == 0 && (long)g * (u - 1) % (4 * t) == 0;
    ok = ok && ((v % 4 == 0 && g % 4 == 3) || (v % 4 == 1 && g % 4 == 0));
    ok = ok && u % 2 == 1;
    if (!ok) { fprintf(stderr, "frame: bad V, G, U or T\n"); return 2; }

    /* w: an element of order t in Z_u* with every w^k - 1 (0 < k < t) a
     * unit, so that w moves every point outside the hole */
    int w = t == 1 ? 1 : 0;
    for (int c = 2; c < u && !w; c++) {
        if (gcd(c, u) != 1) continue;
        long x = 1; int ord = 0;
        do { x = x * c % u; ord++; } while (x != 1);
        if (ord % t) continue;
        long y = 1; for (int i = 0; i < ord / t; i++) y = y * c % u;
        int free_ = 1; long z = 1;
        for (int k = 1; k < t && free_; k++) { z = z * y % u; free_ = gcd((int)((z - 1 + u) % u), u) == 1; }
        if (free_) w = (int)y;
    }
    if (!w) { fprintf(stderr, "frame: no multiplier of order %d moves every point\n", t); return 2; }
    wpow = malloc(sizeof(int) * t);
    wpow[0] = 1; for (int k = 1; k < t; k++) wpow[k] = (int)((long)wpow[k - 1] * w % u);

    /* classes: orbits of differences outside Z_g x {0} under +-w; -1 inside */
    cls = malloc(sizeof(int) * q);
    for (int x = 0; x < q; x++) cls[x] = x / g == 0 ? -1 : -2;
    for (int x = 0; x < q; x++) {
        if (cls[x] != -2) continue;
        for (int k = 0; k < t; k++) { int y = times_w(x, k); cls[y] = ncls; cls[sub(0, y)] = ncls; }
        ncls++;
    }
    pc = calloc(ncls, sizeof(int)); oc = calloc(ncls, sizeof(int));

    /* one seat per orbit of points outside the hole */
    int *rep = malloc(sizeof(int) * q), nrep = 0;
    char *seen = calloc(q, 1);
    for (int x = g; x < q; x++) {
        if (seen[x]) continue;
        rep[nrep++] = x;
        for (int k = 0; k < t; k++) seen[times_w(x, k)] = 1;
    }
    nseat = nrep; ntab = nseat / 4;
    seat = malloc(sizeof(int) * nseat);

    long restarts = 0;
    for (;;) {
        for (int i = 0; i < nseat; i++) seat[i] = times_w(rep[i], rbelow(t));
        for (int i = nseat - 1; i > 0; i--) { int j = rbelow(i + 1); int x = seat[i]; seat[i] = seat[j]; seat[j] = x; }
        memset(pc, 0, sizeof(int) * ncls); memset(oc, 0, sizeof(int) * ncls);
        cost = 3 * ncls;
        for (int k = 0; k < ntab; k++) tab(k, 1);
        int best = cost; long since = 0;
        while (since < maxsteps && cost) {
            int before = cost;
            int i = rbelow(nseat), j = -1, old = seat[i];
            if (t > 1 && rbelow(3) == 0) {
                tab(i / 4, -1); seat[i] = times_w(old, 1 + rbelow(t - 1)); tab(i / 4, 1);
            } else {
                j = rbelow(nseat - 1); if (j >= i) j++;
                tab(i / 4, -1); if (j / 4 != i / 4) tab(j / 4, -1);
                seat[i] = seat[j]; seat[j] = old;
                tab(i / 4, 1); if (j / 4 != i / 4) tab(j / 4, 1);
            }
            int delta = cost - before;
            if (delta > 0 && urand() >= exp(-delta / temp)) {
                if (j < 0) { tab(i / 4, -1); seat[i] = old; tab(i / 4, 1); }
                else {
                    tab(i / 4, -1); if (j / 4 != i / 4) tab(j / 4, -1);
                    seat[j] = seat[i]; seat[i] = old;
                    tab(i / 4, 1); if (j / 4 != i / 4) tab(j / 4, 1);
                }
            }
            if (cost < best) { best = cost; since = 0; } else since++;
        }
        if (!cost) break;
        restarts++;
        if (restarts % 20 == 0) fprintf(stderr, "%d: restart %ld, best %d\n", v, restarts, best);
    }
    printf("%d frame %d,%d:", v, g, u);
    for (int k = 0; k < t; k++)
        for (int i = 0; i < nseat; i++) printf(" %d", times_w(seat[i], k));
    printf("\n");
    fprintf(stderr, "%d: found after %ld restarts\n", v, restarts);
    return 0;
}

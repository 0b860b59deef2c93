/* Exact search (dancing links) for patterned whist starters.
 *
 *   pairing V SEED NODES [M1 M2 ...]
 *
 * The same starters as search.c with K = 0: round 0 is {x, -x} v {y, -y}
 * tables over G = Z_M1 x Z_M2 x ... (default Z_Q; Q = V for V = 4n + 1,
 * V - 1 plus inf for V = 4n, with the inf table (inf, a, 0, -a)). The classes
 * {x, -x} (but a's) must be paired so that the classes of x - y and x + y
 * cover every class (but a's) once: an exact cover with one item per class
 * as a member of a pair and one per class as a difference, solved by Knuth's
 * algorithm X with dancing links, fewest-options-first with random ties and
 * a random order of options, restarted after NODES nodes. For V = 4n every a
 * with a^2 = sum of c^2 (digit by digit) is tried in turn.
 * Prints "V kind M1,...: seats" like search.c.
 *
 * With MULT=T in the environment (cyclic groups only) the pairing is also
 * made invariant under a unit u of odd order T that fixes the class of a
 * and moves every other class (u^j x != +-x): the exact cover is then over
 * the orbits of u, T times smaller, and each pair {x, y} found stands for
 * the pairs {u^k x, u^k y}.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "group.h"

static unsigned long long rs;
static inline unsigned long long rnd(void) {
    rs ^= rs << 13; rs ^= rs >> 7; rs ^= rs << 17; return rs;
}

/* dancing links */
static int *L, *R, *U, *D, *C, *S, *ROW, nn, nitems;
static int *sol, depth;
static long long nodes, limit;
static int newnode(void) { return nn++; }
static void cover(int c) {
    L[R[c]] = L[c]; R[L[c]] = R[c];
    for (int i = D[c]; i != c; i = D[i])
        for (int j = R[i]; j != i; j = R[j]) { U[D[j]] = U[j]; D[U[j]] = D[j]; S[C[j]]--; }
}
static void uncover(int c) {
    for (int i = U[c]; i != c; i = U[i])
        for (int j = L[i]; j != i; j = L[j]) { S[C[j]]++; U[D[j]] = j; D[U[j]] = j; }
    L[R[c]] = c; R[L[c]] = c;
}
static int search(void) {
    if (R[0] == 0) return 1;
    if (++nodes > limit) return -1;
    int best = -1, bs = 1 << 30, ties = 0;
    for (int c = R[0]; c != 0; c = R[c]) {
        if (S[c] < bs) { bs = S[c]; best = c; ties = 1; }
        else if (S[c] == bs && rnd() % ++ties == 0) best = c;
    }
    if (bs == 0) return 0;
    cover(best);
    for (int r = D[best]; r != best; r = D[r]) {
        sol[depth++] = ROW[r];
        for (int j = R[r]; j != r; j = R[j]) cover(C[j]);
        int got = search();
        for (int j = L[r]; j != r; j = L[j]) uncover(C[j]);
        if (got) { if (got < 0) depth--; uncover(best); return got; }
        depth--;
    }
    uncover(best);
    return 0;
}

int main(int argc, char **argv) {
    if (argc < 4) { fprintf(stderr, "usage: pairing V SEED NODES [M1 M2 ...]\n"); return 2; }
    int v = atoi(argv[1]);
    rs = 0x9E3779B97F4A7C15ULL * (unsigned long long)(atoi(argv[2]) + 1) | 1;
    limit = atoll(argv[3]);
    int rot = v % 4 == 0, q = rot ? v - 1 : v;
    struct group G;
    if (!group_init(&G, q, argc, argv, 4)) return 2;
    int half = (q - 1) / 2, nm = G.nm, *mods = G.mods, *dig = G.dig, *addt = G.addt;
    int *negt = G.negt, *clsof = G.clsof, *rep = G.rep;
    int *sqt = calloc(half + 1, sizeof(int)), sumsq = 0;
    for (int c = 1; c <= half; c++) {
        int x = rep[c], z = 0;
        for (int i = nm - 1; i >= 0; i--) { long long d = dig[x * nm + i]; z = z * mods[i] + (int)(d * d % mods[i]); }
        sqt[c] = z; sumsq = addt[sumsq * q + z];
    }
    /* candidate a's */
    int cand[1024], ncand = 0;
    if (rot) { for (int c = 1; c <= half; c++) if (sqt[c] == sumsq && ncand < 1024) cand[ncand++] = c; }
    else { if (sumsq != 0) { fprintf(stderr, "squares do not balance\n"); return 1; } cand[ncand++] = 0; }
    if (!ncand) { fprintf(stderr, "no a with a^2 = sum of squares\n"); return 1; }
    int T = getenv("MULT") ? atoi(getenv("MULT")) : 1;
    if (T < 1) T = 1;
    long long *upow = malloc(sizeof(long long) * (T + 1));
    int *orbit = calloc(half + 1, sizeof(int)), *orep = malloc(sizeof(int) * (half + 1)), norb = 0;
    int afix = cand[0];
    if (T > 1) {
        if (nm != 1 || ncand < 1) { fprintf(stderr, "MULT needs a cyclic group\n"); return 2; }
        int u = 0;
        for (int attempt_a = 0; attempt_a < ncand && !u; attempt_a++) {
            afix = cand[attempt_a];
            for (int x = 2; x < q && !u; x++) {
                long long p = 1;
                for (int j = 0; j < T; j++) p = p * x % q;
                if (p != 1) continue;
                int ok = 1;
                long long uj = 1;
                for (int j = 1; j < T && ok; j++) {
                    uj = uj * x % q;
                    for (int c = 1; c <= half && ok; c++) {
                        int img = clsof[(int)(uj * rep[c] % q)];
                        if (c == afix ? img != c : img == c) ok = 0;
                    }
                }
                if (ok) u = x;
            }
        }
        if (!u) { fprintf(stderr, "no multiplier of order %d\n", T); return 1; }
        upow[0] = 1;
        for (int j = 1; j <= T; j++) upow[j] = upow[j - 1] * u % q;
        ncand = 1; cand[0] = afix;
        fprintf(stderr, "multiplier %d of order %d, a = %d\n", u, T, afix ? rep[afix] : 0);
    } else upow[0] = 1;
    for (int c = 1; c <= half; c++) {
        if (orbit[c] || c == afix) continue;
        norb++; orep[norb] = c;
        for (int j = 0; j < T; j++) orbit[clsof[(int)(upow[j] * rep[c] % q)]] = norb;
    }
    int maxopt = norb * norb / 2 * T + 1;
    int *ox = malloc(sizeof(int) * maxopt), *oy = malloc(sizeof(int) * maxopt);
    int total = 1 + 2 * norb + 4 * maxopt + 8;
    L = malloc(sizeof(int) * total); R = malloc(sizeof(int) * total); U = malloc(sizeof(int) * total);
    D = malloc(sizeof(int) * total); C = malloc(sizeof(int) * total); S = calloc(total, sizeof(int));
    ROW = malloc(sizeof(int) * total); sol = malloc(sizeof(int) * (half + 1));
    for (int attempt = 0;; attempt++) {
        int a = cand[attempt % ncand];
        if (T == 1) { /* orbits are the classes but a's */
            norb = 0;
            for (int c = 1; c <= half; c++) { orbit[c] = 0; if (c != a) { norb++; orep[norb] = c; orbit[c] = norb; } }
        }
        /* items: 1..norb members, norb+1..2norb differences */
        nn = 0; newnode();
        nitems = 2 * norb;
        int prev = 0;
        for (int i = 1; i <= nitems; i++) {
            newnode(); S[i] = 0; U[i] = D[i] = i; C[i] = i;
            L[i] = prev; R[prev] = i; prev = i;
        }
        R[prev] = 0; L[0] = prev;
        int no = 0;
        for (int X = 1; X <= norb; X++) for (int Y = X + 1; Y <= norb; Y++) for (int j = 0; j < T; j++) {
            int x = rep[orep[X]], y = (int)(upow[j] * rep[orep[Y]] % q);
            int t1 = orbit[clsof[addt[x * q + negt[y]]]], t2 = orbit[clsof[addt[x * q + y]]];
            if (!t1 || !t2 || t1 == t2) continue;
            ox[no] = x; oy[no] = y; no++;
        }
        for (int i = no - 1; i > 0; i--) {
            int j = rnd() % (i + 1), z;
            z = ox[i]; ox[i] = ox[j]; ox[j] = z; z = oy[i]; oy[i] = oy[j]; oy[j] = z;
        }
        for (int o = 0; o < no; o++) {
            int x = ox[o], y = oy[o];
            int items[4] = {orbit[clsof[x]], orbit[clsof[y]], norb + orbit[clsof[addt[x * q + negt[y]]]],
                            norb + orbit[clsof[addt[x * q + y]]]};
            int first = -1, last = -1;
            for (int k = 0; k < 4; k++) {
                int n = newnode(), c = items[k];
                C[n] = c; ROW[n] = o; S[c]++;
                U[n] = U[c]; D[n] = c; D[U[c]] = n; U[c] = n;
                if (first < 0) { first = last = n; L[n] = R[n] = n; }
                else { L[n] = last; R[n] = first; R[last] = n; L[first] = n; last = n; }
            }
        }
        nodes = 0; depth = 0;
        int got = search();
        if (got == 1) {
            printf("%d %s ", v, rot ? "rotational" : "cyclic");
            for (int i = 0; i < nm; i++) printf(i ? ",%d" : "%d", mods[i]);
            printf(":");
            if (rot) printf(" %d 0 %d", rep[a], negt[rep[a]]);
            for (int k = 0; k < depth; k++)
                for (int j = 0; j < T; j++) {
                    int x = ox[sol[k]], y = oy[sol[k]];
                    if (T > 1) { x = (int)(upow[j] * x % q); y = (int)(upow[j] * y % q); }
                    printf(" %d %d %d %d", x, y, negt[x], negt[y]);
                }
            printf("\n");
            fprintf(stderr, "v=%d attempt %d nodes %lld\n", v, attempt, nodes);
            return 0;
        }
        if (got == 0 && ncand == 1) { fprintf(stderr, "v=%d: no solution\n", v); return 1; }
        if (attempt % 10 == 0) fprintf(stderr, "v=%d attempt %d (a=%d) %s\n", v, attempt, rep[a], got ? "limit" : "none");
    }
}

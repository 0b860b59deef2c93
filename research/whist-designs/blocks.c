/* Exhaustive-with-restarts search for base blocks over Z_m x L levels.
 *
 *   blocks M L HMOD GROUPS SEED NODE-LIMIT TYPE ...
 *
 * Points (x, l), x in Z_M, l < L, coded x + M * l. A base block develops
 * into its M translates (x, l) -> (x + t, l). The blocks must meet every
 * allowed difference (l1, l2, d) - two points (x + d, l1), (x, l2) - in
 * exactly one translate. Not allowed, so met by nothing here: d = 0 within
 * a level; with HMOD > 0, every d that HMOD divides within a level (the
 * cosets of that subgroup, which a point inf joins as blocks of their own);
 * with GROUPS = 1, d = 0 across levels (the groups {x} x levels). TYPE is T
 * (a transversal: one point on each of levels 0 to 3, so that its translates
 * are a parallel class of those levels, for a fixed point to join), F5 or F9
 * (any five or nine points).
 *
 * The search: the smallest difference not yet met opens a new block, moved
 * so that it holds the pair (0, l2), (d, l1); then points in a shuffled
 * order, each meeting only differences not yet met; NODE-LIMIT nodes per
 * shuffle, then a new shuffle. It finds some things an annealing
 * missed: a (13, 4, 1) difference matrix (13 blocks T) at once, a
 * cyclic (141, 5, 1) difference family within a minute for some seeds.
 *
 *   blocks 128 1 16 0 1 200000 F5 F5 F5 F5 F5 F5   # 129's family
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static unsigned long long rs;
static unsigned long long rnd(void) { rs ^= rs << 13; rs ^= rs >> 7; rs ^= rs << 17; return rs; }

enum { MAXB = 128, MAXP = 8192 };
static const int type_size[3] = {4, 5, 9}; /* T, F5, F9 */
static int m, levels, nblocks, left[3], block[MAXB][16], type[MAXB], order[MAXP], npoints, ndiff;
static char *met;
static long nodes, limit;

static int diff(int p, int q) {
    int lp = p / m, lq = q / m, d = (p % m - q % m + m) % m;
    return (lp * levels + lq) * m + d;
}

#include "cover.h"

static int open_block(int depth);

static int grow(int depth, int k, int from) {
    int t = type[depth];
    if (k == type_size[t]) return open_block(depth + 1);
    if (++nodes > limit) return 0;
    for (int i = from; i < npoints; i++) {
        int x = order[i];
        if (t == 0) {
            int level = x / m, taken = level >= 4;
            for (int j = 0; j < k && !taken; j++) taken = block[depth][j] / m == level;
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
    for (int i = 0; i < ndiff && first < 0; i++) if (!met[i]) first = i;
    if (first < 0) return 1;
    if (depth == nblocks) return 0;
    int l1 = first / (levels * m), l2 = first / m % levels, d = first % m;
    int p = m * l2, q = d + m * l1; /* q - p is the difference (l1, l2, d) */
    for (int t = 0; t < 3; t++) {
        if (!left[t] || (t == 0 && (l1 == l2 || l1 >= 4 || l2 >= 4))) continue;
        left[t]--;
        type[depth] = t;
        block[depth][0] = p;
        if (fits(block[depth], 1, q)) {
            meet(block[depth], 1, q, 1);
            block[depth][1] = q;
            if (grow(depth, 2, 0)) return 1;
            meet(block[depth], 1, q, -1);
        }
        left[t]++;
        if (nodes > limit) return 0;
    }
    return 0;
}

int main(int argc, char **argv) {
    if (argc < 8) { fprintf(stderr, "usage: blocks M L HMOD GROUPS SEED NODE-LIMIT TYPE ...\n"); return 2; }
    m = atoi(argv[1]); levels = atoi(argv[2]);
    int hmod = atoi(argv[3]), groups = atoi(argv[4]);
    rs = (unsigned long long)atoll(argv[5]) * 0x9E3779B97F4A7C15ULL + 3;
    limit = atol(argv[6]);
    nblocks = argc - 7;
    npoints = m * levels;
    if (m < 2 || levels < 1 || npoints > MAXP || nblocks > MAXB) { fprintf(stderr, "blocks: bad sizes\n"); return 2; }
    int counts[3] = {0, 0, 0};
    for (int a = 7; a < argc; a++) {
        if (!strcmp(argv[a], "T") && levels >= 4) counts[0]++;
        else if (!strcmp(argv[a], "F5")) counts[1]++;
        else if (!strcmp(argv[a], "F9")) counts[2]++;
        else { fprintf(stderr, "blocks: TYPE is T (four levels or more), F5 or F9\n"); return 2; }
    }
    ndiff = levels * levels * m;
    met = malloc(ndiff);
    for (long restart = 0;; restart++) {
        memset(met, 0, ndiff);
        for (int l1 = 0; l1 < levels; l1++) for (int l2 = 0; l2 < levels; l2++) for (int d = 0; d < m; d++) {
            int barred = l1 == l2 ? d == 0 || (hmod > 0 && d % hmod == 0) : groups && d == 0;
            met[(l1 * levels + l2) * m + d] = (char)barred;
        }
        for (int i = 0; i < npoints; i++) order[i] = i;
        for (int i = npoints - 1; i > 0; i--) { int j = (int)(rnd() % (i + 1)), x = order[i]; order[i] = order[j]; order[j] = x; }
        memcpy(left, counts, sizeof left);
        nodes = 0;
        if (open_block(0)) {
            for (int b = 0; b < nblocks; b++) {
                printf("%s", type[b] == 0 ? "T" : type[b] == 1 ? "F5" : "F9");
                for (int i = 0; i < type_size[type[b]]; i++) printf(" %d", block[b][i]);
                printf("\n");
            }
            fprintf(stderr, "found after %ld shuffles\n", restart);
            return 0;
        }
        if (restart % 1000 == 999) fprintf(stderr, "%ld shuffles\n", restart + 1);
    }
}

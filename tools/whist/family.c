/* Offline search for relative difference families over Z_n.
 *
 *   family N H SEED TEMP STEPS K1 K2 ...
 *
 * Base blocks of sizes K1, K2, ... over Z_N whose differences x - y (x, y
 * in one block, x != y) cover every element outside the subgroup of order H
 * exactly once and never one inside it (H = 1: every nonzero element; H
 * divides N). Their translates, with a point inf joined to every coset of
 * the subgroup, are a PBD(N + 1) with blocks K1, K2, ... and H + 1, from
 * which drive/movement/individual.py builds a Wh(N + 1) (_DIFFERENCE_FAMILIES)
 * when every block size has a Wh and is 1 (mod 4).
 *
 * Simulated annealing at a fixed temperature over moves of one point of one
 * block; the cost is the sum over the elements of (count - wanted)^2. After
 * STEPS steps a new random start. A solution prints the base blocks and the
 * program stops; each restart prints its best cost on stderr.
 *
 *   family 128 8 1 0.5 4000000 5 5 5 5 5 5    # 129, after 16 restarts
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static unsigned long long rs;
static unsigned long long rnd(void) { rs ^= rs << 13; rs ^= rs >> 7; rs ^= rs << 17; return rs; }
static double urand(void) { return (rnd() >> 11) * (1.0 / 9007199254740992.0); }

enum { MAXB = 64, MAXK = 64, MAXN = 4096 };
static int n, nb, size[MAXB], block[MAXB][MAXK], count[MAXN], wanted[MAXN];

/* Add sign times the differences x - y and y - x to the counts. */
static void pair(int x, int y, int sign) {
    int d = (x - y + n) % n;
    count[d] += sign;
    count[(n - d) % n] += sign;
}

static long cost(void) {
    long c = 0;
    for (int x = 1; x < n; x++) { long e = count[x] - wanted[x]; c += e * e; }
    return c;
}

/* The change in cost if point i of block b became nv. */
static long delta(int b, int i, int nv) {
    static char mark[MAXN];
    static int touched[4 * MAXK];
    int nt = 0, old = block[b][i];
    for (int k = 0; k < size[b]; k++) {
        if (k == i) continue;
        int y = block[b][k], ds[4] = {(old - y + n) % n, (y - old + n) % n, (nv - y + n) % n, (y - nv + n) % n};
        for (int j = 0; j < 4; j++) if (!mark[ds[j]]) { mark[ds[j]] = 1; touched[nt++] = ds[j]; }
    }
    long before = 0, after = 0;
    for (int t = 0; t < nt; t++) if (touched[t]) { long e = count[touched[t]] - wanted[touched[t]]; before += e * e; }
    for (int k = 0; k < size[b]; k++) if (k != i) { pair(old, block[b][k], -1); pair(nv, block[b][k], 1); }
    for (int t = 0; t < nt; t++) {
        if (touched[t]) { long e = count[touched[t]] - wanted[touched[t]]; after += e * e; }
        mark[touched[t]] = 0;
    }
    for (int k = 0; k < size[b]; k++) if (k != i) { pair(nv, block[b][k], -1); pair(old, block[b][k], 1); }
    return after - before;
}

int main(int argc, char **argv) {
    if (argc < 7) { fprintf(stderr, "usage: family N H SEED TEMP STEPS K1 K2 ...\n"); return 2; }
    n = atoi(argv[1]);
    int h = atoi(argv[2]);
    rs = (unsigned long long)atoll(argv[3]) * 2654435761ULL + 12345;
    double temp = atof(argv[4]);
    long steps = atol(argv[5]);
    nb = argc - 6;
    if (n < 2 || n > MAXN || h < 1 || n % h || nb > MAXB) { fprintf(stderr, "family: bad N, H or blocks\n"); return 2; }
    for (int b = 0; b < nb; b++) {
        size[b] = atoi(argv[6 + b]);
        if (size[b] < 2 || size[b] > MAXK) { fprintf(stderr, "family: bad block size\n"); return 2; }
    }
    for (int x = 1; x < n; x++) wanted[x] = x % (n / h) ? 1 : 0;
    for (long restart = 0;; restart++) {
        memset(count, 0, sizeof count);
        for (int b = 0; b < nb; b++) for (int i = 0; i < size[b]; i++) block[b][i] = (int)(rnd() % n);
        for (int b = 0; b < nb; b++)
            for (int i = 0; i < size[b]; i++) for (int k = 0; k < i; k++) pair(block[b][i], block[b][k], 1);
        long c = cost(), best = c;
        for (long st = 0; st < steps && c; st++) {
            int b = (int)(rnd() % nb), i = (int)(rnd() % size[b]), nv = (int)(rnd() % n);
            if (nv == block[b][i]) continue;
            long d = delta(b, i, nv);
            if (d <= 0 || urand() < exp(-d / temp)) {
                for (int k = 0; k < size[b]; k++) if (k != i) { pair(block[b][i], block[b][k], -1); pair(nv, block[b][k], 1); }
                block[b][i] = nv;
                c += d;
                if (c < best) best = c;
            }
        }
        if (!c) {
            for (int b = 0; b < nb; b++) {
                for (int i = 0; i < size[b]; i++) printf("%s%d", i ? " " : "", block[b][i]);
                printf("\n");
            }
            fprintf(stderr, "found after %ld restarts\n", restart);
            return 0;
        }
        fprintf(stderr, "restart %ld, best %ld\n", restart, best);
    }
}

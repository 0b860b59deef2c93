/* Exhaustive search for a PBD(3p, {9, 5}) developed over a group of order 3p.
 *
 *   nine_five P R
 *
 * The group is Z_P x| Z_3, (a, b)(c, d) = (a + R^b c, b + d) with R^3 = 1
 * (mod P), coded a + P * b; R = 1 gives Z_P x Z_3, the cyclic group Z_3P.
 * A 9-block and a 5-block whose differences x * y^-1 (x != y in one block)
 * are every element but the identity once: their right translates are a
 * PBD(3P, {9, 5}), and with Wh(9) and Wh(5) a Wh(3P) (as _pbd_design does).
 *
 * Without loss of generality the 9-block holds the identity and one fixed
 * element: translate it so that a difference becomes a point, then apply an
 * automorphism. For R = 1 that element is (1, 1), of order 3P: at most 32 of
 * the 72 differences are not of that order, and the units act transitively
 * on the generators. For R != 1 it is (0, 1): at most 30 differences lie in
 * Z_P, so some lie in the coset of (0, 1), and conjugation by Z_P moves
 * (a, 1) to (0, 1). A depth-first search then lists every 9-block with
 * distinct differences, and for each tries every 5-block with the identity
 * on the 20 differences left. For P = 31 it ends in under a second either
 * way with no solution (7880 and 1260 9-blocks): 93 has no such PBD.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int p, n, pin, *mul, *inv, used[4096], block[9];
static long nines;

static int dif(int x, int y) { return mul[x * n + inv[y]]; }

static int five(void) {
    int left[64], nleft = 0;
    static char in[4096], seen[4096];
    for (int x = 1; x < n; x++) if (!used[x]) { if (nleft == 64) return 0; left[nleft++] = x; }
    if (nleft != 20) return 0;
    memset(in, 0, n);
    for (int i = 0; i < nleft; i++) in[left[i]] = 1;
    int f[5] = {0};
    for (int i = 0; i < nleft; i++) for (int j = i + 1; j < nleft; j++)
    for (int k = j + 1; k < nleft; k++) for (int l = k + 1; l < nleft; l++) {
        f[1] = left[i]; f[2] = left[j]; f[3] = left[k]; f[4] = left[l];
        memset(seen, 0, n);
        int ok = 1;
        for (int a = 0; a < 5 && ok; a++) for (int b = 0; b < 5 && ok; b++) {
            if (a == b) continue;
            int d = dif(f[a], f[b]);
            ok = in[d] && !seen[d];
            seen[d] = 1;
        }
        if (ok) {
            printf("9:");
            for (int a = 0; a < 9; a++) printf(" %d", block[a]);
            printf("  5:");
            for (int a = 0; a < 5; a++) printf(" %d", f[a]);
            printf("\n");
            return 1;
        }
    }
    return 0;
}

static int search(int k) {
    if (k == 9) { nines++; return five(); }
    for (int x = k == 2 ? 1 : block[k - 1] + 1; x < n; x++) {
        if (x == pin) continue;
        int ds[32], nd = 0, ok = 1;
        for (int j = 0; j < k && ok; j++) {
            int a = dif(x, block[j]), b = dif(block[j], x);
            ok = !used[a] && !used[b] && a != b;
            if (ok) { used[a] = used[b] = 1; ds[nd++] = a; ds[nd++] = b; }
        }
        if (ok) { block[k] = x; if (search(k + 1)) return 1; }
        for (int i = 0; i < nd; i++) used[ds[i]] = 0;
    }
    return 0;
}

int main(int argc, char **argv) {
    if (argc != 3) { fprintf(stderr, "usage: nine_five P R\n"); return 2; }
    p = atoi(argv[1]);
    int r = atoi(argv[2]);
    n = 3 * p;
    if (p < 5 || n > 4096 || (long)r * r % p * r % p != 1 % p) { fprintf(stderr, "nine_five: bad P or R\n"); return 2; }
    int rp[3] = {1, r % p, (int)((long)r * r % p)};
    mul = malloc(sizeof(int) * n * n);
    inv = malloc(sizeof(int) * n);
    for (int x = 0; x < n; x++) for (int y = 0; y < n; y++) {
        int a = x % p, b = x / p, c = y % p, d = y / p;
        mul[x * n + y] = (int)((a + (long)rp[b] * c) % p) + p * ((b + d) % 3);
    }
    for (int x = 0; x < n; x++) for (int y = 0; y < n; y++) if (mul[x * n + y] == 0) inv[x] = y;
    pin = r % p == 1 ? 1 + p : p;
    block[0] = 0;
    block[1] = pin;
    used[dif(pin, 0)] = used[dif(0, pin)] = 1;
    int found = search(2);
    fprintf(stderr, "%s; %ld 9-blocks with distinct differences\n", found ? "found" : "none", nines);
    return found ? 0 : 1;
}

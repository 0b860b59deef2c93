/* The backtracking step shared by blocks.c and extend.c: whether a point
 * joins a growing block meeting only differences not met yet, and marking
 * them. The includer defines met[] (a count per difference) and
 * diff(x, y) (the difference of points x and y) before including this.
 */
#ifndef WHIST_COVER_H
#define WHIST_COVER_H

/* Whether x joins the first k points of b meeting only new differences. */
static int fits(const int *b, int k, int x) {
    int seen[32], n = 0;
    for (int i = 0; i < k; i++) {
        if (b[i] == x) return 0;
        int a = diff(x, b[i]), c = diff(b[i], x);
        if (met[a] || met[c] || a == c) return 0;
        for (int j = 0; j < n; j++) if (seen[j] == a || seen[j] == c) return 0;
        seen[n++] = a; seen[n++] = c;
    }
    return 1;
}

static void meet(const int *b, int k, int x, int sign) {
    for (int i = 0; i < k; i++) { met[diff(x, b[i])] += sign; met[diff(b[i], x)] += sign; }
}

#endif

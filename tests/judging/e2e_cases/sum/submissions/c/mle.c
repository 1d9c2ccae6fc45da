#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Keeps 1 MiB blocks, touching every page, far past the 128 MiB limit. */
static char *blocks[4096];

int main(void) {
    long long a, b, total = 0;
    if (scanf("%lld %lld", &a, &b) != 2) return 1;
    for (int i = 0; i < 4096; i++) {
        blocks[i] = malloc(1 << 20);
        memset(blocks[i], i, 1 << 20);
    }
    for (int i = 0; i < 4096; i++) total += blocks[i][i];
    printf("%lld\n", a + b + total * 0);
    return 0;
}

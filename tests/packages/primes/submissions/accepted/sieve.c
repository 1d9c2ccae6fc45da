#include <stdio.h>
#include <stdlib.h>

int main(void) {
    int n;
    if (scanf("%d", &n) != 1) return 1;
    char *composite = calloc((size_t)n + 1, 1);
    int count = 0;
    for (long i = 2; i <= n; i++) {
        if (composite[i]) continue;
        count++;
        for (long j = i * i; j <= n; j += i) composite[j] = 1;
    }
    printf("%d\n", count);
    free(composite);
    return 0;
}

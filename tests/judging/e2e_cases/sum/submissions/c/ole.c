/* Writes past the output limit (1 MiB), then ends: Output Limit Exceeded. (A flood that never
 * ends runs into the time limit, as on DOMjudge: output past the limit is only cut off.) */
#include <stdio.h>

int main(void) {
    long long a, b;
    if (scanf("%lld %lld", &a, &b) != 2) return 1;
    for (long i = 0; i < (1L << 20); i++) printf("%lld\n", a + b);
    return 0;
}

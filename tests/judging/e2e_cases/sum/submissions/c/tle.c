#include <stdio.h>

int main(void) {
    long long a, b;
    volatile unsigned long long spin = 0;
    if (scanf("%lld %lld", &a, &b) != 2) return 1;
    for (;;) spin++;
    printf("%lld\n", a + b);
    return 0;
}

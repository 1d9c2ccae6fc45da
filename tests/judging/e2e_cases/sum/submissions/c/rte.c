#include <stdio.h>

int main(void) {
    long long a, b;
    if (scanf("%lld %lld", &a, &b) != 2) return 1;
    volatile int *p = (int *)0;
    *p = (int)(a + b);  /* SIGSEGV */
    printf("%lld\n", a + b);
    return 0;
}

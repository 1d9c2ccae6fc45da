/* Killed by SIGSEGV: Runtime Error. */
#include <stdio.h>

int main(void) {
    volatile int *p = NULL;
    *p = 42;
    printf("%d\n", *p);
    return 0;
}

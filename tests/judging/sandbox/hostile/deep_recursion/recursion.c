/* Unbounded recursion: the stack may grow to the memory limit, which ends it. */
#include <stdio.h>

int depth(int n) {
    volatile char frame[256];
    frame[0] = (char)n;
    return depth(n + 1) + frame[0];
}

int main(void) {
    printf("%d\n", depth(0));
    return 0;
}

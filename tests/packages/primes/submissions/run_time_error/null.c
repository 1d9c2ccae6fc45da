#include <stdio.h>

int main(void) {
    volatile char *p = NULL;
    printf("%d\n", *p);
    return 0;
}

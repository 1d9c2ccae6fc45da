#include <stdio.h>
int main(void) {
    int n;
    if (scanf("%d", &n) != 1) return 1;
    printf("%d\n", n * n); /* overflows on 100000 */
    return 0;
}

/* 2 3 ... n 1 */
#include <stdio.h>

int main(void) {
    int n;
    if (scanf("%d", &n) != 1) return 1;
    for (int i = 2; i <= n; i++) printf("%d ", i);
    printf("1\n");
    return 0;
}

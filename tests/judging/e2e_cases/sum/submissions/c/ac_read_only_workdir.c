/* The working directory is read-only unless the problem allows file writing (2025-09
 * `allow_file_writing`, default false); /tmp stays writable. Answers only if both hold. */
#include <stdio.h>

int main(void) {
    long long a, b;
    if (scanf("%lld %lld", &a, &b) != 2) return 1;
    if (fopen("scratch.txt", "w") != NULL) return 2;
    FILE *tmp = fopen("/tmp/scratch.txt", "w");
    if (tmp == NULL || fputs("ok\n", tmp) < 0 || fclose(tmp) != 0) return 3;
    printf("%lld\n", a + b);
    return 0;
}

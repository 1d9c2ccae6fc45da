/* An initialised static array of 80 MiB lives in the binary (and in the object file before
 * it): compilers may write files that large, as DOMjudge's script_filesize_limit (528 MiB)
 * allows, and only the touched page counts against the memory limit. */
#include <stdio.h>

static char table[80 << 20] = {1};

int main(void) {
    long long a, b;
    if (scanf("%lld %lld", &a, &b) != 2) return 1;
    printf("%lld\n", a + b + table[0] - 1);
    return 0;
}

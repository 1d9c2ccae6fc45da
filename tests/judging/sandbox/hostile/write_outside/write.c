/* Tries to leave a file outside the box; prints ESCAPED if any write succeeded. */
#include <stdio.h>

int main(void) {
    const char *targets[] = {"@CANARY_DIR@/pwned", "/pwned", "/usr/pwned", "/etc/pwned",
                             "/root/pwned", "/var/tmp/pwned", "/dev/pwned", "/proc/pwned"};
    int n, escaped = 0;
    for (unsigned i = 0; i < sizeof targets / sizeof *targets; i++) {
        FILE *f = fopen(targets[i], "w");
        if (f && fputs("pwned\n", f) >= 0 && fclose(f) == 0)
            escaped = 1;
    }
    if (escaped) {
        puts("ESCAPED");
        return 0;
    }
    if (scanf("%d", &n) != 1) return 1;
    printf("%d\n", 2 * n);
    return 0;
}

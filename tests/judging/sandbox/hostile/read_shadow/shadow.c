/* Prints /etc/shadow if it can (a breach shows as Wrong Answer), else the right answer. */
#include <stdio.h>

int main(void) {
    char line[512];
    int n;
    FILE *f = fopen("/etc/shadow", "r");
    if (f) {
        while (fgets(line, sizeof line, f))
            fputs(line, stdout);
        return 0;
    }
    if (scanf("%d", &n) != 1) return 1;
    printf("%d\n", 2 * n);
    return 0;
}

/* Copies the test's answer file from the judge host if it can see it. */
#include <stdio.h>

int main(void) {
    char line[512];
    int n;
    FILE *f = fopen("@ANSWER_PATH@", "r");
    if (f) {
        printf("LEAKED ");
        while (fgets(line, sizeof line, f))
            fputs(line, stdout);
        return 0;
    }
    if (scanf("%d", &n) != 1) return 1;
    printf("%d\n", 2 * n);
    return 0;
}

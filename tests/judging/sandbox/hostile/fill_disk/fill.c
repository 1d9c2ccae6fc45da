/* Fills /tmp (the working directory is read-only) with 512 KiB files until writing fails,
 * then answers. */
#include <stdio.h>
#include <string.h>

int main(void) {
    static char block[512 * 1024];
    int n;
    memset(block, 'x', sizeof block);
    for (int i = 0; i < 100000; i++) {
        char name[32];
        snprintf(name, sizeof name, "/tmp/fill%d", i);
        FILE *f = fopen(name, "w");
        if (!f) break;
        size_t written = fwrite(block, 1, sizeof block, f);
        if (fclose(f) != 0 || written < sizeof block) break;
    }
    if (scanf("%d", &n) != 1) return 1;
    printf("%d\n", 2 * n);
    return 0;
}

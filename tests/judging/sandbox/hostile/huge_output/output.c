/* Gigabytes of output. */
#include <stdio.h>
#include <string.h>

int main(void) {
    static char block[1 << 16];
    memset(block, 'y', sizeof block);
    for (long i = 0; i < 100000; i++)
        fwrite(block, 1, sizeof block, stdout);
    return 0;
}

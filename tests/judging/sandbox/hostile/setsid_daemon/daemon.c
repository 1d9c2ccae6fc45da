/* Leaves a daemon behind (new session, double fork) that would keep running after the run. */
#include <stdio.h>
#include <unistd.h>

int main(void) {
    int n;
    if (fork() == 0) {
        setsid();
        if (fork() == 0)
            for (;;) {
                FILE *f = fopen("/box/still-here", "a");
                if (f) fclose(f);
                sleep(1);
            }
        _exit(0);
    }
    if (scanf("%d", &n) != 1) return 1;
    printf("%d\n", 2 * n);
    return 0;
}

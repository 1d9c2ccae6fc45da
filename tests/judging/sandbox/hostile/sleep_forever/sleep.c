/* Uses no CPU at all: only the wall-clock limit stops it. */
#include <unistd.h>

int main(void) {
    for (;;)
        sleep(100);
}

/* Killed by SIGABRT: Runtime Error. */
#include <stdlib.h>

int main(void) {
    abort();
}

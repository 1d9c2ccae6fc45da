/* Never finishes: spins on the CPU (volatile, so the loop is not optimised away). */
int main(void) {
    volatile unsigned long n = 0;
    for (;;) n++;
}

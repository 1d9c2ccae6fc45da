/* Debugger system calls are forbidden. */
#include <stdio.h>
#include <sys/ptrace.h>

int main(void) {
    ptrace(PTRACE_TRACEME, 0, 0, 0);
    puts("42");
    return 0;
}

#include <stdio.h>
#include <sys/socket.h>

/* Opening a socket is forbidden; if the sandbox let it through, the answer is still right,
   so only the sandbox can make this anything but Accepted. */
int main(void) {
    long long a, b;
    if (scanf("%lld %lld", &a, &b) != 2) return 1;
    int s = socket(AF_INET, SOCK_STREAM, 0);
    printf("%lld\n", a + b + (s < 0 ? 0 : 0));
    return 0;
}

/* Reaches for the judge host's PostgreSQL. */
#include <arpa/inet.h>
#include <stdio.h>
#include <sys/socket.h>

int main(void) {
    struct sockaddr_in a = {0};
    int s = socket(AF_INET, SOCK_STREAM, 0);
    a.sin_family = AF_INET;
    a.sin_port = htons(5432);
    a.sin_addr.s_addr = inet_addr("127.0.0.1");
    if (connect(s, (struct sockaddr *)&a, sizeof a) == 0)
        puts("connected to PostgreSQL");
    return 0;
}

// Writes past the output limit (1 MiB), then ends: Output Limit Exceeded.
#include <iostream>

int main() {
    long long a, b;
    std::cin >> a >> b;
    for (long i = 0; i < (1L << 20); i++) std::cout << a + b << '\n';
}

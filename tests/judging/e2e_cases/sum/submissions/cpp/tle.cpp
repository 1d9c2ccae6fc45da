#include <iostream>

int main() {
    long long a, b;
    std::cin >> a >> b;
    volatile unsigned long long spin = 0;
    while (true) spin = spin + 1;
    std::cout << a + b << '\n';
}

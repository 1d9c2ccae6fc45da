#include <iostream>

int main() {
    long long a, b;
    std::cin >> a >> b;
    for (;;) std::cout << a + b << '\n';
}

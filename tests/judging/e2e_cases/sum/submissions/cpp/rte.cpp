#include <iostream>
#include <vector>

int main() {
    long long a, b;
    std::cin >> a >> b;
    std::vector<int> v;
    std::cout << v.at(5) + a + b << '\n';  // std::out_of_range, uncaught: std::terminate, SIGABRT
}

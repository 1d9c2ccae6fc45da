#include <iostream>
#include <vector>

int main() {
    long long a, b;
    std::cin >> a >> b;
    std::vector<std::vector<char>> blocks;
    for (int i = 0; i < 4096; i++) blocks.emplace_back(1 << 20, static_cast<char>(i));
    std::cout << a + b + static_cast<long long>(blocks.size()) * 0 << '\n';
}

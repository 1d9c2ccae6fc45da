long long climb_stairs(int n) {
    long long previous = 1, current = 1;
    for (int i = 1; i < n; i++) {
        long long next = previous + current;
        previous = current;
        current = next;
    }
    return current;
}

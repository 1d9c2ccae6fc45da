vector<int> twoSum(vector<int>& nums, int target) {
    volatile unsigned long long spin = 0;
    while (true) spin = spin + 1;
    return {};
}

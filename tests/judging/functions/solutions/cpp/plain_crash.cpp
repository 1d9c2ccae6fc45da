// Dereferences a null pointer on every case: the process dies with SIGSEGV.
class Solution {
public:
    vector<int> twoSum(vector<int>& nums, int target) {
        volatile int* p = nullptr;
        return {*p, target};
    }
};

class Solution {
public:
    bool containsDuplicate(vector<int>& nums) {
        vector<int> sorted(nums);
        sort(sorted.begin(), sorted.end());
        return adjacent_find(sorted.begin(), sorted.end()) != sorted.end();
    }
};

class Solution {
public:
    int maxValue(vector<int>& nums) {
        int best = nums[0];
        for (int x : nums) {
            if (x > best) best = x;
        }
        return best;
    }
};

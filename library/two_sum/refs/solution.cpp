#include <unordered_map>
#include <vector>
using namespace std;

class Solution {
public:
    vector<int> twoSum(vector<int>& nums, int target) {
        unordered_map<int, int> seen;
        seen.reserve(nums.size() * 2);
        for (int j = 0; j < (int)nums.size(); j++) {
            auto it = seen.find(target - nums[j]);
            if (it != seen.end()) return {it->second, j};
            seen[nums[j]] = j;
        }
        return {};
    }
};

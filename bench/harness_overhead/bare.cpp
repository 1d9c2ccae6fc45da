#include <cstdio>
#include <vector>
using namespace std;

int maxValue(vector<int>& nums) {
    int best = nums[0];
    for (int x : nums) {
        if (x > best) best = x;
    }
    return best;
}

int main() {
    int n;
    if (scanf("%d", &n) != 1) return 1;
    for (int c = 0; c < n; c++) {
        int k;
        if (scanf("%d", &k) != 1) return 1;
        vector<int> nums(k);
        for (int i = 0; i < k; i++) {
            if (scanf("%d", &nums[i]) != 1) return 1;
        }
        printf("%d\n", maxValue(nums));
    }
}

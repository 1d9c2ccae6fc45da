class Solution {
public:
    int lengthOfLongestSubstring(string s) {
        vector<int> last(128, -1);
        int start = 0, best = 0;
        for (int i = 0; i < (int)s.size(); i++) {
            unsigned char ch = s[i];
            if (last[ch] >= start) start = last[ch] + 1;
            last[ch] = i;
            best = max(best, i - start + 1);
        }
        return best;
    }
};

class Solution {
public:
    int lengthOfLongestSubstring(string s) {
        // Every substring s[i..j]: it has no repeat when s[i..j-1] has none and s[j] is new.
        int n = s.size(), best = 0;
        for (int i = 0; i < n; i++) {
            bool seen[128] = {};
            bool unique = true;
            for (int j = i; j < n; j++) {
                unsigned char ch = s[j];
                if (seen[ch]) unique = false;
                seen[ch] = true;
                if (unique) best = max(best, j - i + 1);
            }
        }
        return best;
    }
};

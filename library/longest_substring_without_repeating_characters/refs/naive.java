class Solution {
    public int lengthOfLongestSubstring(String s) {
        // Every substring s[i..j]: it has no repeat when s[i..j-1] has none and s[j] is new.
        int best = 0;
        for (int i = 0; i < s.length(); i++) {
            boolean[] seen = new boolean[128];
            boolean unique = true;
            for (int j = i; j < s.length(); j++) {
                char ch = s.charAt(j);
                if (seen[ch]) {
                    unique = false;
                }
                seen[ch] = true;
                if (unique) {
                    best = Math.max(best, j - i + 1);
                }
            }
        }
        return best;
    }
}

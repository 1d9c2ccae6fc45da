class Solution:
    def lengthOfLongestSubstring(self, s: str) -> int:
        # Every substring s[i..j]: it has no repeat when s[i..j-1] has none and s[j] is new.
        best = 0
        for i in range(len(s)):
            seen: set[str] = set()
            unique = True
            for j in range(i, len(s)):
                if s[j] in seen:
                    unique = False
                seen.add(s[j])
                if unique:
                    best = max(best, j - i + 1)
        return best

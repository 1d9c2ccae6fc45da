function lengthOfLongestSubstring(s: string): number {
    // Every substring s[i..j]: it has no repeat when s[i..j-1] has none and s[j] is new.
    let best = 0;
    for (let i = 0; i < s.length; i++) {
        const seen = new Set<string>();
        let unique = true;
        for (let j = i; j < s.length; j++) {
            if (seen.has(s[j])) unique = false;
            seen.add(s[j]);
            if (unique) best = Math.max(best, j - i + 1);
        }
    }
    return best;
}

var lengthOfLongestSubstring = function (s) {
    // Every substring s[i..j]: it has no repeat when s[i..j-1] has none and s[j] is new.
    let best = 0;
    for (let i = 0; i < s.length; i++) {
        const seen = new Uint8Array(128);
        let unique = true;
        for (let j = i; j < s.length; j++) {
            const code = s.charCodeAt(j);
            if (seen[code]) unique = false;
            seen[code] = 1;
            if (unique) best = Math.max(best, j - i + 1);
        }
    }
    return best;
};

function isAnagram(s: string, t: string): boolean {
    if (s.length !== t.length) return false;
    const counts = new Map<string, number>();
    for (const ch of s) counts.set(ch, (counts.get(ch) ?? 0) + 1);
    for (const ch of t) {
        const left = counts.get(ch) ?? 0;
        if (left === 0) return false;
        counts.set(ch, left - 1);
    }
    return true;
}

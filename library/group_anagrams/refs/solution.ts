function groupAnagrams(strs: string[]): string[][] {
    const groups = new Map<string, string[]>();
    for (const word of strs) {
        const counts = new Array<number>(26).fill(0);
        for (let i = 0; i < word.length; i++) counts[word.charCodeAt(i) - 97]++;
        const key = counts.join(",");
        const group = groups.get(key);
        if (group) group.push(word);
        else groups.set(key, [word]);
    }
    return Array.from(groups.values());
}

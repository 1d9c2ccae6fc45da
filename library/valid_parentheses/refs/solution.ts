function isValid(s: string): boolean {
    const partner: Record<string, string> = { "(": ")", "[": "]", "{": "}" };
    const expected: string[] = [];
    for (const ch of s) {
        if (ch in partner) expected.push(partner[ch]);
        else if (expected.pop() !== ch) return false;
    }
    return expected.length === 0;
}

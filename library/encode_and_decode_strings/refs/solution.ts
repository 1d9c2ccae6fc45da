class Codec {
    // Each string's length as 8 hex digits, then the string: fixed-width, no separator.
    encode(strs: string[]): string {
        return strs.map((s) => s.length.toString(16).padStart(8, "0") + s).join("");
    }

    decode(s: string): string[] {
        const out: string[] = [];
        let at = 0;
        while (at < s.length) {
            const length = parseInt(s.slice(at, at + 8), 16);
            out.push(s.slice(at + 8, at + 8 + length));
            at += 8 + length;
        }
        return out;
    }
}

class Codec {
  encode(strs: string[]): string {
    return strs.map((s) => `${s.length}#${s}`).join("");
  }

  decode(s: string): string[] {
    const out: string[] = [];
    let k = 0;
    while (k < s.length) {
      const hash = s.indexOf("#", k);
      const length = Number(s.slice(k, hash));
      out.push(s.slice(hash + 1, hash + 1 + length));
      k = hash + 1 + length;
    }
    return out;
  }
}

class Codec {
  /** @param {string[]} strs @return {string} */
  encode(strs) {
    return strs.map((s) => s.length + "#" + s).join("");
  }

  /** @param {string} s @return {string[]} */
  decode(s) {
    const out = [];
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

class Codec {
  // Escapes the backslash and the separator, then joins with an unescaped separator; a
  // leading marker tells [] from [""].
  encode(strs) {
    const escaped = strs.map((s) => s.replace(/\\/g, "\\\\").replace(/;/g, "\\;"));
    return strs.length ? "+" + escaped.join(";") : "";
  }

  decode(s) {
    if (s === "") return [];
    const out = [""];
    for (let at = 1; at < s.length; at++) {
      if (s[at] === "\\") out[out.length - 1] += s[++at];
      else if (s[at] === ";") out.push("");
      else out[out.length - 1] += s[at];
    }
    return out;
  }
}

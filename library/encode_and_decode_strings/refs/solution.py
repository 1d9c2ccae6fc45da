from typing import List


class Codec:
    def encode(self, strs: List[str]) -> str:
        return "".join(f"{len(s)}#{s}" for s in strs)

    def decode(self, s: str) -> List[str]:
        out: List[str] = []
        at = 0
        while at < len(s):
            mark = s.index("#", at)
            end = mark + 1 + int(s[at:mark])
            out.append(s[mark + 1 : end])
            at = end
        return out

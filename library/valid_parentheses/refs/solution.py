class Solution:
    def isValid(self, s: str) -> bool:
        opening = {")": "(", "]": "[", "}": "{"}
        stack: list[str] = []
        for ch in s:
            if ch in opening:
                if not stack or stack[-1] != opening[ch]:
                    return False
                stack.pop()
            else:
                stack.append(ch)
        return not stack

function isValid(s) {
    const closing = { ")": "(", "]": "[", "}": "{" };
    const stack = [];
    for (const ch of s) {
        if (ch in closing) {
            if (stack.pop() !== closing[ch]) return false;
        } else {
            stack.push(ch);
        }
    }
    return stack.length === 0;
}

class Solution {
public:
    bool isValid(string s) {
        string stack;
        for (char ch : s) {
            if (ch == '(') stack.push_back(')');
            else if (ch == '[') stack.push_back(']');
            else if (ch == '{') stack.push_back('}');
            else if (stack.empty() || stack.back() != ch) return false;
            else stack.pop_back();
        }
        return stack.empty();
    }
};

// Length-prefixed: "4#neet4#code".
class Codec {
public:
    string encode(vector<string>& strs) {
        string out;
        for (const string& s : strs) out += to_string(s.size()) + "#" + s;
        return out;
    }
    vector<string> decode(string s) {
        vector<string> out;
        size_t i = 0;
        while (i < s.size()) {
            size_t hash = s.find('#', i);
            size_t length = stoul(s.substr(i, hash - i));
            out.push_back(s.substr(hash + 1, length));
            i = hash + 1 + length;
        }
        return out;
    }
};

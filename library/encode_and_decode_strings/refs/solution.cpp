class Codec {
public:
    // Each string as its byte length, '#', then its bytes: nothing needs escaping.
    string encode(vector<string>& strs) {
        string out;
        for (const string& s : strs) out += to_string(s.size()) + "#" + s;
        return out;
    }

    vector<string> decode(string s) {
        vector<string> out;
        size_t at = 0;
        while (at < s.size()) {
            size_t mark = s.find('#', at);
            size_t length = stoul(s.substr(at, mark - at));
            out.push_back(s.substr(mark + 1, length));
            at = mark + 1 + length;
        }
        return out;
    }
};

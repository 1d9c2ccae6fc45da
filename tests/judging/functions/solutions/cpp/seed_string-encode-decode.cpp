class Codec {
public:
    string encode(vector<string>& strs) {
        string out;
        for (auto& s : strs) out += to_string(s.size()) + "#" + s;
        return out;
    }

    vector<string> decode(string s) {
        vector<string> out;
        size_t i = 0;
        while (i < s.size()) {
            size_t j = s.find('#', i);
            size_t n = stoul(s.substr(i, j - i));
            out.push_back(s.substr(j + 1, n));
            i = j + 1 + n;
        }
        return out;
    }
};

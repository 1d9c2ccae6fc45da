class TimeMap {
public:
    TimeMap() {}

    void set(string key, string value, int timestamp) {
        store[key].emplace_back(timestamp, value);
    }

    string get(string key, int timestamp) {
        auto found = store.find(key);
        if (found == store.end()) return "";
        const auto& history = found->second;
        // The first entry after `timestamp`; the one before it is the answer.
        auto after = upper_bound(history.begin(), history.end(), timestamp,
                                 [](int t, const pair<int, string>& entry) { return t < entry.first; });
        return after == history.begin() ? "" : prev(after)->second;
    }

private:
    unordered_map<string, vector<pair<int, string>>> store;
};

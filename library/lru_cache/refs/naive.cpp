class LRUCache {
public:
    LRUCache(int capacity) : capacity(capacity) {}

    int get(int key) {
        size_t at = find(key);
        if (at == entries.size()) return -1;
        pair<int, int> entry = entries[at];
        entries.erase(entries.begin() + at);
        entries.push_back(entry);
        return entry.second;
    }

    void put(int key, int value) {
        size_t at = find(key);
        if (at < entries.size()) entries.erase(entries.begin() + at);
        else if ((int)entries.size() == capacity) entries.erase(entries.begin());
        entries.emplace_back(key, value);
    }

private:
    // {key, value}, least recently used first: every call scans them (O(capacity)).
    int capacity;
    vector<pair<int, int>> entries;

    size_t find(int key) {
        for (size_t k = 0; k < entries.size(); k++) {
            if (entries[k].first == key) return k;
        }
        return entries.size();
    }
};

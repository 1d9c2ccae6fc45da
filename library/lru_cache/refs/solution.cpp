class LRUCache {
public:
    LRUCache(int capacity) : capacity(capacity) {}

    int get(int key) {
        auto found = where.find(key);
        if (found == where.end()) return -1;
        order.splice(order.begin(), order, found->second);
        return found->second->second;
    }

    void put(int key, int value) {
        auto found = where.find(key);
        if (found != where.end()) {
            found->second->second = value;
            order.splice(order.begin(), order, found->second);
            return;
        }
        order.emplace_front(key, value);
        where[key] = order.begin();
        if ((int)order.size() > capacity) {
            where.erase(order.back().first);
            order.pop_back();
        }
    }

private:
    int capacity;
    list<pair<int, int>> order;  // most recently used first
    unordered_map<int, list<pair<int, int>>::iterator> where;
};

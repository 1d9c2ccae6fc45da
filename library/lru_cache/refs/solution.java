import java.util.LinkedHashMap;
import java.util.Map;

class LRUCache {
    private final int capacity;
    private final LinkedHashMap<Integer, Integer> items;

    public LRUCache(int capacity) {
        this.capacity = capacity;
        // Access order: get and put move a key to the end; the eldest entry is the LRU one.
        this.items = new LinkedHashMap<>(16, 0.75f, true) {
            @Override
            protected boolean removeEldestEntry(Map.Entry<Integer, Integer> eldest) {
                return size() > LRUCache.this.capacity;
            }
        };
    }

    public int get(int key) {
        return items.getOrDefault(key, -1);
    }

    public void put(int key, int value) {
        items.put(key, value);
    }
}

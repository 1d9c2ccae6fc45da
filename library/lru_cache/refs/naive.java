import java.util.ArrayList;

class LRUCache {
    // Entries {key, value}, least recently used first: every call scans them (O(capacity)).
    private final int capacity;
    private final ArrayList<int[]> entries = new ArrayList<>();

    public LRUCache(int capacity) {
        this.capacity = capacity;
    }

    private int find(int key) {
        for (int k = 0; k < entries.size(); k++) {
            if (entries.get(k)[0] == key) return k;
        }
        return -1;
    }

    public int get(int key) {
        int at = find(key);
        if (at < 0) return -1;
        int[] entry = entries.remove(at);
        entries.add(entry);
        return entry[1];
    }

    public void put(int key, int value) {
        int at = find(key);
        if (at >= 0) entries.remove(at);
        else if (entries.size() == capacity) entries.remove(0);
        entries.add(new int[] {key, value});
    }
}

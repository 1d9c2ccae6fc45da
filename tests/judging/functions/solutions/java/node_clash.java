// The solution's own top-level Node: the harness must not provide another.
class Node {
    int key, val;
    Node prev, next;

    Node(int key, int val) {
        this.key = key;
        this.val = val;
    }
}

public class LRUCache {
    private final int capacity;
    private final Map<Integer, Node> nodes = new HashMap<>();
    private final Node head = new Node(0, 0), tail = new Node(0, 0);

    public LRUCache(int capacity) {
        this.capacity = capacity;
        head.next = tail;
        tail.prev = head;
    }

    private void unlink(Node node) {
        node.prev.next = node.next;
        node.next.prev = node.prev;
    }

    private void pushFront(Node node) {
        node.prev = head;
        node.next = head.next;
        head.next.prev = node;
        head.next = node;
    }

    public int get(int key) {
        Node node = nodes.get(key);
        if (node == null) {
            return -1;
        }
        unlink(node);
        pushFront(node);
        return node.val;
    }

    public void put(int key, int value) {
        Node old = nodes.remove(key);
        if (old != null) {
            unlink(old);
        }
        Node node = new Node(key, value);
        nodes.put(key, node);
        pushFront(node);
        if (nodes.size() > capacity) {
            Node oldest = tail.prev;
            unlink(oldest);
            nodes.remove(oldest.key);
        }
    }
}

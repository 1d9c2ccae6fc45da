// The solution's own Node (the problem's types need none, so the harness defines none).
struct Node {
    int key, val;
    Node* prev;
    Node* next;
    Node(int key, int val) : key(key), val(val), prev(nullptr), next(nullptr) {}
};

class LRUCache {
    int capacity;
    unordered_map<int, Node*> index;
    Node head{0, 0}, tail{0, 0};

    void unlink(Node* n) {
        n->prev->next = n->next;
        n->next->prev = n->prev;
    }
    void push_front(Node* n) {
        n->next = head.next;
        n->prev = &head;
        head.next->prev = n;
        head.next = n;
    }

public:
    LRUCache(int capacity) : capacity(capacity) {
        head.next = &tail;
        tail.prev = &head;
    }
    int get(int key) {
        auto found = index.find(key);
        if (found == index.end()) return -1;
        unlink(found->second);
        push_front(found->second);
        return found->second->val;
    }
    void put(int key, int value) {
        auto found = index.find(key);
        if (found != index.end()) {
            found->second->val = value;
            unlink(found->second);
            push_front(found->second);
            return;
        }
        if ((int)index.size() == capacity) {
            Node* last = tail.prev;
            unlink(last);
            index.erase(last->key);
            delete last;
        }
        Node* n = new Node(key, value);
        index[key] = n;
        push_front(n);
    }
};

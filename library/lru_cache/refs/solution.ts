class LRUCache {
    // A doubly linked list between two sentinels (newest after `head`), and a map key -> entry.
    private readonly entries = new Map<number, Entry>();
    private readonly head: Entry = { key: -1, value: -1, prev: null, next: null };
    private readonly tail: Entry = { key: -1, value: -1, prev: null, next: null };

    constructor(private readonly capacity: number) {
        this.head.next = this.tail;
        this.tail.prev = this.head;
    }

    get(key: number): number {
        const entry = this.entries.get(key);
        if (entry === undefined) return -1;
        this.unlink(entry);
        this.pushFront(entry);
        return entry.value;
    }

    put(key: number, value: number): void {
        const entry = this.entries.get(key);
        if (entry !== undefined) {
            entry.value = value;
            this.unlink(entry);
            this.pushFront(entry);
            return;
        }
        const fresh: Entry = { key, value, prev: null, next: null };
        this.entries.set(key, fresh);
        this.pushFront(fresh);
        if (this.entries.size > this.capacity) {
            const oldest = this.tail.prev!;
            this.unlink(oldest);
            this.entries.delete(oldest.key);
        }
    }

    private unlink(entry: Entry): void {
        entry.prev!.next = entry.next;
        entry.next!.prev = entry.prev;
    }

    private pushFront(entry: Entry): void {
        entry.prev = this.head;
        entry.next = this.head.next;
        this.head.next!.prev = entry;
        this.head.next = entry;
    }
}

interface Entry {
    key: number;
    value: number;
    prev: Entry | null;
    next: Entry | null;
}

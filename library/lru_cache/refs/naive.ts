class LRUCache {
    // [key, value] pairs, least recently used first: every call scans them (O(capacity)).
    private entries: Array<[number, number]> = [];

    constructor(private readonly capacity: number) {}

    get(key: number): number {
        const at = this.entries.findIndex(([k]) => k === key);
        if (at < 0) return -1;
        const [entry] = this.entries.splice(at, 1);
        this.entries.push(entry);
        return entry[1];
    }

    put(key: number, value: number): void {
        const at = this.entries.findIndex(([k]) => k === key);
        if (at >= 0) this.entries.splice(at, 1);
        else if (this.entries.length === this.capacity) this.entries.shift();
        this.entries.push([key, value]);
    }
}

class TimeMap {
    private readonly times = new Map<string, number[]>();
    private readonly values = new Map<string, string[]>();

    constructor() {}

    set(key: string, value: string, timestamp: number): void {
        if (!this.times.has(key)) {
            this.times.set(key, []);
            this.values.set(key, []);
        }
        this.times.get(key)!.push(timestamp);
        this.values.get(key)!.push(value);
    }

    get(key: string, timestamp: number): string {
        const times = this.times.get(key) ?? [];
        // The last index whose time is <= timestamp, or -1.
        let lo = -1;
        let hi = times.length - 1;
        while (lo < hi) {
            const mid = (lo + hi + 1) >> 1;
            if (times[mid] <= timestamp) lo = mid;
            else hi = mid - 1;
        }
        return lo < 0 ? "" : this.values.get(key)![lo];
    }
}

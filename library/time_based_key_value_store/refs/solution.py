import bisect
from collections import defaultdict


class TimeMap:
    def __init__(self) -> None:
        self.times: defaultdict[str, list[int]] = defaultdict(list)
        self.values: defaultdict[str, list[str]] = defaultdict(list)

    def set(self, key: str, value: str, timestamp: int) -> None:
        # Timestamps arrive in increasing order, so each key's list stays sorted.
        self.times[key].append(timestamp)
        self.values[key].append(value)

    def get(self, key: str, timestamp: int) -> str:
        k = bisect.bisect_right(self.times.get(key, []), timestamp)
        return self.values[key][k - 1] if k else ""

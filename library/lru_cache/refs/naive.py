class LRUCache:
    """Keys in a list, least recently used first: every call scans it (O(capacity))."""

    def __init__(self, capacity: int) -> None:
        self.capacity = capacity
        self.keys: list[int] = []
        self.values: dict[int, int] = {}

    def get(self, key: int) -> int:
        if key not in self.values:
            return -1
        self.keys.remove(key)
        self.keys.append(key)
        return self.values[key]

    def put(self, key: int, value: int) -> None:
        if key in self.values:
            self.keys.remove(key)
        elif len(self.keys) == self.capacity:
            del self.values[self.keys.pop(0)]
        self.keys.append(key)
        self.values[key] = value

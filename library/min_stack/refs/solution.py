class MinStack:
    def __init__(self) -> None:
        self.stack: list[tuple[int, int]] = []  # (value, minimum of the stack up to here)

    def push(self, val: int) -> None:
        self.stack.append((val, min(val, self.stack[-1][1]) if self.stack else val))

    def pop(self) -> None:
        self.stack.pop()

    def top(self) -> int:
        return self.stack[-1][0]

    def getMin(self) -> int:
        return self.stack[-1][1]

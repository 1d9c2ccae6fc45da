from collections import deque
from typing import List


class Solution:
    def islandsAndTreasure(self, grid: List[List[int]]) -> None:
        inf = 2147483647
        rows, cols = len(grid), len(grid[0])
        queue = deque((r, c) for r in range(rows) for c in range(cols) if grid[r][c] == 0)
        while queue:
            r, c = queue.popleft()
            for y, x in ((r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)):
                if 0 <= y < rows and 0 <= x < cols and grid[y][x] == inf:
                    grid[y][x] = grid[r][c] + 1
                    queue.append((y, x))

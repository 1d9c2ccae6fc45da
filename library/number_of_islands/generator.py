"""number-of-islands: random '1'/'0' grids of various densities and shapes."""

from __future__ import annotations

import random
from typing import Any

Case = dict[str, Any]


def _grid(rng: random.Random, rows: int, cols: int, land: float) -> list[list[str]]:
    return [["1" if rng.random() < land else "0" for _ in range(cols)] for _ in range(rows)]


def _spiral(size: int) -> list[list[str]]:
    # One long snake-shaped island: searches must not be limited in depth.
    grid = [["0"] * size for _ in range(size)]
    for r in range(0, size, 2):
        for c in range(size):
            grid[r][c] = "1"
        if r + 1 < size:
            grid[r + 1][size - 1 if r % 4 == 0 else 0] = "1"
    return grid


def cases(rng: random.Random) -> list[Case]:
    out: list[Case] = [
        {"name": "one-row", "args": [[["1", "0", "1", "1", "0", "1"]]]},
        {"name": "one-column", "args": [[["1"], ["1"], ["0"], ["1"]]]},
        {"name": "diagonal-is-separate", "args": [[["1", "0"], ["0", "1"]]]},
        {"name": "all-water", "args": [[["0"] * 5 for _ in range(4)]]},
        {"name": "all-land", "args": [[["1"] * 300 for _ in range(300)]]},
        {"name": "snake", "args": [_spiral(200)]},
        {
            "name": "checkerboard",
            "args": [[[str((r + c) % 2) for c in range(50)] for r in range(50)]],
        },
    ]
    for k in range(16):
        rows, cols = rng.randint(1, 8), rng.randint(1, 8)
        out.append({"name": f"small-{k}", "args": [_grid(rng, rows, cols, rng.random())]})
    for k in range(6):
        rows, cols = rng.randint(50, 200), rng.randint(50, 200)
        out.append(
            {"name": f"large-{k}", "args": [_grid(rng, rows, cols, rng.choice([0.3, 0.5, 0.6]))]}
        )
    return out


def reference(case: Case) -> int:
    grid: list[list[str]] = case["args"][0]
    rows, cols = len(grid), len(grid[0])
    seen = [[False] * cols for _ in range(rows)]
    islands = 0
    for r in range(rows):
        for c in range(cols):
            if grid[r][c] != "1" or seen[r][c]:
                continue
            islands += 1
            seen[r][c] = True
            stack = [(r, c)]
            while stack:
                y, x = stack.pop()
                for ny, nx in ((y + 1, x), (y - 1, x), (y, x + 1), (y, x - 1)):
                    if (
                        0 <= ny < rows
                        and 0 <= nx < cols
                        and grid[ny][nx] == "1"
                        and not seen[ny][nx]
                    ):
                        seen[ny][nx] = True
                        stack.append((ny, nx))
    return islands


def brute(case: Case) -> int:
    # Union-find over land cells: islands are the roots left.
    grid: list[list[str]] = case["args"][0]
    cols = len(grid[0])
    parent: dict[int, int] = {}

    def find(a: int) -> int:
        while parent[a] != a:
            parent[a] = parent[parent[a]]
            a = parent[a]
        return a

    for r, row in enumerate(grid):
        for c, mark in enumerate(row):
            if mark == "1":
                parent[r * cols + c] = r * cols + c
    for index in list(parent):
        for other in (index + cols, index + 1 if (index + 1) % cols else -1):
            if other in parent:
                parent[find(index)] = find(other)
    return sum(1 for index in parent if find(index) == index)

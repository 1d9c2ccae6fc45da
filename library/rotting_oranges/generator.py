"""rotting-oranges: grids of empty (0), fresh (1) and rotten (2) cells."""

from __future__ import annotations

import random
from typing import Any

Case = dict[str, Any]

STEPS = ((1, 0), (-1, 0), (0, 1), (0, -1))


def _grid(rng: random.Random, rows: int, cols: int, weights: list[int]) -> list[list[int]]:
    return [rng.choices([0, 1, 2], weights=weights, k=cols) for _ in range(rows)]


def cases(rng: random.Random) -> list[Case]:
    out: list[Case] = [
        {"name": "no-oranges", "args": [[[0, 0], [0, 0]]]},
        {"name": "only-fresh", "args": [[[1]]]},
        {"name": "only-rotten", "args": [[[2, 2]]]},
        {"name": "long-corridor", "args": [[[2] + [1] * 99]]},
        {"name": "two-sources-meet", "args": [[[2, 1, 1, 1, 1, 1, 2]]]},
        {"name": "walled-off", "args": [[[2, 0, 1], [0, 0, 0], [1, 1, 1]]]},
    ]
    for k in range(20):
        rows, cols = rng.randint(1, 10), rng.randint(1, 10)
        weights = rng.choice([[1, 6, 1], [2, 5, 1], [1, 3, 1], [3, 3, 0]])
        out.append({"name": f"small-{k}", "args": [_grid(rng, rows, cols, weights)]})
    for k in range(6):
        rows, cols = rng.randint(20, 40), rng.randint(20, 40)
        out.append({"name": f"medium-{k}", "args": [_grid(rng, rows, cols, [1, 30, 1])]})
    return out


def reference(case: Case) -> int:
    grid: list[list[int]] = [list(row) for row in case["args"][0]]
    rows, cols = len(grid), len(grid[0])
    frontier = [(r, c) for r in range(rows) for c in range(cols) if grid[r][c] == 2]
    fresh = sum(row.count(1) for row in grid)
    minutes = 0
    while frontier and fresh:
        minutes += 1
        following = []
        for r, c in frontier:
            for dr, dc in STEPS:
                y, x = r + dr, c + dc
                if 0 <= y < rows and 0 <= x < cols and grid[y][x] == 1:
                    grid[y][x] = 2
                    fresh -= 1
                    following.append((y, x))
        frontier = following
    return -1 if fresh else minutes


def brute(case: Case) -> int:
    # Simulate minute by minute on whole-grid copies until nothing changes.
    grid: list[list[int]] = [list(row) for row in case["args"][0]]
    rows, cols = len(grid), len(grid[0])
    minutes = 0
    while True:
        following = [list(row) for row in grid]
        for r in range(rows):
            for c in range(cols):
                near = [
                    grid[r + dr][c + dc]
                    for dr, dc in STEPS
                    if 0 <= r + dr < rows and 0 <= c + dc < cols
                ]
                if grid[r][c] == 1 and 2 in near:
                    following[r][c] = 2
        if following == grid:
            break
        grid = following
        minutes += 1
    return -1 if any(1 in row for row in grid) else minutes

"""islands-and-treasure: walls (-1), treasure (0) and land (INF); fill distances in place."""

from __future__ import annotations

import random
from collections import deque
from typing import Any

Case = dict[str, Any]

INF = 2147483647
STEPS = ((1, 0), (-1, 0), (0, 1), (0, -1))


def _grid(rng: random.Random, rows: int, cols: int, weights: list[int]) -> list[list[int]]:
    return [rng.choices([-1, 0, INF], weights=weights, k=cols) for _ in range(rows)]


def cases(rng: random.Random) -> list[Case]:
    out: list[Case] = [
        {"name": "no-treasure", "args": [[[INF, -1], [INF, INF]]]},
        {"name": "all-treasure", "args": [[[0, 0, 0]]]},
        {"name": "all-walls", "args": [[[-1], [-1]]]},
        {"name": "long-row", "args": [[[0] + [INF] * 199]]},
        {"name": "unreachable-pocket", "args": [[[0, -1, INF], [-1, -1, INF], [INF, INF, INF]]]},
    ]
    for k in range(20):
        rows, cols = rng.randint(1, 8), rng.randint(1, 8)
        weights = rng.choice([[2, 1, 6], [1, 1, 3], [3, 1, 4]])
        out.append({"name": f"small-{k}", "args": [_grid(rng, rows, cols, weights)]})
    for k in range(6):
        rows, cols = rng.randint(30, 70), rng.randint(30, 70)
        out.append({"name": f"medium-{k}", "args": [_grid(rng, rows, cols, [6, 1, 60])]})
    return out


def reference(case: Case) -> list[list[int]]:
    grid: list[list[int]] = [list(row) for row in case["args"][0]]
    rows, cols = len(grid), len(grid[0])
    queue = deque((r, c) for r in range(rows) for c in range(cols) if grid[r][c] == 0)
    while queue:
        r, c = queue.popleft()
        for dr, dc in STEPS:
            y, x = r + dr, c + dc
            if 0 <= y < rows and 0 <= x < cols and grid[y][x] == INF:
                grid[y][x] = grid[r][c] + 1
                queue.append((y, x))
    return grid


def brute(case: Case) -> list[list[int]]:
    # One breadth-first search from each treasure separately; keep the minimum per cell.
    start: list[list[int]] = case["args"][0]
    rows, cols = len(start), len(start[0])
    best = [list(row) for row in start]
    for tr in range(rows):
        for tc in range(cols):
            if start[tr][tc] != 0:
                continue
            dist = {(tr, tc): 0}
            queue = deque([(tr, tc)])
            while queue:
                r, c = queue.popleft()
                for dr, dc in STEPS:
                    y, x = r + dr, c + dc
                    if (
                        0 <= y < rows
                        and 0 <= x < cols
                        and start[y][x] == INF
                        and (y, x) not in dist
                    ):
                        dist[(y, x)] = dist[(r, c)] + 1
                        queue.append((y, x))
            for (r, c), d in dist.items():
                best[r][c] = min(best[r][c], d)
    return best

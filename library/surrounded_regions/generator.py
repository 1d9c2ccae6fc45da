"""surrounded-regions: 'X'/'O' boards; regions of 'O' not touching the border become 'X'."""

from __future__ import annotations

import random
from typing import Any

Case = dict[str, Any]

STEPS = ((1, 0), (-1, 0), (0, 1), (0, -1))


def _board(rng: random.Random, rows: int, cols: int, open_chance: float) -> list[list[str]]:
    return [["O" if rng.random() < open_chance else "X" for _ in range(cols)] for _ in range(rows)]


def _rings(size: int) -> list[list[str]]:
    # Concentric square rings alternating X and O: only the outermost O ring survives.
    return [
        [("O" if min(r, c, size - 1 - r, size - 1 - c) % 2 else "X") for c in range(size)]
        for r in range(size)
    ]


def cases(rng: random.Random) -> list[Case]:
    out: list[Case] = [
        {"name": "single-o", "args": [[["O"]]]},
        {"name": "border-only", "args": [[["O", "O", "O"], ["O", "X", "O"], ["O", "O", "O"]]]},
        {"name": "captured-center", "args": [[["X", "X", "X"], ["X", "O", "X"], ["X", "X", "X"]]]},
        {"name": "rings", "args": [_rings(21)]},
        {"name": "open-field", "args": [[["O"] * 200 for _ in range(200)]]},
    ]
    for k in range(20):
        rows, cols = rng.randint(1, 8), rng.randint(1, 8)
        out.append(
            {"name": f"small-{k}", "args": [_board(rng, rows, cols, rng.choice([0.3, 0.5]))]}
        )
    for k in range(6):
        rows, cols = rng.randint(30, 120), rng.randint(30, 120)
        out.append(
            {"name": f"medium-{k}", "args": [_board(rng, rows, cols, rng.choice([0.4, 0.55]))]}
        )
    return out


def reference(case: Case) -> list[list[str]]:
    board: list[list[str]] = [list(row) for row in case["args"][0]]
    rows, cols = len(board), len(board[0])
    stack = [
        (r, c)
        for r in range(rows)
        for c in range(cols)
        if (r in (0, rows - 1) or c in (0, cols - 1)) and board[r][c] == "O"
    ]
    for r, c in stack:
        board[r][c] = "#"
    while stack:
        r, c = stack.pop()
        for dr, dc in STEPS:
            y, x = r + dr, c + dc
            if 0 <= y < rows and 0 <= x < cols and board[y][x] == "O":
                board[y][x] = "#"
                stack.append((y, x))
    return [["O" if cell == "#" else "X" for cell in row] for row in board]


def brute(case: Case) -> list[list[str]]:
    # Flood each O region from inside; flip it when none of its cells is on the border.
    board: list[list[str]] = [list(row) for row in case["args"][0]]
    rows, cols = len(board), len(board[0])
    seen: set[tuple[int, int]] = set()
    for r in range(rows):
        for c in range(cols):
            if board[r][c] != "O" or (r, c) in seen:
                continue
            region = [(r, c)]
            seen.add((r, c))
            for y, x in region:
                for dr, dc in STEPS:
                    ny, nx = y + dr, x + dc
                    if (
                        0 <= ny < rows
                        and 0 <= nx < cols
                        and board[ny][nx] == "O"
                        and (ny, nx) not in seen
                    ):
                        seen.add((ny, nx))
                        region.append((ny, nx))
            if not any(y in (0, rows - 1) or x in (0, cols - 1) for y, x in region):
                for y, x in region:
                    board[y][x] = "X"
    return board

def fill_grid(grid: List[List[str]], c: str) -> None:
    for row in grid:
        for j, cell in enumerate(row):
            if cell == ".":
                row[j] = c

function numIslands(grid: string[][]): number {
    const rows = grid.length;
    const cols = grid[0].length;
    const sink = (r: number, c: number): void => {
        const stack: number[] = [r * cols + c];
        grid[r][c] = "0";
        while (stack.length > 0) {
            const cell = stack.pop()!;
            const y = Math.floor(cell / cols);
            const x = cell % cols;
            const around: [number, number][] = [[y + 1, x], [y - 1, x], [y, x + 1], [y, x - 1]];
            for (const [ny, nx] of around) {
                if (ny >= 0 && ny < rows && nx >= 0 && nx < cols && grid[ny][nx] === "1") {
                    grid[ny][nx] = "0";
                    stack.push(ny * cols + nx);
                }
            }
        }
    };
    let islands = 0;
    for (let r = 0; r < rows; r++) {
        for (let c = 0; c < cols; c++) {
            if (grid[r][c] === "1") {
                islands++;
                sink(r, c);
            }
        }
    }
    return islands;
}

function orangesRotting(grid: number[][]): number {
    const rows = grid.length;
    const cols = grid[0].length;
    const queue: [number, number, number][] = [];
    let fresh = 0;
    for (let r = 0; r < rows; r++) {
        for (let c = 0; c < cols; c++) {
            if (grid[r][c] === 2) queue.push([r, c, 0]);
            else if (grid[r][c] === 1) fresh++;
        }
    }
    let minutes = 0;
    for (let head = 0; head < queue.length; head++) {
        const [r, c, t] = queue[head];
        minutes = t;
        const around: [number, number][] = [[r + 1, c], [r - 1, c], [r, c + 1], [r, c - 1]];
        for (const [y, x] of around) {
            if (y >= 0 && y < rows && x >= 0 && x < cols && grid[y][x] === 1) {
                grid[y][x] = 2;
                fresh--;
                queue.push([y, x, t + 1]);
            }
        }
    }
    return fresh > 0 ? -1 : minutes;
}

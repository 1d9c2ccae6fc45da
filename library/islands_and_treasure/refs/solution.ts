/**
 * Do not return anything, modify grid in place.
 */
function islandsAndTreasure(grid: number[][]): void {
    const INF = 2147483647;
    const rows = grid.length;
    const cols = grid[0].length;
    let frontier: [number, number][] = [];
    for (let r = 0; r < rows; r++) {
        for (let c = 0; c < cols; c++) if (grid[r][c] === 0) frontier.push([r, c]);
    }
    for (let distance = 1; frontier.length > 0; distance++) {
        const next: [number, number][] = [];
        for (const [r, c] of frontier) {
            const around: [number, number][] = [[r + 1, c], [r - 1, c], [r, c + 1], [r, c - 1]];
            for (const [y, x] of around) {
                if (y >= 0 && y < rows && x >= 0 && x < cols && grid[y][x] === INF) {
                    grid[y][x] = distance;
                    next.push([y, x]);
                }
            }
        }
        frontier = next;
    }
}

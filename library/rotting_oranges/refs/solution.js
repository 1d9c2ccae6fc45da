function orangesRotting(grid) {
    const rows = grid.length;
    const cols = grid[0].length;
    let frontier = [];
    let fresh = 0;
    for (let r = 0; r < rows; r++) {
        for (let c = 0; c < cols; c++) {
            if (grid[r][c] === 2) frontier.push([r, c]);
            else if (grid[r][c] === 1) fresh++;
        }
    }
    let minutes = 0;
    while (frontier.length && fresh) {
        minutes++;
        const next = [];
        for (const [r, c] of frontier) {
            for (const [y, x] of [[r + 1, c], [r - 1, c], [r, c + 1], [r, c - 1]]) {
                if (y >= 0 && y < rows && x >= 0 && x < cols && grid[y][x] === 1) {
                    grid[y][x] = 2;
                    fresh--;
                    next.push([y, x]);
                }
            }
        }
        frontier = next;
    }
    return fresh ? -1 : minutes;
}

/**
 * @param {number[][]} grid
 * @return {void} Do not return anything, modify grid in place.
 */
var islandsAndTreasure = function (grid) {
    const INF = 2147483647;
    const rows = grid.length;
    const cols = grid[0].length;
    const queue = [];
    for (let r = 0; r < rows; r++) {
        for (let c = 0; c < cols; c++) if (grid[r][c] === 0) queue.push([r, c]);
    }
    for (let head = 0; head < queue.length; head++) {
        const [r, c] = queue[head];
        for (const [y, x] of [[r + 1, c], [r - 1, c], [r, c + 1], [r, c - 1]]) {
            if (y >= 0 && y < rows && x >= 0 && x < cols && grid[y][x] === INF) {
                grid[y][x] = grid[r][c] + 1;
                queue.push([y, x]);
            }
        }
    }
};

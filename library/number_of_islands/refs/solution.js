/**
 * @param {character[][]} grid
 * @return {number}
 */
var numIslands = function (grid) {
    const rows = grid.length;
    const cols = grid[0].length;
    let islands = 0;
    for (let r = 0; r < rows; r++) {
        for (let c = 0; c < cols; c++) {
            if (grid[r][c] !== "1") continue;
            islands++;
            grid[r][c] = "0";
            const stack = [[r, c]];
            while (stack.length) {
                const [y, x] = stack.pop();
                for (const [ny, nx] of [[y + 1, x], [y - 1, x], [y, x + 1], [y, x - 1]]) {
                    if (ny >= 0 && ny < rows && nx >= 0 && nx < cols && grid[ny][nx] === "1") {
                        grid[ny][nx] = "0";
                        stack.push([ny, nx]);
                    }
                }
            }
        }
    }
    return islands;
};

/**
 * Do not return anything, modify board in-place instead.
 */
function solve(board: string[][]): void {
    const rows = board.length;
    const cols = board[0].length;
    const keep = (r: number, c: number): void => {
        const stack: [number, number][] = [[r, c]];
        while (stack.length > 0) {
            const [y, x] = stack.pop()!;
            if (y < 0 || y >= rows || x < 0 || x >= cols || board[y][x] !== "O") continue;
            board[y][x] = "#";
            stack.push([y + 1, x], [y - 1, x], [y, x + 1], [y, x - 1]);
        }
    };
    for (let r = 0; r < rows; r++) {
        keep(r, 0);
        keep(r, cols - 1);
    }
    for (let c = 0; c < cols; c++) {
        keep(0, c);
        keep(rows - 1, c);
    }
    for (const row of board) {
        for (let c = 0; c < cols; c++) row[c] = row[c] === "#" ? "O" : "X";
    }
}

class Solution {
    public void solve(char[][] board) {
        int rows = board.length;
        int cols = board[0].length;
        Deque<int[]> stack = new ArrayDeque<>();
        for (int r = 0; r < rows; r++) {
            for (int c = 0; c < cols; c++) {
                boolean border = r == 0 || c == 0 || r == rows - 1 || c == cols - 1;
                if (border && board[r][c] == 'O') {
                    board[r][c] = '#';
                    stack.push(new int[] {r, c});
                }
            }
        }
        int[][] steps = {{1, 0}, {-1, 0}, {0, 1}, {0, -1}};
        while (!stack.isEmpty()) {
            int[] cell = stack.pop();
            for (int[] step : steps) {
                int y = cell[0] + step[0];
                int x = cell[1] + step[1];
                if (y >= 0 && y < rows && x >= 0 && x < cols && board[y][x] == 'O') {
                    board[y][x] = '#';
                    stack.push(new int[] {y, x});
                }
            }
        }
        for (char[] row : board) {
            for (int c = 0; c < cols; c++) {
                row[c] = row[c] == '#' ? 'O' : 'X';
            }
        }
    }
}

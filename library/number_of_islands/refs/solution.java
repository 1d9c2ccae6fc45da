class Solution {
    public int numIslands(char[][] grid) {
        int rows = grid.length;
        int cols = grid[0].length;
        int islands = 0;
        int[] stack = new int[rows * cols];
        int[][] steps = {{1, 0}, {-1, 0}, {0, 1}, {0, -1}};
        for (int r = 0; r < rows; r++) {
            for (int c = 0; c < cols; c++) {
                if (grid[r][c] != '1') {
                    continue;
                }
                islands++;
                grid[r][c] = '0';
                int size = 0;
                stack[size++] = r * cols + c;
                while (size > 0) {
                    int cell = stack[--size];
                    for (int[] step : steps) {
                        int y = cell / cols + step[0];
                        int x = cell % cols + step[1];
                        if (y >= 0 && y < rows && x >= 0 && x < cols && grid[y][x] == '1') {
                            grid[y][x] = '0';
                            stack[size++] = y * cols + x;
                        }
                    }
                }
            }
        }
        return islands;
    }
}

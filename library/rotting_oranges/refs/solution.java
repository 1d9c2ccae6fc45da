class Solution {
    public int orangesRotting(int[][] grid) {
        int rows = grid.length;
        int cols = grid[0].length;
        Deque<int[]> queue = new ArrayDeque<>();
        int fresh = 0;
        for (int r = 0; r < rows; r++) {
            for (int c = 0; c < cols; c++) {
                if (grid[r][c] == 2) {
                    queue.add(new int[] {r, c});
                } else if (grid[r][c] == 1) {
                    fresh++;
                }
            }
        }
        int[][] steps = {{1, 0}, {-1, 0}, {0, 1}, {0, -1}};
        int minutes = 0;
        while (!queue.isEmpty() && fresh > 0) {
            minutes++;
            for (int left = queue.size(); left > 0; left--) {
                int[] cell = queue.poll();
                for (int[] step : steps) {
                    int y = cell[0] + step[0];
                    int x = cell[1] + step[1];
                    if (y >= 0 && y < rows && x >= 0 && x < cols && grid[y][x] == 1) {
                        grid[y][x] = 2;
                        fresh--;
                        queue.add(new int[] {y, x});
                    }
                }
            }
        }
        return fresh == 0 ? minutes : -1;
    }
}

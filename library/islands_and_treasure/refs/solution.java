import java.util.ArrayDeque;
import java.util.Queue;

public class Solution {
    private static final int INF = Integer.MAX_VALUE;

    public void islandsAndTreasure(int[][] grid) {
        int rows = grid.length;
        int cols = grid[0].length;
        Queue<int[]> queue = new ArrayDeque<>();
        for (int r = 0; r < rows; r++) {
            for (int c = 0; c < cols; c++) {
                if (grid[r][c] == 0) {
                    queue.add(new int[] {r, c});
                }
            }
        }
        int[][] steps = {{1, 0}, {-1, 0}, {0, 1}, {0, -1}};
        while (!queue.isEmpty()) {
            int[] cell = queue.poll();
            for (int[] step : steps) {
                int y = cell[0] + step[0];
                int x = cell[1] + step[1];
                if (y >= 0 && y < rows && x >= 0 && x < cols && grid[y][x] == INF) {
                    grid[y][x] = grid[cell[0]][cell[1]] + 1;
                    queue.add(new int[] {y, x});
                }
            }
        }
    }
}

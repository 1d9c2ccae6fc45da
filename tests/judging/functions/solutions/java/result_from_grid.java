class Solution {
    public void fillGrid(char[][] grid, char c) {
        for (char[] row : grid) {
            for (int j = 0; j < row.length; j++) {
                if (row[j] == '.') {
                    row[j] = c;
                }
            }
        }
    }
}

class Solution {
public:
    int orangesRotting(vector<vector<int>>& grid) {
        int rows = grid.size(), cols = grid[0].size(), fresh = 0;
        queue<pair<int, int>> frontier;
        for (int r = 0; r < rows; r++) {
            for (int c = 0; c < cols; c++) {
                if (grid[r][c] == 2) frontier.push({r, c});
                else if (grid[r][c] == 1) fresh++;
            }
        }
        const int dr[] = {1, -1, 0, 0}, dc[] = {0, 0, 1, -1};
        int minutes = 0;
        while (!frontier.empty() && fresh > 0) {
            minutes++;
            for (int left = frontier.size(); left > 0; left--) {
                auto [r, c] = frontier.front();
                frontier.pop();
                for (int d = 0; d < 4; d++) {
                    int y = r + dr[d], x = c + dc[d];
                    if (y >= 0 && y < rows && x >= 0 && x < cols && grid[y][x] == 1) {
                        grid[y][x] = 2;
                        fresh--;
                        frontier.push({y, x});
                    }
                }
            }
        }
        return fresh == 0 ? minutes : -1;
    }
};

class Solution {
public:
    void islandsAndTreasure(vector<vector<int>>& grid) {
        const int INF = INT_MAX;
        int rows = grid.size(), cols = grid[0].size();
        queue<pair<int, int>> todo;
        for (int r = 0; r < rows; r++)
            for (int c = 0; c < cols; c++)
                if (grid[r][c] == 0) todo.push({r, c});
        const int dr[] = {1, -1, 0, 0}, dc[] = {0, 0, 1, -1};
        while (!todo.empty()) {
            auto [r, c] = todo.front();
            todo.pop();
            for (int d = 0; d < 4; d++) {
                int y = r + dr[d], x = c + dc[d];
                if (y >= 0 && y < rows && x >= 0 && x < cols && grid[y][x] == INF) {
                    grid[y][x] = grid[r][c] + 1;
                    todo.push({y, x});
                }
            }
        }
    }
};

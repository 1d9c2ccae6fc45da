class Solution {
public:
    int num_islands(vector<vector<char>>& grid) {
        int rows = grid.size(), cols = grid[0].size(), islands = 0;
        const int dr[] = {1, -1, 0, 0}, dc[] = {0, 0, 1, -1};
        vector<pair<int, int>> stack;
        for (int r = 0; r < rows; r++) {
            for (int c = 0; c < cols; c++) {
                if (grid[r][c] != '1') continue;
                islands++;
                grid[r][c] = '0';
                stack.push_back({r, c});
                while (!stack.empty()) {
                    auto [y, x] = stack.back();
                    stack.pop_back();
                    for (int d = 0; d < 4; d++) {
                        int ny = y + dr[d], nx = x + dc[d];
                        if (ny >= 0 && ny < rows && nx >= 0 && nx < cols && grid[ny][nx] == '1') {
                            grid[ny][nx] = '0';
                            stack.push_back({ny, nx});
                        }
                    }
                }
            }
        }
        return islands;
    }
};

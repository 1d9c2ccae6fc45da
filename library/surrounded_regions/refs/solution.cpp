class Solution {
public:
    void solve(vector<vector<char>>& board) {
        int rows = board.size(), cols = board[0].size();
        vector<pair<int, int>> stack;
        for (int r = 0; r < rows; r++)
            for (int c = 0; c < cols; c++)
                if ((r == 0 || c == 0 || r == rows - 1 || c == cols - 1) && board[r][c] == 'O')
                    stack.push_back({r, c});
        while (!stack.empty()) {
            auto [r, c] = stack.back();
            stack.pop_back();
            if (r < 0 || r >= rows || c < 0 || c >= cols || board[r][c] != 'O') continue;
            board[r][c] = '#';
            stack.insert(stack.end(), {{r + 1, c}, {r - 1, c}, {r, c + 1}, {r, c - 1}});
        }
        for (auto& row : board)
            for (char& cell : row) cell = cell == '#' ? 'O' : 'X';
    }
};

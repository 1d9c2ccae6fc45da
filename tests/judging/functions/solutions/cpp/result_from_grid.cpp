void fillGrid(vector<vector<char>>& grid, char c) {
    for (auto& row : grid)
        for (char& cell : row)
            if (cell == '.') cell = c;
}

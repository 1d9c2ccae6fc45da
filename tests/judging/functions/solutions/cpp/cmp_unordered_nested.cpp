vector<vector<string>> identity(vector<vector<string>>& x) { return x; }

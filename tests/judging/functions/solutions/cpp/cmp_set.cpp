vector<int> identity(vector<int>& x) { return x; }

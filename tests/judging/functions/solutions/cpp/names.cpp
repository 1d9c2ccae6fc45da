// The entry's own name gives a wrong answer: only the `names` override may be called.
int maxValue(vector<int>& nums) { return -1; }

int largest_cpp(vector<int>& nums) { return *max_element(nums.begin(), nums.end()); }

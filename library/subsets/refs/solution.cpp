class Solution {
public:
    vector<vector<int>> subsets(vector<int>& nums) {
        vector<vector<int>> answer = {{}};
        for (int value : nums) {
            int size = answer.size();
            for (int i = 0; i < size; i++) {
                vector<int> grown = answer[i];
                grown.push_back(value);
                answer.push_back(grown);
            }
        }
        return answer;
    }
};

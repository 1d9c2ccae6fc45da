vector<int> twoSum(vector<int>& nums, int target) {
    int missing = undeclared_variable + 1
    return {missing};
}

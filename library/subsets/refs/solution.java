class Solution {
    public List<List<Integer>> subsets(int[] nums) {
        List<List<Integer>> answer = new ArrayList<>();
        walk(nums, 0, new ArrayList<>(), answer);
        return answer;
    }

    private void walk(int[] nums, int i, List<Integer> chosen, List<List<Integer>> answer) {
        if (i == nums.length) {
            answer.add(new ArrayList<>(chosen));
            return;
        }
        walk(nums, i + 1, chosen, answer);
        chosen.add(nums[i]);
        walk(nums, i + 1, chosen, answer);
        chosen.remove(chosen.size() - 1);
    }
}

import java.util.*;

class Solution {
    public int[] topKFrequent(int[] nums, int k) {
        Map<Integer, Integer> counts = new HashMap<>();
        for (int value : nums) {
            counts.merge(value, 1, Integer::sum);
        }
        List<List<Integer>> buckets = new ArrayList<>();
        for (int i = 0; i <= nums.length; i++) {
            buckets.add(new ArrayList<>());
        }
        for (Map.Entry<Integer, Integer> entry : counts.entrySet()) {
            buckets.get(entry.getValue()).add(entry.getKey());
        }
        int[] answer = new int[k];
        int filled = 0;
        for (int count = nums.length; count > 0 && filled < k; count--) {
            for (int value : buckets.get(count)) {
                if (filled < k) {
                    answer[filled++] = value;
                }
            }
        }
        return answer;
    }
}

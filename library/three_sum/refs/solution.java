import java.util.*;

class Solution {
    public List<List<Integer>> threeSum(int[] nums) {
        int[] sorted = nums.clone();
        Arrays.sort(sorted);
        List<List<Integer>> answer = new ArrayList<>();
        for (int i = 0; i + 2 < sorted.length; i++) {
            if (i > 0 && sorted[i] == sorted[i - 1]) {
                continue;
            }
            int lo = i + 1;
            int hi = sorted.length - 1;
            while (lo < hi) {
                int total = sorted[i] + sorted[lo] + sorted[hi];
                if (total < 0) {
                    lo++;
                } else if (total > 0) {
                    hi--;
                } else {
                    answer.add(Arrays.asList(sorted[i], sorted[lo], sorted[hi]));
                    lo++;
                    while (lo < hi && sorted[lo] == sorted[lo - 1]) {
                        lo++;
                    }
                }
            }
        }
        return answer;
    }
}

import java.util.*;

class Solution {
    public int[] findOrder(int numCourses, int[][] prerequisites) {
        List<List<Integer>> unlocks = new ArrayList<>();
        for (int k = 0; k < numCourses; k++) unlocks.add(new ArrayList<>());
        int[] missing = new int[numCourses];
        for (int[] pair : prerequisites) {
            unlocks.get(pair[1]).add(pair[0]);
            missing[pair[0]]++;
        }
        int[] order = new int[numCourses];
        int taken = 0;
        for (int k = 0; k < numCourses; k++) {
            if (missing[k] == 0) order[taken++] = k;
        }
        // order[] doubles as the queue: courses between `next` and `taken` are waiting.
        for (int next = 0; next < taken; next++) {
            for (int later : unlocks.get(order[next])) {
                if (--missing[later] == 0) order[taken++] = later;
            }
        }
        return taken == numCourses ? order : new int[0];
    }
}

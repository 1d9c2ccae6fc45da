// Tries to read the harness's payload (and its nonce) again through stdin; any success is a
// harness bug, so the solution then throws and the case is not Accepted.
import java.io.*;

class Solution {
    private static String payloadAgain() {
        StringBuilder data = new StringBuilder();
        try (FileInputStream in = new FileInputStream(FileDescriptor.in)) {
            data.append(new String(in.readAllBytes()));
        } catch (IOException e) {
        }
        try (FileInputStream in = new FileInputStream("/proc/self/fd/0")) {
            data.append(new String(in.readAllBytes()));
        } catch (IOException e) {
        }
        return data.toString();
    }

    public int[] twoSum(int[] nums, int target) {
        if (payloadAgain().contains("nonce")) throw new IllegalStateException("payload read again");
        Map<Integer, Integer> seen = new HashMap<>();
        for (int i = 0; i < nums.length; i++) {
            Integer j = seen.get(target - nums[i]);
            if (j != null) return new int[] {j, i};
            seen.put(nums[i], i);
        }
        return new int[0];
    }
}

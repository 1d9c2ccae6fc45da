import java.io.DataInputStream;
import java.io.IOException;

public class Bare {
    static int maxValue(int[] nums) {
        int best = nums[0];
        for (int x : nums) {
            if (x > best) best = x;
        }
        return best;
    }

    public static void main(String[] args) throws IOException {
        java.io.StreamTokenizer in = new java.io.StreamTokenizer(
            new java.io.BufferedInputStream(System.in));
        in.nextToken();
        int n = (int) in.nval;
        StringBuilder out = new StringBuilder();
        for (int c = 0; c < n; c++) {
            in.nextToken();
            int[] nums = new int[(int) in.nval];
            for (int i = 0; i < nums.length; i++) {
                in.nextToken();
                nums[i] = (int) in.nval;
            }
            out.append(maxValue(nums)).append('\n');
        }
        System.out.print(out);
    }
}

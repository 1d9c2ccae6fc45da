class Solution {
    public double myPow(double x, int n) {
        // -n overflows for n = Integer.MIN_VALUE: work with a long.
        long power = Math.abs((long) n);
        double result = 1.0;
        while (power > 0) {
            if ((power & 1) == 1) {
                result *= x;
            }
            x *= x;
            power >>= 1;
        }
        return n < 0 ? 1.0 / result : result;
    }
}

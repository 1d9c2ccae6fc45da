class Solution {
public:
    double myPow(double x, int n) {
        // -n overflows for n = INT_MIN: work with a long long.
        long long power = llabs((long long)n);
        double result = 1.0;
        while (power > 0) {
            if (power & 1) result *= x;
            x *= x;
            power >>= 1;
        }
        return n < 0 ? 1.0 / result : result;
    }
};

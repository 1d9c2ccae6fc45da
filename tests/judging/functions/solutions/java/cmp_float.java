class Solution {
    public double[] identity(double[] x) {
        return x;
    }
}

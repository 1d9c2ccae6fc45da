class Solution {
    public int[][] identity(int[][] x) {
        return x;
    }
}

// List<Integer> where the manifest says int[]: the harness follows the declared type.
class Solution {
    public List<Integer> identity(List<Integer> x) {
        return x;
    }
}

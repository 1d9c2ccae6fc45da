class Solution {
    public List<List<String>> identity(List<List<String>> x) {
        return x;
    }
}

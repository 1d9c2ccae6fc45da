class Solution {
    public TreeNode identity(TreeNode x) {
        return x;
    }
}

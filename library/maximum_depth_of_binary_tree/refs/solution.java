class Solution {
    // Recursive on purpose: the deep cases need the harness's large thread stack.
    public int maxDepth(TreeNode root) {
        if (root == null) return 0;
        return 1 + Math.max(maxDepth(root.left), maxDepth(root.right));
    }
}

class Solution {
    public boolean isValidBST(TreeNode root) {
        // long bounds: node values reach Integer.MIN_VALUE and Integer.MAX_VALUE.
        return within(root, Long.MIN_VALUE, Long.MAX_VALUE);
    }

    private boolean within(TreeNode node, long low, long high) {
        if (node == null) return true;
        if (node.val <= low || node.val >= high) return false;
        return within(node.left, low, node.val) && within(node.right, node.val, high);
    }
}

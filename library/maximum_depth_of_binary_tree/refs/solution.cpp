class Solution {
public:
    // Recursive on purpose: the deep cases need the harness's large stack.
    int maxDepth(TreeNode* root) {
        if (!root) return 0;
        return 1 + max(maxDepth(root->left), maxDepth(root->right));
    }
};

class Solution {
public:
    TreeNode* invertTree(TreeNode* root) {
        queue<TreeNode*> pending;
        if (root) pending.push(root);
        while (!pending.empty()) {
            TreeNode* node = pending.front();
            pending.pop();
            swap(node->left, node->right);
            if (node->left) pending.push(node->left);
            if (node->right) pending.push(node->right);
        }
        return root;
    }
};

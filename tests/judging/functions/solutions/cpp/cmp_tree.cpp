TreeNode* identity(TreeNode* root) { return root; }

class Solution {
public:
    vector<vector<int>> levelOrder(TreeNode* root) {
        vector<vector<int>> levels;
        collect(root, 0, levels);
        return levels;
    }

private:
    // Preorder visits each level's nodes left to right, so appending keeps them in order.
    void collect(TreeNode* node, size_t depth, vector<vector<int>>& levels) {
        if (!node) return;
        if (levels.size() == depth) levels.emplace_back();
        levels[depth].push_back(node->val);
        collect(node->left, depth + 1, levels);
        collect(node->right, depth + 1, levels);
    }
};

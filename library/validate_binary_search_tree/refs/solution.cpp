class Solution {
public:
    // In-order traversal must be strictly increasing; the previous value is a pointer, not a
    // sentinel, since values reach INT_MIN.
    bool isValidBST(TreeNode* root) {
        stack<TreeNode*> pending;
        TreeNode* previous = nullptr;
        TreeNode* node = root;
        while (node || !pending.empty()) {
            while (node) {
                pending.push(node);
                node = node->left;
            }
            node = pending.top();
            pending.pop();
            if (previous && previous->val >= node->val) return false;
            previous = node;
            node = node->right;
        }
        return true;
    }
};

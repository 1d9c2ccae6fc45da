class Codec {
public:
    // Preorder with "#" for a missing child, written and read with explicit stacks so deep
    // trees do not exhaust the call stack.
    string serialize(TreeNode* root) {
        ostringstream out;
        stack<TreeNode*> pending;
        pending.push(root);
        while (!pending.empty()) {
            TreeNode* node = pending.top();
            pending.pop();
            if (!node) {
                out << "# ";
                continue;
            }
            out << node->val << ' ';
            pending.push(node->right);
            pending.push(node->left);
        }
        return out.str();
    }

    TreeNode* deserialize(string data) {
        istringstream in(data);
        TreeNode* root = nullptr;
        // Each entry is the slot the next token fills.
        stack<TreeNode**> slots;
        slots.push(&root);
        string token;
        while (in >> token) {
            TreeNode** slot = slots.top();
            slots.pop();
            if (token == "#") continue;
            *slot = new TreeNode(stoi(token));
            slots.push(&(*slot)->right);
            slots.push(&(*slot)->left);
        }
        return root;
    }
};

// Preorder with '#' for null, comma separated.
class Codec {
public:
    string serialize(TreeNode* root) {
        string out;
        write(root, out);
        return out;
    }
    TreeNode* deserialize(string data) {
        size_t pos = 0;
        return read(data, pos);
    }

private:
    void write(TreeNode* node, string& out) {
        if (!node) { out += "#,"; return; }
        out += to_string(node->val) + ",";
        write(node->left, out);
        write(node->right, out);
    }
    TreeNode* read(const string& data, size_t& pos) {
        size_t comma = data.find(',', pos);
        string token = data.substr(pos, comma - pos);
        pos = comma + 1;
        if (token == "#") return nullptr;
        TreeNode* node = new TreeNode(stoi(token));
        node->left = read(data, pos);
        node->right = read(data, pos);
        return node;
    }
};

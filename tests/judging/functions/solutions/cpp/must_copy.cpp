class Solution {
    unordered_map<Node*, Node*> copies;

public:
    Node* cloneGraph(Node* node) {
        if (!node) return nullptr;
        auto found = copies.find(node);
        if (found != copies.end()) return found->second;
        Node* copy = new Node(node->val);
        copies[node] = copy;
        for (Node* n : node->neighbors) copy->neighbors.push_back(cloneGraph(n));
        return copy;
    }
};

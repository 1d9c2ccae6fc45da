Node* cloneGraph(Node* node) { return node; }

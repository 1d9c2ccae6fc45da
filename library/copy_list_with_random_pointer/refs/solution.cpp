class Solution {
public:
    Node* copyRandomList(Node* head) {
        unordered_map<Node*, Node*> copies{{nullptr, nullptr}};
        for (Node* node = head; node; node = node->next) copies[node] = new Node(node->val);
        for (Node* node = head; node; node = node->next) {
            copies[node]->next = copies[node->next];
            copies[node]->random = copies[node->random];
        }
        return copies[head];
    }
};

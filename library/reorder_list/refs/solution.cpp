class Solution {
public:
    void reorderList(ListNode* head) {
        // Collect the nodes, then relink from both ends towards the middle.
        vector<ListNode*> nodes;
        for (ListNode* node = head; node; node = node->next) nodes.push_back(node);
        size_t lo = 0, hi = nodes.size() - 1;
        while (lo < hi) {
            nodes[lo]->next = nodes[hi];
            lo++;
            if (lo == hi) break;
            nodes[hi]->next = nodes[lo];
            hi--;
        }
        nodes[lo]->next = nullptr;
    }
};

class Solution {
public:
    // Divide and conquer: merge pairs of lists until one is left, O(N log k).
    ListNode* mergeKLists(vector<ListNode*>& lists) {
        if (lists.empty()) return nullptr;
        for (size_t step = 1; step < lists.size(); step *= 2) {
            for (size_t k = 0; k + step < lists.size(); k += 2 * step) {
                lists[k] = merge(lists[k], lists[k + step]);
            }
        }
        return lists[0];
    }

private:
    ListNode* merge(ListNode* a, ListNode* b) {
        ListNode dummy;
        ListNode* tail = &dummy;
        while (a && b) {
            if (a->val <= b->val) {
                tail->next = a;
                a = a->next;
            } else {
                tail->next = b;
                b = b->next;
            }
            tail = tail->next;
        }
        tail->next = a ? a : b;
        return dummy.next;
    }
};

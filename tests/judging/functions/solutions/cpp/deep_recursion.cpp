// One call per node: 100,000 frames deep.
long long sumList(ListNode* head) {
    if (head == nullptr) return 0;
    return head->val + sumList(head->next);
}

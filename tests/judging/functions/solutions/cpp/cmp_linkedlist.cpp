ListNode* identity(ListNode* head) { return head; }

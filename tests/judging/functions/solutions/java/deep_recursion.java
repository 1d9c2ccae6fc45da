class Solution {
    public long sumList(ListNode head) {
        return head == null ? 0 : head.val + sumList(head.next);
    }
}

class Solution {
    public void reorderList(ListNode head) {
        ListNode slow = head, fast = head;
        while (fast.next != null && fast.next.next != null) {
            slow = slow.next;
            fast = fast.next.next;
        }
        ListNode second = slow.next, previous = null;
        slow.next = null;
        while (second != null) {
            ListNode next = second.next;
            second.next = previous;
            previous = second;
            second = next;
        }
        ListNode first = head;
        second = previous;
        while (second != null) {
            ListNode firstNext = first.next, secondNext = second.next;
            first.next = second;
            second.next = firstNext;
            first = firstNext;
            second = secondNext;
        }
    }
}

class Solution:
    def reorderList(self, head: Optional[ListNode]) -> None:
        """Split at the middle, reverse the second half, then weave the two halves."""
        slow = fast = head
        while fast.next and fast.next.next:
            slow, fast = slow.next, fast.next.next
        second, slow.next = slow.next, None
        previous = None
        while second:
            second.next, previous, second = previous, second, second.next
        first, second = head, previous
        while second:
            first.next, second.next, first, second = second, first.next, first.next, second.next

from typing import Optional

from nodes import ListNode


class Solution:
    def reorderList(self, head: Optional[ListNode]) -> None:
        """Split at the middle, reverse the second half, then weave the two halves."""
        assert head is not None  # LeetCode's lists here have at least one node
        slow = fast = head
        while fast.next and fast.next.next:
            assert slow.next is not None  # slow is behind fast
            slow, fast = slow.next, fast.next.next
        second, slow.next = slow.next, None
        previous: Optional[ListNode] = None
        while second:
            second.next, previous, second = previous, second, second.next
        first: Optional[ListNode]
        first, second = head, previous
        while second:
            assert first is not None  # the first half is at least as long as the second
            first.next, second.next, first, second = second, first.next, first.next, second.next

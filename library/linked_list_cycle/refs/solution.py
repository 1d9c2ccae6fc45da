from typing import Optional

from nodes import ListNode


class Solution:
    def hasCycle(self, head: Optional[ListNode]) -> bool:
        slow = fast = head
        while fast and fast.next:
            assert slow is not None  # slow is behind fast
            slow, fast = slow.next, fast.next.next
            if slow is fast:
                return True
        return False

from typing import Optional

from nodes import ListNode


class Solution:
    def reverseList(self, head: Optional[ListNode]) -> Optional[ListNode]:
        previous: Optional[ListNode] = None
        while head:
            head.next, previous, head = previous, head, head.next
        return previous

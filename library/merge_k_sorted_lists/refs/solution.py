import heapq
from typing import List, Optional

from nodes import ListNode


class Solution:
    def mergeKLists(self, lists: List[Optional[ListNode]]) -> Optional[ListNode]:
        # The list's index breaks ties, so nodes themselves are never compared.
        heap = [(node.val, k, node) for k, node in enumerate(lists) if node]
        heapq.heapify(heap)
        dummy = tail = ListNode()
        while heap:
            _, k, node = heapq.heappop(heap)
            tail.next = tail = node
            if node.next:
                heapq.heappush(heap, (node.next.val, k, node.next))
        tail.next = None
        return dummy.next

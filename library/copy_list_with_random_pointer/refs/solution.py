from typing import Optional

from nodes import RandomNode as Node


class Solution:
    def copyRandomList(self, head: "Optional[Node]") -> "Optional[Node]":
        # Looked up with .get: a next or random pointer that is None copies as None.
        copies: dict[Optional[Node], Node] = {}
        node = head
        while node:
            copies[node] = Node(node.val)
            node = node.next
        node = head
        while node:
            copies[node].next = copies.get(node.next)
            copies[node].random = copies.get(node.random)
            node = node.next
        return copies.get(head)

from typing import Optional

from nodes import GraphNode as Node


class Solution:
    def cloneGraph(self, node: Optional["Node"]) -> Optional["Node"]:
        if node is None:
            return None
        copies: dict[Node, Node] = {}

        def clone(original: Node) -> Node:
            if original not in copies:
                copies[original] = Node(original.val)
                copies[original].neighbors = [clone(n) for n in original.neighbors]
            return copies[original]

        return clone(node)

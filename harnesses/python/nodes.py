"""The node classes LeetCode's Python judge provides to solutions.

Two different classes are called `Node` on LeetCode (clone-graph's and copy-list-with-random-
pointer's), with different constructors, so each has its own name here and the harness binds the
one a problem needs to `Node` in the solution's namespace. Serialisation never relies on these
classes: it reads `val`, `next`, ... from whatever object the solution returns.
"""

from __future__ import annotations

# Only for annotations: importing typing costs every run milliseconds (docs/functions.md).
TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any


class ListNode:
    def __init__(self, val: Any = 0, next: ListNode | None = None) -> None:
        self.val = val
        self.next = next

    def __repr__(self) -> str:
        return f"ListNode({self.val!r})"


class TreeNode:
    def __init__(
        self, val: Any = 0, left: TreeNode | None = None, right: TreeNode | None = None
    ) -> None:
        self.val = val
        self.left = left
        self.right = right

    def __repr__(self) -> str:
        return f"TreeNode({self.val!r})"


class GraphNode:
    """LeetCode's clone-graph `Node(val, neighbors)`."""

    def __init__(self, val: Any = 0, neighbors: list[GraphNode] | None = None) -> None:
        self.val = val
        self.neighbors = neighbors if neighbors is not None else []

    def __repr__(self) -> str:
        return f"Node({self.val!r})"


class RandomNode:
    """LeetCode's copy-list-with-random-pointer `Node(x, next, random)`."""

    def __init__(
        self, x: Any = 0, next: RandomNode | None = None, random: RandomNode | None = None
    ) -> None:
        self.val = x
        self.next = next
        self.random = random

    def __repr__(self) -> str:
        return f"Node({self.val!r})"

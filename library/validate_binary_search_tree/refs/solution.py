from typing import Optional

from nodes import TreeNode


class Solution:
    def isValidBST(self, root: Optional[TreeNode]) -> bool:
        # Bounds are None rather than sentinels: node values reach both ends of the int range.
        stack: list[tuple[Optional[TreeNode], Optional[int], Optional[int]]] = [(root, None, None)]
        while stack:
            node, low, high = stack.pop()
            if node is None:
                continue
            if (low is not None and node.val <= low) or (high is not None and node.val >= high):
                return False
            stack.append((node.left, low, node.val))
            stack.append((node.right, node.val, high))
        return True

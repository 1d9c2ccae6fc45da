from collections import deque
from typing import List, Optional

from nodes import TreeNode


class Solution:
    def levelOrder(self, root: Optional[TreeNode]) -> List[List[int]]:
        levels: List[List[int]] = []
        queue = deque([root] if root else [])
        while queue:
            levels.append([])
            for _ in range(len(queue)):
                node = queue.popleft()
                levels[-1].append(node.val)
                queue.extend(child for child in (node.left, node.right) if child)
        return levels

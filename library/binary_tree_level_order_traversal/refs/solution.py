from collections import deque


class Solution:
    def levelOrder(self, root: Optional[TreeNode]) -> List[List[int]]:
        levels = []
        queue = deque([root] if root else [])
        while queue:
            levels.append([])
            for _ in range(len(queue)):
                node = queue.popleft()
                levels[-1].append(node.val)
                queue.extend(child for child in (node.left, node.right) if child)
        return levels

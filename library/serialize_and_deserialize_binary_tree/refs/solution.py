from collections import deque
from typing import Optional

from nodes import TreeNode


class Codec:
    def serialize(self, root: Optional[TreeNode]) -> str:
        out: list[str] = []
        queue = deque([root])
        while queue:
            node = queue.popleft()
            out.append(str(node.val) if node else "#")
            if node:
                queue.extend((node.left, node.right))
        return ",".join(out)

    def deserialize(self, data: str) -> Optional[TreeNode]:
        tokens = iter(data.split(","))
        first = next(tokens)
        root = None if first == "#" else TreeNode(int(first))
        queue = deque([root] if root else [])
        while queue:
            node = queue.popleft()
            for side in ("left", "right"):
                token = next(tokens)
                if token != "#":
                    child = TreeNode(int(token))
                    setattr(node, side, child)
                    queue.append(child)
        return root

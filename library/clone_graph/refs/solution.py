class Solution:
    def cloneGraph(self, node: Optional["Node"]) -> Optional["Node"]:
        if node is None:
            return None
        copies = {}

        def clone(original):
            if original not in copies:
                copies[original] = Node(original.val)
                copies[original].neighbors = [clone(n) for n in original.neighbors]
            return copies[original]

        return clone(node)

class Solution:
    def cloneGraph(self, node: Optional["Node"]) -> Optional["Node"]:
        return node

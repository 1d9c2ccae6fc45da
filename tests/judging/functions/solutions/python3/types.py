class Echo:
    def echoInt(self, x: int) -> int:
        return x

    def echoLong(self, x: int) -> int:
        return x

    def echoFloat(self, x: float) -> float:
        return x

    def echoBool(self, x: bool) -> bool:
        return x

    def echoString(self, x: str) -> str:
        return x

    def echoChar(self, x: str) -> str:
        return x

    def echoIntArray(self, x: List[int]) -> List[int]:
        return x

    def echoStringArray(self, x: List[str]) -> List[str]:
        return x

    def echoFloatArray(self, x: List[float]) -> List[float]:
        return x

    def echoBoolArray(self, x: List[bool]) -> List[bool]:
        return x

    def echoIntGrid(self, x: List[List[int]]) -> List[List[int]]:
        return x

    def echoCharGrid(self, x: List[List[str]]) -> List[List[str]]:
        return x

    def echoListNode(self, x: Optional[ListNode]) -> Optional[ListNode]:
        return x

    def echoTreeNode(self, x: Optional[TreeNode]) -> Optional[TreeNode]:
        return x

    def echoGraph(self, x: List[List[int]]) -> List[List[int]]:
        return x

    def echoGraphNode(self, x: Optional["Node"]) -> Optional["Node"]:
        return x

    def echoListNodeArray(self, x: List[Optional[ListNode]]) -> List[Optional[ListNode]]:
        return x

    def echoListNodeRandom(self, x: Optional["Node"]) -> Optional["Node"]:
        return x

    def cycleEntry(self, head: Optional[ListNode]) -> int:
        index = {}
        node, k = head, 0
        while node is not None and id(node) not in index:
            index[id(node)] = k
            node, k = node.next, k + 1
        return -1 if node is None else index[id(node)]

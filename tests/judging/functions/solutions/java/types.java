// Every echo returns its argument; GraphNode and ListNodeRandom are both the harness's Node.
class Echo {
    public int echoInt(int x) { return x; }

    public long echoLong(long x) { return x; }

    public double echoFloat(double x) { return x; }

    public boolean echoBool(boolean x) { return x; }

    public String echoString(String x) { return x; }

    public char echoChar(char x) { return x; }

    public int[] echoIntArray(int[] x) { return x; }

    public String[] echoStringArray(String[] x) { return x; }

    public double[] echoFloatArray(double[] x) { return x; }

    public boolean[] echoBoolArray(boolean[] x) { return x; }

    public int[][] echoIntGrid(int[][] x) { return x; }

    public char[][] echoCharGrid(char[][] x) { return x; }

    public ListNode echoListNode(ListNode x) { return x; }

    public TreeNode echoTreeNode(TreeNode x) { return x; }

    public List<List<Integer>> echoGraph(List<List<Integer>> x) { return x; }

    public Node echoGraphNode(Node x) { return x; }

    public ListNode[] echoListNodeArray(ListNode[] x) { return x; }

    public Node echoListNodeRandom(Node x) { return x; }

    public int cycleEntry(ListNode head) {
        Map<ListNode, Integer> index = new IdentityHashMap<>();
        int k = 0;
        ListNode node = head;
        while (node != null && !index.containsKey(node)) {
            index.put(node, k++);
            node = node.next;
        }
        return node == null ? -1 : index.get(node);
    }
}

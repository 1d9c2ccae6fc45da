// LeetCode's Node, compiled next to a solution that does not declare its own. One class serves
// both of LeetCode's shapes: the graph node of Clone Graph (val, neighbors) and the node of
// Copy List with Random Pointer (val, next, random).
class Node {
    public int val;
    public List<Node> neighbors;
    public Node next;
    public Node random;

    public Node() {
        this(0);
    }

    public Node(int val) {
        this.val = val;
        this.neighbors = new ArrayList<Node>();
    }

    public Node(int val, ArrayList<Node> neighbors) {
        this.val = val;
        this.neighbors = neighbors;
    }
}

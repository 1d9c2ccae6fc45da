class Solution {
    public Node cloneGraph(Node node) {
        return node;
    }
}

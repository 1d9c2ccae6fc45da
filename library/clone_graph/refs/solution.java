import java.util.*;

class Solution {
    public Node cloneGraph(Node node) {
        if (node == null) return null;
        Map<Node, Node> copies = new HashMap<>();
        copies.put(node, new Node(node.val));
        Deque<Node> queue = new ArrayDeque<>(List.of(node));
        while (!queue.isEmpty()) {
            Node original = queue.poll();
            for (Node neighbour : original.neighbors) {
                if (!copies.containsKey(neighbour)) {
                    copies.put(neighbour, new Node(neighbour.val));
                    queue.add(neighbour);
                }
                copies.get(original).neighbors.add(copies.get(neighbour));
            }
        }
        return copies.get(node);
    }
}

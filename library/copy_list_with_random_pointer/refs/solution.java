class Solution {
    public Node copyRandomList(Node head) {
        // Weave each copy right after its original, set the copies' randoms, then unweave.
        for (Node node = head; node != null; node = node.next.next) {
            Node copy = new Node(node.val);
            copy.next = node.next;
            node.next = copy;
        }
        for (Node node = head; node != null; node = node.next.next) {
            node.next.random = node.random == null ? null : node.random.next;
        }
        Node copyHead = head == null ? null : head.next;
        for (Node node = head; node != null; node = node.next) {
            Node copy = node.next;
            node.next = copy.next;
            copy.next = copy.next == null ? null : copy.next.next;
        }
        return copyHead;
    }
}

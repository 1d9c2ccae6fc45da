import java.util.PriorityQueue;

class Solution {
    public ListNode mergeKLists(ListNode[] lists) {
        PriorityQueue<ListNode> heads = new PriorityQueue<>((a, b) -> Integer.compare(a.val, b.val));
        for (ListNode list : lists) {
            if (list != null) heads.add(list);
        }
        ListNode dummy = new ListNode(0);
        ListNode tail = dummy;
        while (!heads.isEmpty()) {
            ListNode node = heads.poll();
            tail.next = node;
            tail = node;
            if (node.next != null) heads.add(node.next);
        }
        tail.next = null;
        return dummy.next;
    }
}

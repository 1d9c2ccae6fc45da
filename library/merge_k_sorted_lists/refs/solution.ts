function mergeKLists(lists: Array<ListNode | null>): ListNode | null {
    // Collect every node, sort by value, relink: O(N log N).
    const nodes: ListNode[] = [];
    for (const list of lists) {
        for (let node = list; node !== null; node = node.next) nodes.push(node);
    }
    nodes.sort((a, b) => a.val - b.val);
    nodes.forEach((node, k) => {
        node.next = k + 1 < nodes.length ? nodes[k + 1] : null;
    });
    return nodes.length ? nodes[0] : null;
}

/**
 Do not return anything, modify head in-place instead.
 */
function reorderList(head: ListNode | null): void {
    const nodes: ListNode[] = [];
    for (let node = head; node !== null; node = node.next) nodes.push(node);
    let lo = 0;
    let hi = nodes.length - 1;
    const order: ListNode[] = [];
    while (lo <= hi) {
        order.push(nodes[lo++]);
        if (lo <= hi) order.push(nodes[hi--]);
    }
    order.forEach((node, k) => {
        node.next = k + 1 < order.length ? order[k + 1] : null;
    });
}

/**
 * A binary min-heap of list heads.
 * @param {ListNode[]} lists
 * @return {ListNode}
 */
var mergeKLists = function (lists) {
  const heap = lists.filter((node) => node !== null);
  const less = (i, j) => heap[i].val < heap[j].val;
  const swap = (i, j) => ([heap[i], heap[j]] = [heap[j], heap[i]]);
  const down = (i) => {
    for (;;) {
      let smallest = i;
      for (const child of [2 * i + 1, 2 * i + 2]) {
        if (child < heap.length && less(child, smallest)) smallest = child;
      }
      if (smallest === i) return;
      swap(i, smallest);
      i = smallest;
    }
  };
  for (let i = Math.floor(heap.length / 2); i >= 0; i--) down(i);
  const dummy = new ListNode();
  let tail = dummy;
  while (heap.length) {
    const node = heap[0];
    tail = tail.next = node;
    if (node.next) heap[0] = node.next;
    else {
      heap[0] = heap[heap.length - 1];
      heap.pop();
    }
    if (heap.length) down(0);
  }
  tail.next = null;
  return dummy.next;
};

/**
 * @param {ListNode} head
 * @return {boolean}
 */
var hasCycle = function (head) {
  // Marks visited nodes in a Set: O(n) memory, the simple way.
  const seen = new Set();
  for (let node = head; node; node = node.next) {
    if (seen.has(node)) return true;
    seen.add(node);
  }
  return false;
};

/**
 * @param {ListNode} head
 * @return {ListNode}
 */
var reverseList = function (head) {
  let previous = null;
  while (head) {
    [head.next, previous, head] = [previous, head, head.next];
  }
  return previous;
};

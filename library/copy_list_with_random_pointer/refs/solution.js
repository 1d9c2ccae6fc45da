/**
 * @param {_Node} head
 * @return {_Node}
 */
var copyRandomList = function (head) {
  const copies = new Map([[null, null]]);
  for (let node = head; node; node = node.next) copies.set(node, new _Node(node.val));
  for (let node = head; node; node = node.next) {
    copies.get(node).next = copies.get(node.next);
    copies.get(node).random = copies.get(node.random);
  }
  return copies.get(head);
};

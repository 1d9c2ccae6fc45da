/**
 * @param {_Node} node
 * @return {_Node}
 */
var cloneGraph = function (node) {
  if (!node) return null;
  const copies = new Map([[node, new _Node(node.val)]]);
  const queue = [node];
  for (let at = 0; at < queue.length; at++) {
    const original = queue[at];
    for (const neighbour of original.neighbors) {
      if (!copies.has(neighbour)) {
        copies.set(neighbour, new _Node(neighbour.val));
        queue.push(neighbour);
      }
      copies.get(original).neighbors.push(copies.get(neighbour));
    }
  }
  return copies.get(node);
};

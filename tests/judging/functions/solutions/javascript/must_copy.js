/**
 * // Definition for a _Node.
 * function _Node(val, neighbors) {
 *    this.val = val === undefined ? 0 : val;
 *    this.neighbors = neighbors === undefined ? [] : neighbors;
 * };
 */

/**
 * @param {_Node} node
 * @return {_Node}
 */
var cloneGraph = function (node) {
  if (node === null) return null;
  const copies = new Map();
  const copy = (original) => {
    if (copies.has(original)) return copies.get(original);
    const made = new _Node(original.val);
    copies.set(original, made);
    for (const next of original.neighbors) made.neighbors.push(copy(next));
    return made;
  };
  return copy(node);
};

/**
 * Definition for _Node.
 * class _Node {
 *     val: number
 *     neighbors: _Node[]
 *     constructor(val?: number, neighbors?: _Node[]) {
 *         this.val = (val===undefined ? 0 : val)
 *         this.neighbors = (neighbors===undefined ? [] : neighbors)
 *     }
 * }
 */

function cloneGraph(node: _Node | null): _Node | null {
  if (node === null) return null;
  const copies = new Map<_Node, _Node>();
  const copy = (original: _Node): _Node => {
    const known = copies.get(original);
    if (known !== undefined) return known;
    const made = new _Node(original.val);
    copies.set(original, made);
    for (const next of original.neighbors) made.neighbors.push(copy(next));
    return made;
  };
  return copy(node);
}

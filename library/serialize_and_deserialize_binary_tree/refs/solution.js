class Codec {
  /** The level order with nulls, as JSON. */
  serialize(root) {
    const out = [];
    const queue = [root];
    for (let at = 0; at < queue.length; at++) {
      const node = queue[at];
      out.push(node ? node.val : null);
      if (node) queue.push(node.left, node.right);
    }
    return JSON.stringify(out);
  }

  deserialize(data) {
    const values = JSON.parse(data);
    const nodes = values.map((v) => (v === null ? null : new TreeNode(v)));
    let child = 1;
    for (const node of nodes) {
      if (!node) continue;
      node.left = nodes[child++] ?? null;
      node.right = nodes[child++] ?? null;
    }
    return nodes[0];
  }
}

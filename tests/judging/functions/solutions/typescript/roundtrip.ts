class Codec {
  // Level order with "#" for missing children.
  serialize(root: TreeNode | null): string {
    const out: string[] = [];
    const queue: Array<TreeNode | null> = [root];
    for (let k = 0; k < queue.length; k++) {
      const node = queue[k];
      if (node === null) {
        out.push("#");
        continue;
      }
      out.push(String(node.val));
      queue.push(node.left, node.right);
    }
    return out.join(" ");
  }

  deserialize(data: string): TreeNode | null {
    const tokens = data.split(" ");
    if (tokens[0] === "#") return null;
    const root = new TreeNode(Number(tokens[0]));
    const queue: TreeNode[] = [root];
    let k = 1;
    for (let head = 0; head < queue.length; head++) {
      const node = queue[head];
      for (const side of ["left", "right"] as const) {
        const token = tokens[k++];
        if (token !== "#") {
          node[side] = new TreeNode(Number(token));
          queue.push(node[side]);
        }
      }
    }
    return root;
  }
}

class Codec {
  // Preorder with "#" for null children.
  serialize(root) {
    const out = [];
    const stack = [root];
    while (stack.length) {
      const node = stack.pop();
      if (node === null) {
        out.push("#");
      } else {
        out.push(String(node.val));
        stack.push(node.right, node.left);
      }
    }
    return out.join(",");
  }

  deserialize(data) {
    const tokens = data.split(",");
    let k = 0;
    const build = () => {
      const token = tokens[k++];
      if (token === "#") return null;
      const node = new TreeNode(Number(token));
      node.left = build();
      node.right = build();
      return node;
    };
    return build();
  }
}

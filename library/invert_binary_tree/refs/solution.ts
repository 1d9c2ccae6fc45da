function invertTree(root: TreeNode | null): TreeNode | null {
    const queue: TreeNode[] = root ? [root] : [];
    for (let at = 0; at < queue.length; at++) {
        const node = queue[at];
        [node.left, node.right] = [node.right, node.left];
        if (node.left) queue.push(node.left);
        if (node.right) queue.push(node.right);
    }
    return root;
}

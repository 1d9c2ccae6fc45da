function levelOrder(root: TreeNode | null): number[][] {
    const levels: number[][] = [];
    const queue: Array<[TreeNode, number]> = root ? [[root, 0]] : [];
    for (let at = 0; at < queue.length; at++) {
        const [node, depth] = queue[at];
        if (levels.length === depth) levels.push([]);
        levels[depth].push(node.val);
        if (node.left) queue.push([node.left, depth + 1]);
        if (node.right) queue.push([node.right, depth + 1]);
    }
    return levels;
}

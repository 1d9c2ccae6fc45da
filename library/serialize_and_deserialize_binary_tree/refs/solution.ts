class Codec {
    // Preorder, "x" for a missing child, space separated; both directions use explicit stacks.
    serialize(root: TreeNode | null): string {
        const out: string[] = [];
        const stack: Array<TreeNode | null> = [root];
        while (stack.length) {
            const node = stack.pop()!;
            out.push(node === null ? "x" : String(node.val));
            if (node !== null) stack.push(node.right, node.left);
        }
        return out.join(" ");
    }

    deserialize(data: string): TreeNode | null {
        const holder = new TreeNode(0);
        // Each entry: the node whose child comes next, and which child.
        const slots: Array<[TreeNode, "left" | "right"]> = [[holder, "left"]];
        for (const token of data.split(" ")) {
            const [parent, side] = slots.pop()!;
            if (token === "x") continue;
            const node = new TreeNode(Number(token));
            parent[side] = node;
            slots.push([node, "right"], [node, "left"]);
        }
        return holder.left;
    }
}

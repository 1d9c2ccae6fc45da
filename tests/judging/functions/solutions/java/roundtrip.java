public class Codec {
    public String serialize(TreeNode root) {
        StringBuilder out = new StringBuilder();
        walk(root, out);
        return out.toString();
    }

    private void walk(TreeNode node, StringBuilder out) {
        if (out.length() > 0) {
            out.append(',');
        }
        if (node == null) {
            out.append('#');
            return;
        }
        out.append(node.val);
        walk(node.left, out);
        walk(node.right, out);
    }

    public TreeNode deserialize(String data) {
        Iterator<String> tokens = Arrays.asList(data.split(",")).iterator();
        return build(tokens);
    }

    private TreeNode build(Iterator<String> tokens) {
        String token = tokens.next();
        if (token.equals("#")) {
            return null;
        }
        TreeNode node = new TreeNode(Integer.parseInt(token));
        node.left = build(tokens);
        node.right = build(tokens);
        return node;
    }
}

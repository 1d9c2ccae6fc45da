import java.util.*;

public class Codec {
    // Level order, "#" for a missing child, comma separated.
    public String serialize(TreeNode root) {
        StringBuilder out = new StringBuilder();
        Deque<TreeNode> queue = new ArrayDeque<>();
        out.append(root == null ? "#" : String.valueOf(root.val));
        if (root != null) queue.add(root);
        while (!queue.isEmpty()) {
            TreeNode node = queue.poll();
            for (TreeNode child : new TreeNode[] {node.left, node.right}) {
                out.append(',').append(child == null ? "#" : String.valueOf(child.val));
                if (child != null) queue.add(child);
            }
        }
        return out.toString();
    }

    public TreeNode deserialize(String data) {
        String[] tokens = data.split(",");
        if (tokens[0].equals("#")) return null;
        TreeNode root = new TreeNode(Integer.parseInt(tokens[0]));
        Deque<TreeNode> queue = new ArrayDeque<>(List.of(root));
        int at = 1;
        while (!queue.isEmpty()) {
            TreeNode node = queue.poll();
            if (!tokens[at].equals("#")) queue.add(node.left = new TreeNode(Integer.parseInt(tokens[at])));
            at++;
            if (!tokens[at].equals("#")) queue.add(node.right = new TreeNode(Integer.parseInt(tokens[at])));
            at++;
        }
        return root;
    }
}

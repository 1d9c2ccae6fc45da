class Codec {
    public String encode(List<String> strs) {
        StringBuilder out = new StringBuilder();
        for (String s : strs) {
            out.append(s.length()).append('#').append(s);
        }
        return out.toString();
    }

    public List<String> decode(String s) {
        List<String> out = new ArrayList<>();
        int i = 0;
        while (i < s.length()) {
            int hash = s.indexOf('#', i);
            int length = Integer.parseInt(s.substring(i, hash));
            out.add(s.substring(hash + 1, hash + 1 + length));
            i = hash + 1 + length;
        }
        return out;
    }
}

// Every echo method returns its argument unchanged; cycleEntry finds where a cycle starts.
class Echo {
public:
    int echoInt(int x) { return x; }
    long long echoLong(long long x) { return x; }
    double echoFloat(double x) { return x; }
    bool echoBool(bool x) { return x; }
    string echoString(string s) { return s; }
    char echoChar(char c) { return c; }
    vector<int> echoIntArray(vector<int>& v) { return v; }
    vector<string> echoStringArray(vector<string>& v) { return v; }
    vector<double> echoFloatArray(vector<double>& v) { return v; }
    vector<bool> echoBoolArray(vector<bool>& v) { return v; }
    vector<vector<int>> echoIntGrid(vector<vector<int>>& g) { return g; }
    vector<vector<char>> echoCharGrid(vector<vector<char>>& g) { return g; }
    ListNode* echoListNode(ListNode* head) { return head; }
    TreeNode* echoTreeNode(TreeNode* root) { return root; }
    vector<vector<int>> echoGraph(vector<vector<int>>& adj) { return adj; }
    Node* echoGraphNode(Node* node) { return node; }
    vector<ListNode*> echoListNodeArray(vector<ListNode*>& lists) { return lists; }
    Node* echoListNodeRandom(Node* head) { return head; }

    int cycleEntry(ListNode* head) {
        ListNode* slow = head;
        ListNode* fast = head;
        while (fast && fast->next) {
            slow = slow->next;
            fast = fast->next->next;
            if (slow == fast) {
                int index = 0;
                for (ListNode* p = head; p != slow; p = p->next, slow = slow->next) ++index;
                return index;
            }
        }
        return -1;
    }
};

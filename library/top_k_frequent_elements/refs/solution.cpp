class Solution {
public:
    vector<int> topKFrequent(vector<int>& nums, int k) {
        unordered_map<int, int> counts;
        for (int value : nums) counts[value]++;
        // A min-heap of (count, value) holding the k most frequent seen so far.
        priority_queue<pair<int, int>, vector<pair<int, int>>, greater<>> heap;
        for (auto [value, count] : counts) {
            heap.push({count, value});
            if ((int)heap.size() > k) heap.pop();
        }
        vector<int> answer;
        while (!heap.empty()) {
            answer.push_back(heap.top().second);
            heap.pop();
        }
        return answer;
    }
};

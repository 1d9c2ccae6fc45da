class Solution {
public:
    // Depth-first: a course is finished after everything it unlocks; reversed finishing order
    // is a valid order. Meeting a course still on the path means a cycle.
    vector<int> findOrder(int numCourses, vector<vector<int>>& prerequisites) {
        unlocks.assign(numCourses, {});
        state.assign(numCourses, 0);
        for (auto& pair : prerequisites) unlocks[pair[1]].push_back(pair[0]);
        for (int course = 0; course < numCourses; course++) {
            if (state[course] == 0 && !visit(course)) return {};
        }
        reverse(finished.begin(), finished.end());
        return finished;
    }

private:
    vector<vector<int>> unlocks;
    vector<int> state;  // 0 new, 1 on the current path, 2 finished
    vector<int> finished;

    bool visit(int course) {
        state[course] = 1;
        for (int later : unlocks[course]) {
            if (state[later] == 1) return false;
            if (state[later] == 0 && !visit(later)) return false;
        }
        state[course] = 2;
        finished.push_back(course);
        return true;
    }
};

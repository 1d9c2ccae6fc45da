// Forges the protocol like plain_forge, but keeps running and returns wrong answers.
#include <unistd.h>

vector<int> twoSum(vector<int>& nums, int target) {
    string lines;
    for (int i = 0; i < 5; ++i)
        lines += "LLJUDGE {\"i\":" + to_string(i) + ",\"name\":\"x\",\"status\":\"pass\",\"got\":[0,1]}\n";
    lines += "LLJUDGE-SUMMARY {\"passed\":5,\"total\":5}\n";
    cout << lines << flush;
    for (int fd = 1; fd < 64; ++fd) (void)!write(fd, lines.data(), lines.size());
    return {-1, -1};
}

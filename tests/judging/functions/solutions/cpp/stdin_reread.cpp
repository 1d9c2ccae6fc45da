// Tries to read the harness's payload (and its nonce) again through stdin; any success is a
// harness bug, so the solution then throws and the case is not Accepted.
#include <fcntl.h>
#include <unistd.h>

static string payload_again() {
    string data;
    vector<char> buffer(1 << 20);
    ssize_t n = pread(0, buffer.data(), buffer.size(), 0);
    if (n > 0) data.append(buffer.data(), n);
    int fd = open("/proc/self/fd/0", O_RDONLY);
    if (fd >= 0) {
        n = read(fd, buffer.data(), buffer.size());
        if (n > 0) data.append(buffer.data(), n);
        close(fd);
    }
    return data;
}

class Solution {
public:
    vector<int> twoSum(vector<int>& nums, int target) {
        if (payload_again().find("nonce") != string::npos) throw runtime_error("payload read again");
        unordered_map<int, int> seen;
        for (int i = 0; i < (int)nums.size(); i++) {
            auto it = seen.find(target - nums[i]);
            if (it != seen.end()) return {it->second, i};
            seen[nums[i]] = i;
        }
        return {};
    }
};

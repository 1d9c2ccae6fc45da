/**
 * @param {number[]} nums
 * @param {number} k
 * @return {number[]}
 */
var topKFrequent = function (nums, k) {
    const counts = new Map();
    for (const value of nums) counts.set(value, (counts.get(value) || 0) + 1);
    const buckets = Array.from({ length: nums.length + 1 }, () => []);
    for (const [value, count] of counts) buckets[count].push(value);
    const answer = [];
    for (let count = nums.length; count > 0 && answer.length < k; count--) {
        for (const value of buckets[count]) {
            if (answer.length < k) answer.push(value);
        }
    }
    return answer;
};

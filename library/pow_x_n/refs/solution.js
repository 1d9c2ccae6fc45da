/**
 * @param {number} x
 * @param {number} n
 * @return {number}
 */
var myPow = function (x, n) {
    // Bitwise operators work on 32 bits: halve with Math.floor so |n| = 2^31 is safe.
    let power = Math.abs(n);
    let result = 1;
    while (power > 0) {
        if (power % 2 === 1) result *= x;
        x *= x;
        power = Math.floor(power / 2);
    }
    return n < 0 ? 1 / result : result;
};

var TimeMap = function () {
  this.store = new Map(); // key -> [[timestamp, value], ...] in increasing time
};

/**
 * @param {string} key
 * @param {string} value
 * @param {number} timestamp
 * @return {void}
 */
TimeMap.prototype.set = function (key, value, timestamp) {
  if (!this.store.has(key)) this.store.set(key, []);
  this.store.get(key).push([timestamp, value]);
};

/**
 * @param {string} key
 * @param {number} timestamp
 * @return {string}
 */
TimeMap.prototype.get = function (key, timestamp) {
  const history = this.store.get(key) || [];
  let lo = 0;
  let hi = history.length; // the first entry after `timestamp` is in [lo, hi]
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (history[mid][0] <= timestamp) lo = mid + 1;
    else hi = mid;
  }
  return lo ? history[lo - 1][1] : "";
};

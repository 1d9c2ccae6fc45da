/**
 * Keys in an array, least recently used first: every call scans it (O(capacity)).
 * @param {number} capacity
 */
var LRUCache = function (capacity) {
  this.capacity = capacity;
  this.keys = [];
  this.values = [];
};

LRUCache.prototype.get = function (key) {
  const at = this.keys.indexOf(key);
  if (at < 0) return -1;
  const value = this.values[at];
  this.keys.splice(at, 1);
  this.values.splice(at, 1);
  this.keys.push(key);
  this.values.push(value);
  return value;
};

LRUCache.prototype.put = function (key, value) {
  let at = this.keys.indexOf(key);
  if (at < 0 && this.keys.length === this.capacity) at = 0;
  if (at >= 0) {
    this.keys.splice(at, 1);
    this.values.splice(at, 1);
  }
  this.keys.push(key);
  this.values.push(value);
};

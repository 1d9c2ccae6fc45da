/**
 * A Map iterates in insertion order: deleting and re-inserting a key makes it the newest, and
 * the first key is the least recently used.
 * @param {number} capacity
 */
var LRUCache = function (capacity) {
  this.capacity = capacity;
  this.items = new Map();
};

/**
 * @param {number} key
 * @return {number}
 */
LRUCache.prototype.get = function (key) {
  if (!this.items.has(key)) return -1;
  const value = this.items.get(key);
  this.items.delete(key);
  this.items.set(key, value);
  return value;
};

/**
 * @param {number} key
 * @param {number} value
 * @return {void}
 */
LRUCache.prototype.put = function (key, value) {
  this.items.delete(key);
  this.items.set(key, value);
  if (this.items.size > this.capacity) this.items.delete(this.items.keys().next().value);
};

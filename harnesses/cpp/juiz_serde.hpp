// Juiz C++ harness: "forms", one per type of the vocabulary (docs/functions.md). A form reads
// a JSON value into its C++ type and writes a value back; `write` and `collect` are templates
// over the value they get, so a solution returning `long long` where `int` is declared, or a
// node class of its own, still serialises. The generated glue composes forms per manifest:
// `int[][]` is Array<Array<Scalar<int>>>, `ListNode` is ListF<ListNode>.
#pragma once

#include <algorithm>
#include <queue>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <unordered_map>
#include <unordered_set>
#include <vector>

#include "juiz_json.hpp"

namespace juiz {

// Addresses of the nodes built for the mustCopy argument.
using NodeLog = std::vector<const void*>;
using NodeSet = std::unordered_set<const void*>;

// A result that cannot be serialised (a cyclic list...): the case ends in an error.
struct ResultError : std::runtime_error {
    using std::runtime_error::runtime_error;
};

inline void log_node(NodeLog* log, const void* node) {
    if (log != nullptr) log->push_back(node);
}

template <class T>
struct Scalar {
    using type = T;
    static T read(Cursor& c, NodeLog*) {
        if constexpr (std::is_same_v<T, bool>) {
            return c.boolean();
        } else if constexpr (std::is_same_v<T, std::string>) {
            return c.string();
        } else if constexpr (std::is_same_v<T, char>) {
            std::string s = c.string();
            if (s.size() != 1) throw CaseError("a char must be one byte, got \"" + s + "\"");
            return s[0];
        } else if constexpr (std::is_floating_point_v<T>) {
            return static_cast<T>(to_double(c.number()));
        } else {
            return static_cast<T>(to_long(c.number()));
        }
    }
    template <class V>
    static void write(Writer& w, const V& v) {
        if constexpr (std::is_same_v<T, std::string> || std::is_same_v<V, std::string>) {
            w.string(v);
        } else if constexpr (std::is_same_v<T, char>) {
            char ch = static_cast<char>(v);
            w.string(std::string_view(&ch, 1));
        } else if constexpr (std::is_same_v<T, bool>) {
            w.boolean(static_cast<bool>(v));
        } else if constexpr (std::is_floating_point_v<V>) {
            w.real(static_cast<double>(v));
        } else if constexpr (std::is_unsigned_v<V> && !std::is_same_v<V, bool>) {
            w.integer(static_cast<unsigned long long>(v));
        } else {
            w.integer(static_cast<long long>(v));
        }
    }
    template <class V>
    static void collect(const V&, NodeSet&) {}
};

template <class F>
struct Array {
    using type = std::vector<typename F::type>;
    static type read(Cursor& c, NodeLog* log) {
        type out;
        c.array([&] { out.push_back(F::read(c, log)); });
        return out;
    }
    template <class R>
    static void write(Writer& w, const R& range) {
        w.raw("[");
        bool first = true;
        for (const auto& item : range) {
            if (!first) w.raw(",");
            first = false;
            F::write(w, item);
        }
        w.raw("]");
    }
    template <class R>
    static void collect(const R& range, NodeSet& out) {
        for (const auto& item : range) F::collect(item, out);
    }
};

// --- ListNode -----------------------------------------------------------------------------

template <class N>
N* build_list(const std::vector<long long>& values, NodeLog* log, std::vector<N*>* nodes) {
    N* head = nullptr;
    N* tail = nullptr;
    for (long long v : values) {
        N* node = new N(static_cast<int>(v));
        log_node(log, node);
        if (nodes != nullptr) nodes->push_back(node);
        (tail != nullptr ? tail->next : head) = node;
        tail = node;
    }
    return head;
}

inline std::vector<long long> read_ints(Cursor& c) {
    std::vector<long long> out;
    if (c.eat_null()) return out;
    c.array([&] { out.push_back(to_long(c.number())); });
    return out;
}

// Calls visit(node) along `next`, throwing on a cycle (Brent's tortoise, no hashing).
template <class P, class F>
void walk_list(P head, F&& visit) {
    auto slow = head;
    size_t steps = 0, limit = 2;
    for (auto node = head; node != nullptr; node = node->next) {
        visit(node);
        if (++steps == limit) {
            slow = node;
            limit *= 2;
            steps = 0;
        } else if (node->next == slow && slow != nullptr) {
            throw ResultError("the returned list has a cycle");
        }
    }
}

template <class N>
struct ListF {
    using type = N*;
    static N* read(Cursor& c, NodeLog* log) { return build_list<N>(read_ints(c), log, nullptr); }
    template <class P>
    static void write(Writer& w, const P& head) {
        w.raw("[");
        bool first = true;
        walk_list(head, [&](auto node) {
            if (!first) w.raw(",");
            first = false;
            w.integer(static_cast<long long>(node->val));
        });
        w.raw("]");
    }
    template <class P>
    static void collect(const P& head, NodeSet& out) {
        walk_list(head, [&](auto node) { out.insert(node); });
    }
};

// {"values": [...], "pos": p}: the tail links back to values[pos] (-1: no cycle).
template <class N>
struct CycleListF : ListF<N> {
    static N* read(Cursor& c, NodeLog* log) {
        std::vector<long long> values;
        long long pos = -1;
        c.object([&](const std::string& key) {
            if (key == "values") values = read_ints(c);
            else if (key == "pos") pos = to_long(c.number());
            else c.skip_value();
        });
        std::vector<N*> nodes;
        N* head = build_list<N>(values, log, &nodes);
        if (pos >= 0 && pos < static_cast<long long>(nodes.size()))
            nodes.back()->next = nodes[static_cast<size_t>(pos)];
        return head;
    }
};

// --- TreeNode: level order with nulls, the children of a null omitted --------------------

template <class N>
struct TreeF {
    using type = N*;
    static N* read(Cursor& c, NodeLog* log) {
        std::vector<N*> order;  // nullptr for a null
        if (c.eat_null()) return nullptr;
        c.array([&] {
            N* node = c.eat_null() ? nullptr : new N(static_cast<int>(to_long(c.number())));
            log_node(log, node);
            order.push_back(node);
        });
        if (order.empty() || order[0] == nullptr) return nullptr;
        size_t next = 1;
        for (size_t k = 0; k < order.size() && next < order.size(); ++k) {
            if (order[k] == nullptr) continue;
            order[k]->left = order[next++];
            if (next < order.size()) order[k]->right = order[next++];
        }
        return order[0];
    }
    template <class P>
    static void write(Writer& w, const P& root) {
        std::vector<P> order;
        walk(root, [&](P node) { order.push_back(node); });
        while (!order.empty() && order.back() == nullptr) order.pop_back();
        w.raw("[");
        for (size_t k = 0; k < order.size(); ++k) {
            if (k > 0) w.raw(",");
            if (order[k] == nullptr) w.null();
            else w.integer(static_cast<long long>(order[k]->val));
        }
        w.raw("]");
    }
    template <class P>
    static void collect(const P& root, NodeSet& out) {
        walk(root, [&](P node) {
            if (node != nullptr) out.insert(node);
        });
    }
    // Breadth first, nulls included (their children are not).
    template <class P, class F>
    static void walk(P root, F&& visit) {
        if (root == nullptr) return;
        NodeSet seen;
        std::queue<P> queue;
        queue.push(root);
        while (!queue.empty()) {
            P node = queue.front();
            queue.pop();
            visit(node);
            if (node == nullptr) continue;
            if (!seen.insert(node).second)
                throw ResultError("the returned tree reaches a node twice (not a tree)");
            queue.push(node->left);
            queue.push(node->right);
        }
    }
};

// --- GraphNode: adj[i] = the values of node i+1's neighbours ------------------------------

template <class N>
struct GraphF {
    using type = N*;
    static N* read(Cursor& c, NodeLog* log) {
        std::vector<std::vector<long long>> adj;
        c.array([&] { adj.push_back(read_ints(c)); });
        std::vector<N*> nodes;
        for (size_t k = 0; k < adj.size(); ++k) {
            nodes.push_back(new N(static_cast<int>(k + 1)));
            log_node(log, nodes.back());
        }
        for (size_t k = 0; k < adj.size(); ++k)
            for (long long v : adj[k]) {
                if (v < 1 || v > static_cast<long long>(nodes.size()))
                    throw CaseError("graph: no node " + std::to_string(v));
                nodes[k]->neighbors.push_back(nodes[static_cast<size_t>(v - 1)]);
            }
        return nodes.empty() ? nullptr : nodes[0];
    }
    // Numbered by value, every neighbour list sorted: neighbour order never fails a case.
    template <class P>
    static void write(Writer& w, const P& start) {
        std::unordered_map<long long, std::vector<long long>> adj;
        long long most = 0;
        walk(start, [&](P node) {
            long long v = node->val;
            if (adj.count(v) != 0) throw ResultError("two graph nodes have the value " +
                                                     std::to_string(v));
            auto& list = adj[v];
            for (const auto& n : node->neighbors) list.push_back(n->val);
            std::sort(list.begin(), list.end());
            most = std::max(most, v);
        });
        w.raw("[");
        for (long long v = 1; v <= most; ++v) {
            if (v > 1) w.raw(",");
            Array<Scalar<long long>>::write(w, adj[v]);
        }
        w.raw("]");
    }
    template <class P>
    static void collect(const P& start, NodeSet& out) {
        walk(start, [&](P node) { out.insert(node); });
    }
    template <class P, class F>
    static void walk(P start, F&& visit) {
        if (start == nullptr) return;
        NodeSet seen{start};
        std::vector<P> stack{start};
        while (!stack.empty()) {
            P node = stack.back();
            stack.pop_back();
            visit(node);
            for (const auto& n : node->neighbors)
                if (n != nullptr && seen.insert(n).second) stack.push_back(n);
        }
    }
};

// --- ListNodeRandom: [[val, index of random or null], ...] -----------------------------

template <class N>
struct RandomListF {
    using type = N*;
    static N* read(Cursor& c, NodeLog* log) {
        std::vector<std::pair<long long, long long>> pairs;  // random -1: null
        c.array([&] {
            c.expect('[');
            long long val = to_long(c.number());
            c.expect(',');
            long long random = c.eat_null() ? -1 : to_long(c.number());
            c.expect(']');
            pairs.emplace_back(val, random);
        });
        std::vector<long long> values;
        for (auto& p : pairs) values.push_back(p.first);
        std::vector<N*> nodes;
        N* head = build_list<N>(values, log, &nodes);
        for (size_t k = 0; k < pairs.size(); ++k) {
            long long r = pairs[k].second;
            if (r >= static_cast<long long>(nodes.size())) throw CaseError("random out of range");
            nodes[k]->random = r < 0 ? nullptr : nodes[static_cast<size_t>(r)];
        }
        return head;
    }
    template <class P>
    static void write(Writer& w, const P& head) {
        std::unordered_map<const void*, long long> index;
        std::vector<P> nodes;
        walk_list(head, [&](P node) {
            index.emplace(node, static_cast<long long>(nodes.size()));
            nodes.push_back(node);
        });
        w.raw("[");
        for (size_t k = 0; k < nodes.size(); ++k) {
            w.raw(k > 0 ? ",[" : "[");
            w.integer(static_cast<long long>(nodes[k]->val));
            w.raw(",");
            if (nodes[k]->random == nullptr) {
                w.null();
            } else {
                auto found = index.find(nodes[k]->random);
                if (found == index.end())
                    throw ResultError("a random pointer leads outside the returned list");
                w.integer(found->second);
            }
            w.raw("]");
        }
        w.raw("]");
    }
    template <class P>
    static void collect(const P& head, NodeSet& out) {
        walk_list(head, [&](P node) {
            out.insert(node);
            if (node->random != nullptr) out.insert(node->random);
        });
    }
};

// Whether the result of form F shares a node with the logged argument (mustCopy).
template <class F, class V>
bool shares(const V& result, const NodeLog& argument) {
    NodeSet reached;
    F::collect(result, reached);
    for (const void* node : argument)
        if (node != nullptr && reached.count(node) != 0) return true;
    return false;
}

}  // namespace juiz

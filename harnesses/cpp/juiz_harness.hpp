// Juiz C++ harness: what the generated main.cpp needs to run cases (docs/functions.md, "The
// harness protocol"). The protocol itself, JSON and comparators are in juiz_runtime.cpp,
// compiled once on the host (adapters/cpp.py) and linked into every submission: compiling
// them with each submission would more than double its compile time.
//
// The generated main.cpp includes this file before the solution and defines
// juiz_glue::comparator and juiz_glue::run(case, outcome).
#pragma once

#include <chrono>
#include <ctime>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

#include "juiz_json.hpp"
#include "juiz_serde.hpp"

namespace juiz {

struct Step {
    std::string method;
    std::string_view args;
    std::string_view expected;
    bool has_expected = false;
};

struct Case {
    long long index = 0;
    std::string name;
    std::string_view args, expected, data;  // raw JSON inside the payload text
    bool has_expected = false;
    std::vector<Step> steps;
};

// What one case produced; the glue fills it.
struct Outcome {
    std::string value;  // the serialised result (function, roundtrip)
    std::vector<std::string> steps;  // each step's serialised result (sequence)
    bool sequence = false;
    bool shared = false;
    double ms = 0;
    double cpu_ms = 0;  // the calling thread's CPU clock: the solution's work only

    void start() {
        started_ = std::chrono::steady_clock::now();
        started_cpu_ = thread_cpu_ms();
    }
    void stop() {
        std::chrono::duration<double, std::milli> d = std::chrono::steady_clock::now() - started_;
        ms += d.count();
        cpu_ms += thread_cpu_ms() - started_cpu_;
    }
    std::string got() const {
        if (!sequence) return value;
        std::string out = "[";
        for (size_t k = 0; k < steps.size(); ++k) out += (k > 0 ? "," : "") + steps[k];
        return out + "]";
    }

  private:
    static double thread_cpu_ms() {
        timespec t{};
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
        return t.tv_sec * 1000.0 + t.tv_nsec / 1e6;
    }
    std::chrono::steady_clock::time_point started_;
    double started_cpu_ = 0;
};

// The overload rank of entry-point candidates: the glue's first choice gets the highest.
template <int N>
struct Rank : Rank<N - 1> {};
template <>
struct Rank<0> {};

// What the last-resort candidate returns: no name of the contract matched.
struct Missing {};
template <class T>
inline constexpr bool always_false = false;

// `typename Dep<T, A...>::type` is T, made dependent so that a missing or incomplete class
// (no LeetCode `Solution`) fails substitution instead of compilation.
template <class T, class...>
struct Dep {
    using type = T;
};

using RunCase = void (*)(const Case&, Outcome&);

// Runs every case of the payload read at start-up, writes the records and the summary, exits.
[[noreturn]] void main(RunCase run, const char* comparator);

}  // namespace juiz

namespace juiz_glue {
extern const char* const comparator;
void run(const juiz::Case& c, juiz::Outcome& o);
}  // namespace juiz_glue

#ifndef JUIZ_RUNTIME  // the runtime's own translation unit has no main
int main() { juiz::main(&juiz_glue::run, juiz_glue::comparator); }
#endif

// Juiz C++ harness, the part compiled once (see juiz_harness.hpp): JSON text, comparators and
// the LLJUDGE protocol.
//
// The payload is read by a static initialiser of priority 101, which runs before every
// default-priority initialiser of the program, in particular the solution's globals: it reads
// the whole payload from stdin, keeps the original stdout as the result channel (close-on-exec)
// and points fd 1 at stderr, so that cout, printf and write(1, ...) of the solution all land on
// stderr. A solution can still run code earlier (a constructor attribute with a priority of its
// own); that gains it nothing: hidden expected values are never in the payload, and the host
// compares every result itself.
#define JUIZ_RUNTIME

#include <cxxabi.h>
#include <fcntl.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <exception>
#include <iostream>
#include <string>
#include <typeinfo>
#include <vector>

#include "juiz_compare.hpp"
#include "juiz_harness.hpp"
#include "juiz_json.hpp"

namespace juiz {

// --- JSON text ----------------------------------------------------------------------------

void Cursor::fail(const std::string& what) const {
    throw CaseError("malformed JSON: " + what + " near '" +
                    std::string(p_, std::min<size_t>(20, static_cast<size_t>(end_ - p_))) + "'");
}

void put_utf8(std::string& out, unsigned cp) {
    if (cp < 0x80) {
        out += static_cast<char>(cp);
    } else if (cp < 0x800) {
        out += static_cast<char>(0xC0 | (cp >> 6));
        out += static_cast<char>(0x80 | (cp & 0x3F));
    } else if (cp < 0x10000) {
        out += static_cast<char>(0xE0 | (cp >> 12));
        out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
        out += static_cast<char>(0x80 | (cp & 0x3F));
    } else {
        out += static_cast<char>(0xF0 | (cp >> 18));
        out += static_cast<char>(0x80 | ((cp >> 12) & 0x3F));
        out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
        out += static_cast<char>(0x80 | (cp & 0x3F));
    }
}

unsigned Cursor::hex4() {
    if (end_ - p_ < 4) fail("short \\u escape");
    unsigned v = 0;
    for (int k = 0; k < 4; ++k, ++p_) {
        char c = *p_;
        int d = c >= '0' && c <= '9' ? c - '0'
                : c >= 'a' && c <= 'f' ? c - 'a' + 10
                : c >= 'A' && c <= 'F' ? c - 'A' + 10
                                       : -1;
        if (d < 0) fail("bad \\u escape");
        v = v * 16 + static_cast<unsigned>(d);
    }
    return v;
}

std::string Cursor::string() {
    expect('"');
    std::string out;
    while (true) {
        if (p_ >= end_) fail("unterminated string");
        char c = *p_++;
        if (c == '"') return out;
        if (c != '\\') {
            out += c;
            continue;
        }
        if (p_ >= end_) fail("unterminated escape");
        char e = *p_++;
        switch (e) {
            case 'n': out += '\n'; break;
            case 't': out += '\t'; break;
            case 'r': out += '\r'; break;
            case 'b': out += '\b'; break;
            case 'f': out += '\f'; break;
            case 'u': {
                unsigned cp = hex4();
                if (cp >= 0xD800 && cp < 0xDC00 && end_ - p_ >= 6 && p_[0] == '\\' &&
                    p_[1] == 'u') {
                    p_ += 2;
                    unsigned low = hex4();
                    cp = 0x10000 + ((cp - 0xD800) << 10) + (low - 0xDC00);
                }
                put_utf8(out, cp);
                break;
            }
            default: out += e;  // \" \\ \/
        }
    }
}

std::string_view Cursor::skip_value() {
    char c = peek();
    const char* start = p_;
    if (c == '"') {
        string();
    } else if (c == '[') {
        array([&] { skip_value(); });
    } else if (c == '{') {
        object([&](const std::string&) { skip_value(); });
    } else if (c == 't' || c == 'f') {
        boolean();
    } else if (!eat_null()) {
        number();
    }
    return {start, static_cast<size_t>(p_ - start)};
}

// Length of the valid UTF-8 sequence at s[i], or 0 when it is not valid UTF-8.
size_t utf8_length(std::string_view s, size_t i) {
    auto b = static_cast<unsigned char>(s[i]);
    size_t n = b < 0x80 ? 1 : (b >> 5) == 0x6 ? 2 : (b >> 4) == 0xE ? 3 : (b >> 3) == 0x1E ? 4 : 0;
    if (n == 0 || i + n > s.size()) return 0;
    for (size_t k = 1; k < n; ++k)
        if ((static_cast<unsigned char>(s[i + k]) & 0xC0) != 0x80) return 0;
    return n;
}

// A solution's string may hold any bytes (a C++ char is a byte); bytes that are not UTF-8 are
// written as \u00XX so that the line stays valid JSON.
void Writer::string(std::string_view s) {
    out += '"';
    for (size_t i = 0; i < s.size();) {
        auto c = static_cast<unsigned char>(s[i]);
        size_t n = utf8_length(s, i);
        if (c == '"' || c == '\\') {
            out += '\\';
            out += static_cast<char>(c);
        } else if (c >= 0x20 && n > 0) {
            out.append(s.data() + i, n);
            i += n;
            continue;
        } else if (c == '\n') {
            out += "\\n";
        } else if (c == '\t') {
            out += "\\t";
        } else {
            char buf[8];
            std::snprintf(buf, sizeof buf, "\\u%04x", c);
            out += buf;
        }
        ++i;
    }
    out += '"';
}

Json parse_json(std::string_view text) {
    Cursor c(text);
    return parse_json(c);
}

Json parse_json(Cursor& c) {
    Json j;
    char first = c.peek();
    if (first == '"') {
        j.kind = Json::String;
        j.text = c.string();
    } else if (first == '[') {
        j.kind = Json::Array;
        c.array([&] { j.items.push_back(parse_json(c)); });
    } else if (first == '{') {
        j.kind = Json::Object;
        std::vector<std::pair<std::string, Json>> members;
        c.object([&](const std::string& key) { members.emplace_back(key, parse_json(c)); });
        std::sort(members.begin(), members.end(),
                  [](const auto& a, const auto& b) { return a.first < b.first; });
        for (auto& m : members) {
            j.keys.push_back(m.first);
            j.items.push_back(std::move(m.second));
        }
    } else if (first == 't' || first == 'f') {
        j.kind = Json::Bool;
        j.flag = c.boolean();
    } else if (!c.eat_null()) {
        j.kind = Json::Number;
        j.text = std::string(c.number());
    }
    return j;
}


// --- comparators --------------------------------------------------------------------------

int sign(double d) { return d < 0 ? -1 : d > 0 ? 1 : 0; }

// Numbers compare by value (1 equals 1.0), exactly when both are integers.
int compare_numbers(const std::string& a, const std::string& b) {
    if (is_integer_text(a) && is_integer_text(b)) {
        long long x = 0, y = 0;
        auto ra = std::from_chars(a.data(), a.data() + a.size(), x);
        auto rb = std::from_chars(b.data(), b.data() + b.size(), y);
        if (ra.ec == std::errc() && rb.ec == std::errc()) return x < y ? -1 : x > y ? 1 : 0;
    }
    return sign(to_double(a) - to_double(b));
}

// A total order on JSON values: equality for `exact`, sorting for the order-free comparators.
int compare(const Json& a, const Json& b) {
    if (a.kind != b.kind) return a.kind < b.kind ? -1 : 1;
    switch (a.kind) {
        case Json::Null: return 0;
        case Json::Bool: return int(a.flag) - int(b.flag);
        case Json::Number: return compare_numbers(a.text, b.text);
        case Json::String: return a.text.compare(b.text) < 0 ? -1 : a.text == b.text ? 0 : 1;
        default: break;
    }
    if (a.keys != b.keys) return a.keys < b.keys ? -1 : 1;
    size_t n = std::min(a.items.size(), b.items.size());
    for (size_t k = 0; k < n; ++k)
        if (int c = compare(a.items[k], b.items[k])) return c;
    return a.items.size() < b.items.size() ? -1 : a.items.size() > b.items.size() ? 1 : 0;
}

bool less(const Json& a, const Json& b) { return compare(a, b) < 0; }

Json sorted(Json j, bool unique = false) {
    if (j.kind != Json::Array) return j;
    std::sort(j.items.begin(), j.items.end(), less);
    if (unique) {
        auto same = [](const Json& a, const Json& b) { return compare(a, b) == 0; };
        j.items.erase(std::unique(j.items.begin(), j.items.end(), same), j.items.end());
    }
    return j;
}

// `float`: within 1e-6 * max(1, |expected|), element by element in arrays.
bool close(const Json& got, const Json& want) {
    if (got.kind == Json::Number && want.kind == Json::Number) {
        double g = to_double(got.text), w = to_double(want.text);
        return std::fabs(g - w) <= 1e-6 * std::max(1.0, std::fabs(w));
    }
    if (got.kind != want.kind || got.keys != want.keys || got.items.size() != want.items.size())
        return false;
    if (got.kind != Json::Array && got.kind != Json::Object) return compare(got, want) == 0;
    for (size_t k = 0; k < got.items.size(); ++k)
        if (!close(got.items[k], want.items[k])) return false;
    return true;
}

Json inner_sorted(Json j) {
    if (j.kind == Json::Array)
        for (auto& item : j.items) item = sorted(std::move(item));
    return sorted(std::move(j));
}

// Whether `got` matches `want` under the named comparator (validators never get here: their
// cases carry no expected value).
bool matches(const std::string& comparator, const Json& got, const Json& want) {
    if (comparator == "float") return close(got, want);
    if (comparator == "unordered") return compare(sorted(got), sorted(want)) == 0;
    if (comparator == "set") return compare(sorted(got, true), sorted(want, true)) == 0;
    if (comparator == "unordered-nested")
        return compare(inner_sorted(got), inner_sorted(want)) == 0;
    return compare(got, want) == 0;  // exact, linkedlist, tree: the serialised forms are equal
}


// --- the protocol -------------------------------------------------------------------------

struct Payload {
    std::string text;
    std::string nonce;
    std::vector<Case> cases;
};

Payload& payload() {
    static Payload p;
    return p;
}

int& channel() {
    static int fd = -1;
    return fd;
}

struct EarlyInit {
    EarlyInit() {
        std::string& text = payload().text;
        char buf[1 << 16];
        while (true) {
            ssize_t n = ::read(0, buf, sizeof buf);
            if (n > 0) text.append(buf, static_cast<size_t>(n));
            else if (n == 0 || errno != EINTR) break;
        }
        // The payload (with the run's nonce) is a regular file: leaving fd 0 on it would let
        // the solution seek back and read the nonce. stdin becomes /dev/null.
        int null_fd = ::open("/dev/null", O_RDONLY);
        if (null_fd >= 0) {
            ::dup2(null_fd, 0);
            ::close(null_fd);
        }
        channel() = ::fcntl(1, F_DUPFD_CLOEXEC, 3);
        ::dup2(2, 1);
    }
};

void write_all(int fd, const std::string& s) {
    size_t done = 0;
    while (done < s.size()) {
        ssize_t n = ::write(fd, s.data() + done, s.size() - done);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) std::_Exit(3);  // the channel is gone: nobody reads our results
        done += static_cast<size_t>(n);
    }
}

Step parse_step(Cursor& c) {
    Step s;
    c.object([&](const std::string& key) {
        if (key == "method") s.method = c.string();
        else if (key == "args") s.args = c.skip_value();
        else if (key == "expected") s.expected = c.skip_value(), s.has_expected = true;
        else c.skip_value();
    });
    return s;
}

Case parse_case(Cursor& c) {
    Case k;
    c.object([&](const std::string& key) {
        if (key == "i") k.index = to_long(c.number());
        else if (key == "name") k.name = c.string();
        else if (key == "args") k.args = c.skip_value();
        else if (key == "data") k.data = c.skip_value();
        else if (key == "expected") k.expected = c.skip_value(), k.has_expected = true;
        else if (key == "steps") c.array([&] { k.steps.push_back(parse_step(c)); });
        else c.skip_value();
    });
    return k;
}

void parse_payload(Payload& p) {
    Cursor c(p.text);
    c.object([&](const std::string& key) {
        if (key == "nonce") p.nonce = c.string();
        else if (key == "cases") c.array([&] { p.cases.push_back(parse_case(c)); });
        else c.skip_value();  // the manifest: the glue was generated from it
    });
}

std::string demangle(const char* name) {
    int status = 0;
    char* plain = abi::__cxa_demangle(name, nullptr, nullptr, &status);
    std::string out = status == 0 && plain != nullptr ? plain : name;
    std::free(plain);
    return out;
}

// "std::out_of_range: vector::_M_range_check: ..." for the exception being handled.
std::string describe_current_exception() {
    try {
        throw;
    } catch (const CaseError& e) {
        return std::string("bad case data: ") + e.what();
    } catch (const ResultError& e) {
        return e.what();
    } catch (const std::exception& e) {
        return demangle(typeid(e).name()) + ": " + e.what();
    } catch (...) {
        std::type_info* t = abi::__cxa_current_exception_type();
        return "uncaught exception of type " + (t != nullptr ? demangle(t->name()) : "?");
    }
}

// pass/fail for a case whose expected value is in the payload, "done" otherwise.
const char* status_of(const Case& c, const Outcome& o, const std::string& comparator) {
    if (o.shared) return "fail";
    auto same = [&](const std::string& got, std::string_view want) {
        return matches(comparator, parse_json(got), parse_json(want));
    };
    if (!c.steps.empty()) {
        for (const Step& s : c.steps)
            if (!s.has_expected) return "done";
        for (size_t k = 0; k < c.steps.size(); ++k)
            if (k >= o.steps.size() || !same(o.steps[k], c.steps[k].expected)) return "fail";
        return "pass";
    }
    // A roundtrip case is judged against its own data, which the solution was given anyway.
    if (!c.data.empty()) return same(o.value, c.data) ? "pass" : "fail";
    if (!c.has_expected) return "done";
    return same(o.value, c.expected) ? "pass" : "fail";
}

// Each line starts with a newline: a solution that found the channel's descriptor and wrote a
// line without its end can then only spoil its own line, never the record after it.
std::string record_head(const char* tag) {
    Writer w;
    w.raw("\n");
    w.raw(tag);
    w.raw(" {\"nonce\":");
    w.string(payload().nonce);
    return w.out;
}

void flush_solution_output() {
    std::cout.flush();
    std::fflush(stdout);
}

// Runs one case and writes its record; true when it passed.
bool run_and_report(const Case& c, RunCase run, const std::string& comparator) {
    Outcome o;
    std::string error;
    const char* status = "error";
    try {
        run(c, o);
        status = status_of(c, o, comparator);
    } catch (...) {
        error = describe_current_exception();
    }
    flush_solution_output();
    Writer w;
    w.raw(record_head("LLJUDGE"));
    w.raw(",\"i\":");
    w.integer(c.index);
    w.raw(",\"name\":");
    w.string(c.name);
    w.raw(",\"status\":\"");
    w.raw(status);
    w.raw("\"");
    if (error.empty() || o.sequence) {
        w.raw(",\"got\":");
        w.raw(o.got());
    }
    if (!error.empty()) {
        w.raw(",\"error\":");
        w.string(error.substr(0, 2000));
    }
    if (o.shared) w.raw(",\"shared\":true");
    char ms[80];
    std::snprintf(ms, sizeof ms, ",\"ms\":%.3f,\"cpuMs\":%.3f}\n", o.ms, o.cpu_ms);
    w.raw(ms);
    write_all(channel(), w.out);
    return std::string_view(status) == "pass";
}

[[noreturn]] void main(RunCase run, const char* comparator) {
    Payload& p = payload();
    try {
        parse_payload(p);
    } catch (const std::exception& e) {
        std::fprintf(stderr, "juiz harness: unreadable payload: %s\n", e.what());
        std::_Exit(2);
    }
    long long passed = 0;
    for (const Case& c : p.cases) passed += run_and_report(c, run, comparator) ? 1 : 0;
    Writer w;
    w.raw(record_head("LLJUDGE-SUMMARY"));
    w.raw(",\"passed\":");
    w.integer(passed);
    w.raw(",\"total\":");
    w.integer(static_cast<long long>(p.cases.size()));
    w.raw("}\n");
    write_all(channel(), w.out);
    flush_solution_output();
    // Skips the solution's static destructors: the results are out, nothing of theirs matters.
    std::_Exit(0);
}

}  // namespace juiz

static juiz::EarlyInit juiz_early_init __attribute__((init_priority(101)));

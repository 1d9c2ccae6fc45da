// Juiz C++ harness: a small JSON reader and writer.
//
// Arguments are parsed straight from the payload text into C++ values (a Cursor walks the
// text), so a stress case of 10^6 numbers costs no intermediate tree. Only expected values and
// results of visible cases become a Json tree, for the comparators (juiz_compare.hpp).
#pragma once

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace juiz {

// A malformed value in a case: the harness's input, never the solution's fault.
struct CaseError : std::runtime_error {
    using std::runtime_error::runtime_error;
};

class Cursor {
  public:
    Cursor(const char* begin, const char* end) : p_(begin), end_(end) {}
    explicit Cursor(std::string_view text) : Cursor(text.data(), text.data() + text.size()) {}

    // A character of a number's text: digits, signs, the point, and letters (exponents, and the
    // NaN and Infinity a result may hold, see Writer::real). Inline: strchr and isalnum per
    // character were half of the harness's instructions on a plain problem.
    static bool number_char(char c) {
        char lower = static_cast<char>(c | 0x20);
        return (c >= '0' && c <= '9') || (lower >= 'a' && lower <= 'z') || c == '-' || c == '+' ||
               c == '.';
    }

    char peek() {
        skip_ws();
        return p_ < end_ ? *p_ : '\0';
    }
    bool eat(char c) {
        if (peek() != c) return false;
        ++p_;
        return true;
    }
    void expect(char c) {
        if (!eat(c)) fail(std::string("expected '") + c + "'");
    }
    bool eat_null() { return eat_word("null"); }
    bool boolean() {
        if (eat_word("true")) return true;
        if (eat_word("false")) return false;
        fail("expected true or false");
    }
    // The raw text of a number (parsed by the caller into the type it needs).
    std::string_view number() {
        skip_ws();
        const char* start = p_;
        while (p_ < end_ && number_char(*p_)) ++p_;
        if (p_ == start) fail("expected a number");
        return {start, static_cast<size_t>(p_ - start)};
    }
    std::string string();
    // Skips one value and returns its raw text.
    std::string_view skip_value();
    // Calls item() once per element of an array, positioned at the element.
    template <class F>
    void array(F&& item) {
        expect('[');
        if (eat(']')) return;
        do item();
        while (eat(','));
        expect(']');
    }
    // Calls field(key) once per member of an object, positioned at the value.
    template <class F>
    void object(F&& field) {
        expect('{');
        if (eat('}')) return;
        do {
            std::string key = string();
            expect(':');
            field(key);
        } while (eat(','));
        expect('}');
    }
    [[noreturn]] void fail(const std::string& what) const;

  private:
    void skip_ws() {
        while (p_ < end_ && (*p_ == ' ' || *p_ == '\n' || *p_ == '\r' || *p_ == '\t')) ++p_;
    }
    bool eat_word(const char* word) {
        skip_ws();
        size_t n = std::strlen(word);
        if (static_cast<size_t>(end_ - p_) < n || std::memcmp(p_, word, n) != 0) return false;
        p_ += n;
        return true;
    }
    unsigned hex4();
    const char* p_;
    const char* end_;
};

// --- numbers ------------------------------------------------------------------------------

inline bool is_integer_text(std::string_view t) {
    return t.find_first_of(".eE") == std::string_view::npos;
}

inline double to_double(std::string_view t) {
    double v = 0;
    auto r = std::from_chars(t.data(), t.data() + t.size(), v);
    if (r.ec != std::errc() || r.ptr != t.data() + t.size())
        throw CaseError("bad number " + std::string(t));
    return v;
}

inline long long to_long(std::string_view t) {
    long long v = 0;
    auto r = std::from_chars(t.data(), t.data() + t.size(), v);
    if (r.ec == std::errc() && r.ptr == t.data() + t.size()) return v;
    return static_cast<long long>(to_double(t));  // 3.0 or 1e5 where an integer is wanted
}

// --- writing ------------------------------------------------------------------------------

class Writer {
  public:
    std::string out;

    void raw(std::string_view s) { out.append(s.data(), s.size()); }
    void null() { raw("null"); }
    void boolean(bool b) { raw(b ? "true" : "false"); }
    void integer(long long v) {
        char buf[24];
        auto r = std::to_chars(buf, buf + sizeof buf, v);
        out.append(buf, r.ptr);
    }
    void integer(unsigned long long v) {
        char buf[24];
        auto r = std::to_chars(buf, buf + sizeof buf, v);
        out.append(buf, r.ptr);
    }
    // Shortest text that reads back as the same double; NaN and infinities as Python's json
    // module writes them (the host reads them back).
    void real(double v) {
        if (std::isnan(v)) return raw("NaN");
        if (std::isinf(v)) return raw(v > 0 ? "Infinity" : "-Infinity");
        char buf[32];
        auto r = std::to_chars(buf, buf + sizeof buf, v);
        out.append(buf, r.ptr);
    }
    void string(std::string_view s);
};

// --- a JSON tree, for comparisons ---------------------------------------------------------

struct Json {
    enum Kind : std::uint8_t { Null, Bool, Number, String, Array, Object } kind = Null;
    bool flag = false;
    std::string text;  // a number's text or a string's content
    std::vector<Json> items;  // array elements, or object values in key order
    std::vector<std::string> keys;  // object keys, sorted
};

Json parse_json(Cursor& c);
Json parse_json(std::string_view text);

}  // namespace juiz

// A small JSON reader and writer for the shim (the protocol's requests are small objects).
// Our own code, written for this adapter; no part of g-amoros's engine.
#pragma once

#include <cstdint>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

namespace shim {

struct Json {
    enum class Kind { Null, Bool, Number, String, Array, Object };
    Kind kind {Kind::Null};
    bool boolean {false};
    double number {0};
    std::string text;                                  // a string, or a number as written
    std::vector<Json> items;                           // an array
    std::vector<std::pair<std::string, Json>> fields;  // an object, in order

    [[nodiscard]] const Json* get(const std::string& key) const {
        if (kind != Kind::Object) return nullptr;
        for (const auto& [k, v] : fields)
            if (k == key) return &v;
        return nullptr;
    }
    [[nodiscard]] bool isString() const { return kind == Kind::String; }
    [[nodiscard]] bool isObject() const { return kind == Kind::Object; }
};

class Reader {
public:
    explicit Reader(const std::string& s) : s_(s) {}

    Json document() {
        Json v = value();
        space();
        if (i_ != s_.size()) fail("text after the value");
        return v;
    }

private:
    [[noreturn]] void fail(const std::string& why) const {
        throw std::runtime_error(why + " at byte " + std::to_string(i_));
    }
    void space() {
        while (i_ < s_.size() && (s_[i_] == ' ' || s_[i_] == '\t' || s_[i_] == '\r' || s_[i_] == '\n'))
            ++i_;
    }
    bool eat(char c) {
        space();
        if (i_ < s_.size() && s_[i_] == c) {
            ++i_;
            return true;
        }
        return false;
    }
    void expect(char c) {
        if (!eat(c)) fail(std::string("expected '") + c + "'");
    }
    bool word(const char* w) {
        std::string t(w);
        if (s_.compare(i_, t.size(), t) == 0) {
            i_ += t.size();
            return true;
        }
        return false;
    }
    static void utf8(std::string& out, std::uint32_t c) {
        if (c < 0x80) {
            out += static_cast<char>(c);
        } else if (c < 0x800) {
            out += static_cast<char>(0xC0 | (c >> 6));
            out += static_cast<char>(0x80 | (c & 0x3F));
        } else if (c < 0x10000) {
            out += static_cast<char>(0xE0 | (c >> 12));
            out += static_cast<char>(0x80 | ((c >> 6) & 0x3F));
            out += static_cast<char>(0x80 | (c & 0x3F));
        } else {
            out += static_cast<char>(0xF0 | (c >> 18));
            out += static_cast<char>(0x80 | ((c >> 12) & 0x3F));
            out += static_cast<char>(0x80 | ((c >> 6) & 0x3F));
            out += static_cast<char>(0x80 | (c & 0x3F));
        }
    }
    std::uint32_t hex4() {
        if (i_ + 4 > s_.size()) fail("short \\u escape");
        std::uint32_t c = 0;
        for (int k = 0; k < 4; ++k) {
            char h = s_[i_++];
            c <<= 4;
            if (h >= '0' && h <= '9') c |= static_cast<std::uint32_t>(h - '0');
            else if (h >= 'a' && h <= 'f') c |= static_cast<std::uint32_t>(h - 'a' + 10);
            else if (h >= 'A' && h <= 'F') c |= static_cast<std::uint32_t>(h - 'A' + 10);
            else fail("bad \\u escape");
        }
        return c;
    }
    std::string string() {
        expect('"');
        std::string out;
        while (true) {
            if (i_ >= s_.size()) fail("unterminated string");
            char c = s_[i_++];
            if (c == '"') return out;
            if (c != '\\') {
                out += c;
                continue;
            }
            if (i_ >= s_.size()) fail("unterminated escape");
            char e = s_[i_++];
            switch (e) {
                case '"': out += '"'; break;
                case '\\': out += '\\'; break;
                case '/': out += '/'; break;
                case 'b': out += '\b'; break;
                case 'f': out += '\f'; break;
                case 'n': out += '\n'; break;
                case 'r': out += '\r'; break;
                case 't': out += '\t'; break;
                case 'u': {
                    std::uint32_t c1 = hex4();
                    if (c1 >= 0xD800 && c1 < 0xDC00 && word("\\u")) {
                        std::uint32_t c2 = hex4();
                        c1 = 0x10000 + ((c1 - 0xD800) << 10) + (c2 - 0xDC00);
                    }
                    utf8(out, c1);
                    break;
                }
                default: fail("bad escape");
            }
        }
    }
    Json value() {
        space();
        if (i_ >= s_.size()) fail("expected a value");
        Json v;
        char c = s_[i_];
        if (c == '{') {
            ++i_;
            v.kind = Json::Kind::Object;
            if (eat('}')) return v;
            do {
                space();
                std::string k = string();
                expect(':');
                v.fields.emplace_back(std::move(k), value());
            } while (eat(','));
            expect('}');
        } else if (c == '[') {
            ++i_;
            v.kind = Json::Kind::Array;
            if (eat(']')) return v;
            do {
                v.items.push_back(value());
            } while (eat(','));
            expect(']');
        } else if (c == '"') {
            v.kind = Json::Kind::String;
            v.text = string();
        } else if (word("true")) {
            v.kind = Json::Kind::Bool;
            v.boolean = true;
        } else if (word("false")) {
            v.kind = Json::Kind::Bool;
        } else if (word("null")) {
            v.kind = Json::Kind::Null;
        } else if (c == '-' || (c >= '0' && c <= '9')) {
            std::size_t start = i_;
            ++i_;
            while (i_ < s_.size() && std::string("0123456789.eE+-").find(s_[i_]) != std::string::npos)
                ++i_;
            v.kind = Json::Kind::Number;
            v.text = s_.substr(start, i_ - start);
            try {
                v.number = std::stod(v.text);
            } catch (const std::exception&) {
                fail("bad number");
            }
        } else {
            fail("expected a value");
        }
        return v;
    }

    const std::string& s_;
    std::size_t i_ {0};
};

/// Writes `s` as a JSON string.
inline std::string quoted(const std::string& s) {
    std::string out = "\"";
    for (unsigned char c : s) {
        switch (c) {
            case '"': out += "\\\""; break;
            case '\\': out += "\\\\"; break;
            case '\n': out += "\\n"; break;
            case '\r': out += "\\r"; break;
            case '\t': out += "\\t"; break;
            default:
                if (c < 0x20) {
                    const char* digits = "0123456789abcdef";
                    out += "\\u00";
                    out += digits[c >> 4];
                    out += digits[c & 15];
                } else {
                    out += static_cast<char>(c);
                }
        }
    }
    return out + "\"";
}

}  // namespace shim

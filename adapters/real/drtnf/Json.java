// A small JSON reader and writer for the shim (the protocol's requests are small objects).
// Our own code, written for this adapter; no part of drtnf's engine. Objects read as
// LinkedHashMap, arrays as ArrayList, whole numbers as Long, other numbers as Double.

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

final class Json {
    private final String text;
    private int at;

    private Json(String text) { this.text = text; }

    /** Reads one JSON value; throws IllegalArgumentException if the text is not one. */
    static Object read(String text) {
        Json json = new Json(text);
        Object value = json.value();
        json.space();
        if (json.at != text.length()) throw json.error("text after the value");
        return value;
    }

    private IllegalArgumentException error(String what) {
        return new IllegalArgumentException(what + " at " + at);
    }

    private void space() {
        while (at < text.length() && " \t\r\n".indexOf(text.charAt(at)) >= 0) at++;
    }

    private boolean take(String word) {
        if (!text.startsWith(word, at)) return false;
        at += word.length();
        return true;
    }

    private Object value() {
        space();
        if (at >= text.length()) throw error("no value");
        char c = text.charAt(at);
        if (c == '{') return object();
        if (c == '[') return array();
        if (c == '"') return string();
        if (take("true")) return true;
        if (take("false")) return false;
        if (take("null")) return null;
        return number();
    }

    private Map<String, Object> object() {
        Map<String, Object> map = new LinkedHashMap<>();
        at++;
        space();
        if (take("}")) return map;
        do {
            space();
            if (at >= text.length() || text.charAt(at) != '"') throw error("a key");
            String key = string();
            space();
            if (!take(":")) throw error("':'");
            map.put(key, value());
            space();
        } while (take(","));
        if (!take("}")) throw error("'}'");
        return map;
    }

    private List<Object> array() {
        List<Object> list = new ArrayList<>();
        at++;
        space();
        if (take("]")) return list;
        do {
            list.add(value());
            space();
        } while (take(","));
        if (!take("]")) throw error("']'");
        return list;
    }

    private String string() {
        StringBuilder out = new StringBuilder();
        at++;
        while (at < text.length()) {
            char c = text.charAt(at++);
            if (c == '"') return out.toString();
            if (c != '\\') { out.append(c); continue; }
            if (at >= text.length()) break;
            char e = text.charAt(at++);
            switch (e) {
                case 'n': out.append('\n'); break;
                case 't': out.append('\t'); break;
                case 'r': out.append('\r'); break;
                case 'b': out.append('\b'); break;
                case 'f': out.append('\f'); break;
                case 'u':
                    if (at + 4 > text.length()) throw error("a \\u escape");
                    try {
                        out.append((char) Integer.parseInt(text.substring(at, at + 4), 16));
                    } catch (NumberFormatException ex) {
                        throw error("a \\u escape");
                    }
                    at += 4;
                    break;
                default: out.append(e);
            }
        }
        throw error("an unterminated string");
    }

    private Object number() {
        int start = at;
        while (at < text.length() && "+-0123456789.eE".indexOf(text.charAt(at)) >= 0) at++;
        String n = text.substring(start, at);
        try {
            return n.matches("-?[0-9]+") ? (Object) Long.parseLong(n) : (Object) Double.parseDouble(n);
        } catch (NumberFormatException e) {
            throw error("a value");
        }
    }

    /** Writes a value made of maps, lists, strings, numbers, booleans and null. */
    static String write(Object value) {
        StringBuilder out = new StringBuilder();
        write(value, out);
        return out.toString();
    }

    private static void write(Object value, StringBuilder out) {
        if (value == null) {
            out.append("null");
        } else if (value instanceof String) {
            out.append('"');
            for (char c : ((String) value).toCharArray()) {
                if (c == '"' || c == '\\') out.append('\\').append(c);
                else if (c < 0x20) out.append(String.format("\\u%04x", (int) c));
                else out.append(c);
            }
            out.append('"');
        } else if (value instanceof Map) {
            out.append('{');
            boolean first = true;
            for (Map.Entry<?, ?> e : ((Map<?, ?>) value).entrySet()) {
                if (!first) out.append(',');
                first = false;
                write(String.valueOf(e.getKey()), out);
                out.append(':');
                write(e.getValue(), out);
            }
            out.append('}');
        } else if (value instanceof List) {
            out.append('[');
            boolean first = true;
            for (Object item : (List<?>) value) {
                if (!first) out.append(',');
                first = false;
                write(item, out);
            }
            out.append(']');
        } else {
            out.append(value);
        }
    }
}

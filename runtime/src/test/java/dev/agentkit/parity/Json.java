package dev.agentkit.parity;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Reads the vector files into maps, lists, strings, booleans and numbers, and writes them back. */
final class Json {
  private static final JsonFactory FACTORY = new JsonFactory();

  private Json() {}

  static Object read(String text) {
    try (JsonParser p = FACTORY.createParser(text)) {
      p.nextToken();
      return value(p);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static Object value(JsonParser p) throws IOException {
    JsonToken t = p.currentToken();
    switch (t) {
      case START_OBJECT:
        Map<String, Object> map = new LinkedHashMap<>();
        while (p.nextToken() != JsonToken.END_OBJECT) {
          String key = p.currentName();
          p.nextToken();
          if (map.put(key, value(p)) != null) {
            throw new IllegalArgumentException("the key \"" + key + "\" is given twice");
          }
        }
        return map;
      case START_ARRAY:
        List<Object> list = new ArrayList<>();
        while (p.nextToken() != JsonToken.END_ARRAY) {
          list.add(value(p));
        }
        return list;
      case VALUE_STRING:
        return p.getText();
      case VALUE_TRUE:
      case VALUE_FALSE:
        return p.getBooleanValue();
      case VALUE_NULL:
        return null;
      default:
        return p.getNumberValue();
    }
  }

  static String write(Object value) {
    StringWriter out = new StringWriter();
    try (JsonGenerator g = FACTORY.createGenerator(out)) {
      write(g, value);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return out.toString();
  }

  private static void write(JsonGenerator g, Object value) throws IOException {
    if (value instanceof Map<?, ?> m) {
      g.writeStartObject();
      for (Map.Entry<?, ?> e : m.entrySet()) {
        g.writeFieldName((String) e.getKey());
        write(g, e.getValue());
      }
      g.writeEndObject();
    } else if (value instanceof List<?> l) {
      g.writeStartArray();
      for (Object o : l) {
        write(g, o);
      }
      g.writeEndArray();
    } else if (value instanceof String s) {
      g.writeString(s);
    } else if (value instanceof Boolean b) {
      g.writeBoolean(b);
    } else if (value == null) {
      g.writeNull();
    } else {
      g.writeNumber(value.toString());
    }
  }

  @SuppressWarnings("unchecked")
  static Map<String, Object> asMap(Object o) {
    if (!(o instanceof Map)) {
      throw new IllegalArgumentException("expected an object, got " + o);
    }
    return (Map<String, Object>) o;
  }

  @SuppressWarnings("unchecked")
  static List<Object> asList(Object o) {
    if (!(o instanceof List)) {
      throw new IllegalArgumentException("expected an array, got " + o);
    }
    return (List<Object>) o;
  }

  static String str(Map<String, Object> m, String key) {
    Object o = m.get(key);
    return o == null ? "" : o.toString();
  }

  static Map<String, Object> map(Map<String, Object> m, String key) {
    Object o = m.get(key);
    return o == null ? Map.of() : asMap(o);
  }

  static List<Object> list(Map<String, Object> m, String key) {
    Object o = m.get(key);
    return o == null ? List.of() : asList(o);
  }

  static List<String> strings(Map<String, Object> m, String key) {
    List<String> out = new ArrayList<>();
    for (Object o : list(m, key)) {
      out.add(o.toString());
    }
    return out;
  }

  static Map<String, String> stringMap(Map<String, Object> m, String key) {
    Map<String, String> out = new LinkedHashMap<>();
    map(m, key).forEach((k, v) -> out.put(k, v == null ? null : v.toString()));
    return out;
  }
}

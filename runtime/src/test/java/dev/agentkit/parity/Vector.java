package dev.agentkit.parity;

import java.util.List;
import java.util.Map;

/**
 * One parity vector: a case of the Go agentkit's own tests, written as data, with the file and sets
 * it refers to.
 *
 * @param file the vector file, e.g. {@code action_test.json}
 * @param fields the vector's own fields
 * @param sets the file's named act sets
 */
record Vector(String file, Map<String, Object> fields, Map<String, Object> sets) {

  String name() {
    return str("name");
  }

  String go() {
    return str("go");
  }

  boolean has(String key) {
    return fields.containsKey(key);
  }

  String str(String key) {
    return Json.str(fields, key);
  }

  Map<String, Object> map(String key) {
    return Json.map(fields, key);
  }

  List<Object> list(String key) {
    return Json.list(fields, key);
  }

  Map<String, Object> expect() {
    return map("expect");
  }

  /** The named set of the file, as {@code {"contract": ..., "uses": [...]}}. */
  Map<String, Object> set() {
    Object named = sets.get(str("set"));
    if (named == null) {
      throw new IllegalArgumentException(file + ": no set named \"" + str("set") + "\"");
    }
    return Json.asMap(named);
  }

  @Override
  public String toString() {
    return file + " " + name();
  }
}

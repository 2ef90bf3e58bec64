package dev.agentkit.internal;

import dev.agentkit.internal.text.JsonText;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Equality of JSON values as JSON Schema defines it ({@code const}, {@code enum}, {@code
 * uniqueItems}): numbers by value ({@code 1} equals {@code 1.0}), objects whatever their key order,
 * arrays element by element. Values are those {@link dev.agentkit.internal.json.JsonTree} reads.
 */
final class JsonValues {
  private JsonValues() {}

  /** Whether two values are equal as JSON. */
  static boolean same(Object a, Object b) {
    if (a instanceof BigDecimal x && b instanceof BigDecimal y) {
      return x.compareTo(y) == 0;
    }
    if (a instanceof Map<?, ?> x && b instanceof Map<?, ?> y) {
      if (x.size() != y.size()) {
        return false;
      }
      for (Map.Entry<?, ?> e : x.entrySet()) {
        if (!y.containsKey(e.getKey()) || !same(e.getValue(), y.get(e.getKey()))) {
          return false;
        }
      }
      return true;
    }
    if (a instanceof List<?> x && b instanceof List<?> y) {
      if (x.size() != y.size()) {
        return false;
      }
      for (int i = 0; i < x.size(); i++) {
        if (!same(x.get(i), y.get(i))) {
          return false;
        }
      }
      return true;
    }
    return a == null ? b == null : a.equals(b);
  }

  /**
   * A text equal for values that are {@link #same} and different otherwise: numbers without
   * trailing zeros, object keys sorted. For finding equal elements in one pass.
   */
  static String key(Object v) {
    StringBuilder sb = new StringBuilder();
    key(sb, v);
    return sb.toString();
  }

  private static void key(StringBuilder sb, Object v) {
    if (v instanceof BigDecimal n) {
      sb.append(n.signum() == 0 ? "0" : n.stripTrailingZeros().toString());
    } else if (v instanceof String s) {
      JsonText.string(sb, s);
    } else if (v instanceof Map<?, ?> m) {
      List<String> keys = new ArrayList<>();
      for (Object k : m.keySet()) {
        keys.add((String) k);
      }
      keys.sort(null);
      sb.append('{');
      for (String k : keys) {
        JsonText.string(sb, k);
        sb.append(':');
        key(sb, m.get(k));
        sb.append(',');
      }
      sb.append('}');
    } else if (v instanceof List<?> l) {
      sb.append('[');
      for (Object e : l) {
        key(sb, e);
        sb.append(',');
      }
      sb.append(']');
    } else {
      sb.append(v);
    }
  }
}

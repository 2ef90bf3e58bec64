package dev.agentkit.internal;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import dev.agentkit.contract.OperandType;
import dev.agentkit.contract.Schema;
import java.io.IOException;
import java.math.BigDecimal;
import java.time.DateTimeException;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;

/**
 * Checks and compares argument values by operand type. The checks allocate nothing for a valid
 * value, since every emitted call passes through them.
 */
public final class Values {
  private Values() {}

  /**
   * An ISO-8601 date ({@code 2026-03-31}) or date-time ({@code 2026-03-31T17:00}, {@code
   * 2026-03-31T17:00:00.5Z}, {@code 2026-03-31T17:00:00+02:00}).
   */
  public static boolean isDate(String s) {
    return dateCheck(s) == VALID;
  }

  /** A value that reads as its type. */
  public static final int VALID = 0;

  /** A value that is not written as its type at all. */
  public static final int MALFORMED = 1;

  /**
   * A value written as its type that still cannot be read: a number whose exponent puts it out of
   * {@link BigDecimal}'s range, a date-time whose offset is beyond 18:00 either way.
   */
  public static final int OUT_OF_RANGE = 2;

  /**
   * {@link #VALID} for a value {@link #isDate} accepts, {@link #OUT_OF_RANGE} for a well-formed
   * date-time whose offset is beyond 18:00 either way, {@link #MALFORMED} for anything else.
   */
  public static int dateCheck(String s) {
    int n = s.length();
    if (n < 10
        || !digits(s, 0, 4)
        || s.charAt(4) != '-'
        || !digits(s, 5, 2)
        || s.charAt(7) != '-'
        || !digits(s, 8, 2)) {
      return MALFORMED;
    }
    int year = num(s, 0, 4);
    int month = num(s, 5, 2);
    int day = num(s, 8, 2);
    if (month < 1 || month > 12 || day < 1 || day > daysIn(year, month)) {
      return MALFORMED;
    }
    if (n == 10) {
      return VALID;
    }
    if (s.charAt(10) != 'T' || n < 16 || !digits(s, 11, 2) || s.charAt(13) != ':') {
      return MALFORMED;
    }
    if (!digits(s, 14, 2) || num(s, 11, 2) > 23 || num(s, 14, 2) > 59) {
      return MALFORMED;
    }
    int i = 16;
    if (i < n && s.charAt(i) == ':') {
      if (i + 3 > n || !digits(s, i + 1, 2) || num(s, i + 1, 2) > 59) {
        return MALFORMED;
      }
      i += 3;
      if (i < n && s.charAt(i) == '.') {
        int start = ++i;
        while (i < n && isDigit(s.charAt(i))) {
          i++;
        }
        if (i == start || i - start > 9) {
          return MALFORMED;
        }
      }
    }
    if (i == n) {
      return VALID;
    }
    char c = s.charAt(i);
    if (c == 'Z') {
      return i + 1 == n ? VALID : MALFORMED;
    }
    if (c == '+' || c == '-') {
      if (i + 6 != n
          || !digits(s, i + 1, 2)
          || s.charAt(i + 3) != ':'
          || !digits(s, i + 4, 2)
          || num(s, i + 4, 2) > 59) {
        return MALFORMED;
      }
      // java.time, and so the typed views, take offsets up to 18:00 either way.
      int hours = num(s, i + 1, 2);
      return hours < 18 || (hours == 18 && num(s, i + 4, 2) == 0) ? VALID : OUT_OF_RANGE;
    }
    return MALFORMED;
  }

  /**
   * A decimal number: optional minus, digits, optional fraction, optional exponent, within the
   * range {@link BigDecimal} can hold on every JDK (Java 17's; later ones hold more).
   */
  public static boolean isNumber(String s) {
    return numberCheck(s) == VALID;
  }

  /**
   * {@link #VALID} for a value {@link #isNumber} accepts, {@link #OUT_OF_RANGE} for a well-formed
   * number whose exponent {@link BigDecimal} cannot hold (the exponent, and the scale, fraction
   * digits minus exponent, must each fit an {@code int}), {@link #MALFORMED} for anything else.
   */
  public static int numberCheck(String s) {
    int n = s.length();
    int i = 0;
    if (i < n && s.charAt(i) == '-') {
      i++;
    }
    int start = i;
    while (i < n && isDigit(s.charAt(i))) {
      i++;
    }
    if (i == start) {
      return MALFORMED;
    }
    long fraction = 0;
    if (i < n && s.charAt(i) == '.') {
      int f = ++i;
      while (i < n && isDigit(s.charAt(i))) {
        i++;
      }
      if (i == f) {
        return MALFORMED;
      }
      fraction = i - f;
    }
    long exponent = 0;
    boolean huge = false;
    if (i < n && (s.charAt(i) == 'e' || s.charAt(i) == 'E')) {
      i++;
      boolean negative = false;
      if (i < n && (s.charAt(i) == '+' || s.charAt(i) == '-')) {
        negative = s.charAt(i) == '-';
        i++;
      }
      int e = i;
      while (i < n && isDigit(s.charAt(i))) {
        // Past 10^12 the scale is out of an int's range whatever the fraction; stop counting.
        if (exponent < 1_000_000_000_000L) {
          exponent = exponent * 10 + (s.charAt(i) - '0');
        } else {
          huge = true;
        }
        i++;
      }
      if (i == e) {
        return MALFORMED;
      }
      if (negative) {
        exponent = -exponent;
      }
    }
    if (i != n) {
      return MALFORMED;
    }
    // Java 17's BigDecimal refuses an exponent beyond an int ("Exponent overflow") and a scale
    // beyond one ("Scale out of range"); JDK 25's reads an exponent beyond an int when the scale
    // fits, but a verdict must be the same on every JDK, so Java 17's range holds. The scale's
    // lowest value is kept out too, to be safe across JDKs.
    long scale = fraction - exponent;
    return huge
            || exponent < Integer.MIN_VALUE
            || exponent > Integer.MAX_VALUE
            || scale <= Integer.MIN_VALUE
            || scale > Integer.MAX_VALUE
        ? OUT_OF_RANGE
        : VALID;
  }

  /**
   * {@link #VALID} for a whole number as Go's {@code strconv.ParseInt(s, 10, 64)} reads it: an
   * optional {@code +} or {@code -}, then ASCII digits, nothing else; {@link #OUT_OF_RANGE} when it
   * is written so but is beyond a signed 64-bit integer; {@link #MALFORMED} for anything else.
   */
  public static int integerCheck(String s) {
    int n = s.length();
    int i = n > 0 && (s.charAt(0) == '+' || s.charAt(0) == '-') ? 1 : 0;
    if (i == n) {
      return MALFORMED;
    }
    for (int j = i; j < n; j++) {
      if (!isDigit(s.charAt(j))) {
        return MALFORMED;
      }
    }
    while (i < n - 1 && s.charAt(i) == '0') {
      i++;
    }
    if (n - i < 19) {
      return VALID;
    }
    if (n - i > 19) {
      return OUT_OF_RANGE;
    }
    // Nineteen significant digits: compare with the bound of the value's sign.
    String bound = s.charAt(0) == '-' ? "9223372036854775808" : "9223372036854775807";
    return s.substring(i).compareTo(bound) <= 0 ? VALID : OUT_OF_RANGE;
  }

  /** The value of an integer {@link #integerCheck} accepts; undefined for any other. */
  public static long integer(String s) {
    return Long.parseLong(s);
  }

  /**
   * The truth value of a boolean as Go's {@code strconv.ParseBool} reads it, or null: {@code 1},
   * {@code t}, {@code T}, {@code TRUE}, {@code true}, {@code True}, {@code 0}, {@code f}, {@code
   * F}, {@code FALSE}, {@code false}, {@code False}; nothing else (no blanks, no other casing).
   */
  public static Boolean bool(String s) {
    switch (s) {
      case "1", "t", "T", "TRUE", "true", "True":
        return Boolean.TRUE;
      case "0", "f", "F", "FALSE", "false", "False":
        return Boolean.FALSE;
      default:
        return null;
    }
  }

  /** The instant a date or date-time names; a date is its start in UTC, no offset means UTC. */
  public static Instant instant(String s) {
    String t = s.trim();
    if (!isDate(t)) {
      return null;
    }
    try {
      if (t.length() == 10) {
        return LocalDate.parse(t).atStartOfDay(ZoneOffset.UTC).toInstant();
      }
      char last = t.charAt(t.length() - 1);
      if (last == 'Z' || t.charAt(t.length() - 6) == '+' || t.charAt(t.length() - 6) == '-') {
        return OffsetDateTime.parse(t).toInstant();
      }
      return LocalDateTime.parse(t).toInstant(ZoneOffset.UTC);
    } catch (DateTimeException e) {
      return null;
    }
  }

  /**
   * Whether two values are the same for an operand of this type: dates by instant, numbers and
   * integers numerically (an integer given as a decimal too), booleans by truth value ({@code 1} is
   * {@code true}), an opaque type only when the texts are identical (its meaning is unknown, so
   * anything else counts as a change), everything else as trimmed strings. Values that do not parse
   * as their type are compared as trimmed strings.
   */
  public static boolean same(OperandType type, String a, String b) {
    if (type == OperandType.OPAQUE) {
      return a.equals(b);
    }
    if (type == OperandType.INTEGER) {
      String x = a.trim();
      String y = b.trim();
      if (integerCheck(x) == VALID && integerCheck(y) == VALID) {
        return integer(x) == integer(y);
      }
      // A state reader may give an integer as a decimal (40.0): still the same number.
      if (isNumber(x) && isNumber(y)) {
        return new BigDecimal(x).compareTo(new BigDecimal(y)) == 0;
      }
    } else if (type == OperandType.BOOLEAN) {
      Boolean x = bool(a.trim());
      Boolean y = bool(b.trim());
      if (x != null && y != null) {
        return x.equals(y);
      }
    } else if (type == OperandType.DATE) {
      Instant x = instant(a);
      Instant y = instant(b);
      if (x != null && y != null) {
        return x.equals(y);
      }
    } else if (type == OperandType.NUMBER) {
      String x = a.trim();
      String y = b.trim();
      if (isNumber(x) && isNumber(y)) {
        return new BigDecimal(x).compareTo(new BigDecimal(y)) == 0;
      }
    }
    return a.trim().equals(b.trim());
  }

  private static final JsonFactory JSON = new JsonFactory();

  /**
   * The elements of a list argument: a JSON array of strings ({@code ["a","b"]}), or a bare value
   * taken as a one-element list. Returns null when the text starts like an array but is not a
   * well-formed array of strings.
   */
  public static List<String> listElements(String s) {
    return listElements(s, OperandType.STRING);
  }

  /**
   * The elements of a list argument whose elements are of the JSON type {@code items} (see {@link
   * #jsonType}), each as its text: a JSON array, or a bare value taken as a one-element list.
   *
   * <table>
   *   <caption>The elements an array may hold</caption>
   *   <tr><th>{@code items}</th><th>elements read</th></tr>
   *   <tr><td>{@code NUMBER}, {@code INTEGER}</td><td>strings and numbers ({@code [1, "2.5"]}),
   *       a number as written ({@code 2.50})</td></tr>
   *   <tr><td>{@code BOOLEAN}</td><td>strings and {@code true} / {@code false}</td></tr>
   *   <tr><td>null</td><td>any JSON scalar but {@code null}</td></tr>
   *   <tr><td>any other</td><td>strings</td></tr>
   * </table>
   *
   * <p>Returns null when the text starts like an array but is not a well-formed array of such
   * elements.
   */
  public static List<String> listElements(String s, OperandType items) {
    String t = s.trim();
    if (!t.startsWith("[")) {
      return List.of(t);
    }
    try (JsonParser p = JSON.createParser(t)) {
      p.nextToken();
      List<String> out = new ArrayList<>();
      for (JsonToken token = p.nextToken(); token != JsonToken.END_ARRAY; token = p.nextToken()) {
        if (!isElement(token, items)) {
          return null;
        }
        out.add(p.getText());
      }
      return p.nextToken() == null ? out : null;
    } catch (IOException | RuntimeException e) {
      // Not JSON (a bad escape, a missing bracket, trailing text, past the parser's limits): not a
      // list.
      return null;
    }
  }

  private static boolean isElement(JsonToken token, OperandType items) {
    if (token == JsonToken.VALUE_STRING) {
      return true;
    }
    if (items == null) {
      return token != null && token.isScalarValue() && token != JsonToken.VALUE_NULL;
    }
    switch (items) {
      case NUMBER, INTEGER:
        return token == JsonToken.VALUE_NUMBER_INT || token == JsonToken.VALUE_NUMBER_FLOAT;
      case BOOLEAN:
        return token == JsonToken.VALUE_TRUE || token == JsonToken.VALUE_FALSE;
      default:
        return false;
    }
  }

  /**
   * The JSON type of a flat value of this schema: an enum's value type, else the schema's own type.
   * A number list's elements may be JSON numbers, a boolean list's JSON booleans.
   */
  public static OperandType jsonType(Schema s) {
    return s instanceof Schema.EnumSchema e ? e.valueType() : s.type();
  }

  private static boolean isDigit(char c) {
    return c >= '0' && c <= '9';
  }

  private static boolean digits(String s, int from, int count) {
    if (from + count > s.length()) {
      return false;
    }
    for (int i = from; i < from + count; i++) {
      if (!isDigit(s.charAt(i))) {
        return false;
      }
    }
    return true;
  }

  private static int num(String s, int from, int count) {
    int v = 0;
    for (int i = from; i < from + count; i++) {
      v = v * 10 + (s.charAt(i) - '0');
    }
    return v;
  }

  private static int daysIn(int year, int month) {
    switch (month) {
      case 2:
        boolean leap = (year % 4 == 0 && year % 100 != 0) || year % 400 == 0;
        return leap ? 29 : 28;
      case 4:
      case 6:
      case 9:
      case 11:
        return 30;
      default:
        return 31;
    }
  }
}

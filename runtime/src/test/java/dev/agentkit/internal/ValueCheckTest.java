package dev.agentkit.internal;

import static org.assertj.core.api.Assertions.assertThat;

import dev.agentkit.contract.Operand;
import dev.agentkit.contract.OperandType;
import dev.agentkit.contract.Problem;
import dev.agentkit.contract.Schema;
import dev.agentkit.contract.Schema.ArraySchema;
import dev.agentkit.contract.Schema.BooleanSchema;
import dev.agentkit.contract.Schema.Bound;
import dev.agentkit.contract.Schema.ConstSchema;
import dev.agentkit.contract.Schema.DateSchema;
import dev.agentkit.contract.Schema.EnumSchema;
import dev.agentkit.contract.Schema.Facets;
import dev.agentkit.contract.Schema.NumberSchema;
import dev.agentkit.contract.Schema.ObjectSchema;
import dev.agentkit.contract.Schema.OpaqueSchema;
import dev.agentkit.contract.Schema.StringSchema;
import dev.agentkit.contract.Schema.UnionSchema;
import dev.agentkit.internal.json.JsonTree;
import java.math.BigDecimal;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Every sentence {@link ValueCheck} writes, asserted in full, and what it accepts. */
class ValueCheckTest {
  static final Schema STRING = Schema.string();
  static final Schema INTEGER = new NumberSchema(Facets.NONE, true, null, null, null);
  static final Schema NUMBER = new NumberSchema(Facets.NONE, false, null, null, null);
  static final Facets NULLABLE = new Facets("", "", true);

  /** The sentences for a value (JSON text) at {@code op.<path>}. */
  static List<String> check(String path, Schema s, String json) {
    Object value;
    try {
      value = JsonTree.parse(json);
    } catch (JsonTree.Malformed e) {
      throw new AssertionError(e);
    }
    return ValueCheck.value("op", path, s, value).stream().map(Problem::message).toList();
  }

  static Schema string(Integer min, Integer max, String pattern) {
    return new StringSchema(Facets.NONE, "", min, max, pattern);
  }

  static Schema number(boolean integer, Bound min, Bound max, String multipleOf) {
    return new NumberSchema(
        Facets.NONE, integer, min, max, multipleOf == null ? null : new BigDecimal(multipleOf));
  }

  static Bound bound(String v, boolean exclusive) {
    return new Bound(new BigDecimal(v), exclusive);
  }

  static ObjectSchema object(boolean closed, Schema additional, Operand... properties) {
    return new ObjectSchema(Facets.NONE, List.of(properties), closed, additional);
  }

  static Operand required(String name, Schema s) {
    return new Operand(name, "", true, s);
  }

  @Test
  void aValueOfTheWrongTypeIsNamedWithWhatBelongsThere() {
    assertThat(check("entities", ArraySchema.of(STRING), "5"))
        .containsExactly("[WrongType] op.entities is the number 5, not an array");
    assertThat(check("name", STRING.withFacets(NULLABLE), "true"))
        .containsExactly("[WrongType] op.name is true, not a string or null");
    assertThat(check("name", STRING, "null"))
        .containsExactly("[WrongType] op.name is null, not a string");
    assertThat(check("n", INTEGER, "3.5"))
        .containsExactly("[WrongType] op.n is the number 3.5, not an integer");
    assertThat(check("o", object(false, null), "[1]"))
        .containsExactly("[WrongType] op.o is an array, not an object");
    assertThat(check("b", new BooleanSchema(Facets.NONE), "\"yes\""))
        .containsExactly("[WrongType] op.b is the string \"yes\", not a boolean");
    // A string holding JSON of the right kind: write the value itself.
    assertThat(check("entities", ArraySchema.of(STRING), "\"[\\\"a\\\"]\""))
        .containsExactly(
            "[WrongType] op.entities is the string \"[\\\"a\\\"]\", not an array; write the value"
                + " itself, not a string holding it");
    assertThat(check("n", NUMBER, "\"5\""))
        .containsExactly(
            "[WrongType] op.n is the string \"5\", not a number; write the value itself, not a"
                + " string holding it");
    assertThat(check("entities", ArraySchema.of(STRING), "\"{}\""))
        .containsExactly("[WrongType] op.entities is the string \"{}\", not an array");
  }

  @Test
  void nullIsAValueOnlyWhereTheNodeIsNullable() {
    assertThat(check("n", INTEGER.withFacets(NULLABLE), "null")).isEmpty();
    assertThat(check("e", new EnumSchema(NULLABLE, List.of("a"), OperandType.STRING), "null"))
        .isEmpty();
    assertThat(check("o", new OpaqueSchema(Facets.NONE, ""), "null")).isEmpty();
  }

  @Test
  void opaqueAcceptsAnyJsonValue() {
    Schema opaque = new OpaqueSchema(Facets.NONE, "");
    for (String json : List.of("1", "\"x\"", "true", "[1,{\"a\":[]}]", "{\"k\":null}", "1e400")) {
      assertThat(check("v", opaque, json)).as(json).isEmpty();
    }
  }

  @Test
  void stringLengthsCountCodePoints() {
    assertThat(check("name", string(3, null, null), "\"ab\""))
        .containsExactly("[StringLength] op.name is 2 characters long, fewer than the minimum 3");
    assertThat(check("name", string(null, 3, null), "\"😀😀😀😀\""))
        .containsExactly("[StringLength] op.name is 4 characters long, more than the maximum 3");
    assertThat(check("name", string(2, 3, null), "\"x\""))
        .containsExactly("[StringLength] op.name is 1 character long, fewer than the minimum 2");
    // Three emoji are six UTF-16 units but three characters, as JSON Schema counts.
    assertThat(check("name", string(null, 3, null), "\"😀😀😀\"")).isEmpty();
  }

  @Test
  void aPatternInTheSubsetIsChecked() {
    Schema phone = string(null, null, "^\\d{3}-\\d{4}$");
    assertThat(check("phone", phone, "\"555-0100\"")).isEmpty();
    assertThat(check("phone", phone, "\"12-34\""))
        .containsExactly(
            "[PatternMismatch] op.phone: \"12-34\" does not match the pattern"
                + " \"^\\\\d{3}-\\\\d{4}$\"; write a value it matches");
    // Outside the subset (a backreference): not checked, the backend checks it.
    assertThat(check("twice", string(null, null, "(a)\\1"), "\"ab\"")).isEmpty();
  }

  @Test
  void datesAreReadAsEverywhere() {
    Schema date = new DateSchema(Facets.NONE, "date-time");
    assertThat(check("due", date, "\"2026-03-31\"")).isEmpty();
    assertThat(check("due", date, "\"2026-03-31T17:00:00Z\"")).isEmpty();
    assertThat(check("due", date, "\"yesterday\""))
        .containsExactly(
            "[BadDate] op.due: \"yesterday\" is not a date; write an ISO-8601 date such as"
                + " 2026-03-31 or a date-time such as 2026-03-31T17:00:00Z");
    assertThat(check("due", date, "\"2026-01-01T10:00+18:01\""))
        .containsExactly(
            "[BadDate] op.due: \"2026-01-01T10:00+18:01\" is not a date: its offset is more than"
                + " 18 hours from UTC; write an ISO-8601 date such as 2026-03-31 or a date-time"
                + " such as 2026-03-31T17:00:00Z");
  }

  @Test
  void boundsAreComparedExactly() {
    Schema count = number(true, bound("1", false), bound("10", false), null);
    assertThat(check("count", count, "50"))
        .containsExactly("[OutOfBounds] op.count is 50, above the maximum 10");
    assertThat(check("count", count, "0"))
        .containsExactly("[OutOfBounds] op.count is 0, below the minimum 1");
    assertThat(check("count", count, "10")).isEmpty();
    Schema open = number(false, bound("1", true), bound("10", true), null);
    assertThat(check("x", open, "1"))
        .containsExactly("[OutOfBounds] op.x is 1, not above the exclusive minimum 1");
    assertThat(check("x", open, "10"))
        .containsExactly("[OutOfBounds] op.x is 10, not below the exclusive maximum 10");
    assertThat(check("x", open, "1.0000000000000000000000001")).isEmpty();
    // 1e400 is a number far above the maximum, never infinity; 1e-400 is just above 0.
    assertThat(check("count", count, "1e400"))
        .containsExactly("[OutOfBounds] op.count is 1E+400, above the maximum 10");
    assertThat(check("x", number(false, bound("0", true), null, null), "1e-400")).isEmpty();
    assertThat(check("x", number(false, bound("0", true), null, null), "-1e-400"))
        .containsExactly("[OutOfBounds] op.x is -1E-400, not above the exclusive minimum 0");
  }

  @Test
  void multiplesAreExact() {
    Schema tenths = number(false, null, null, "0.1");
    assertThat(check("x", tenths, "0.3")).isEmpty();
    assertThat(check("x", tenths, "1e400")).isEmpty();
    assertThat(check("x", tenths, "0.35"))
        .containsExactly("[NotAMultiple] op.x is 0.35, not a multiple of 0.1");
    assertThat(check("x", number(true, null, null, "2"), "9223372036854775807"))
        .containsExactly("[NotAMultiple] op.x is 9223372036854775807, not a multiple of 2");
    assertThat(check("x", number(false, null, null, "3"), "1e-2147483647"))
        .containsExactly("[NotAMultiple] op.x is 1E-2147483647, not a multiple of 3");
  }

  @Test
  void integersAreWholeNumbersInTheSigned64BitRange() {
    assertThat(check("n", INTEGER, "3.0")).isEmpty();
    assertThat(check("n", INTEGER, "1e2")).isEmpty();
    assertThat(check("n", INTEGER, "9223372036854775807")).isEmpty();
    assertThat(check("n", INTEGER, "9223372036854775808"))
        .containsExactly(
            "[BadInteger] op.n is 9223372036854775808, beyond the signed 64-bit range this backend"
                + " takes; write a whole number from -9223372036854775808 to 9223372036854775807");
    assertThat(check("n", NUMBER, "1e400")).isEmpty();
  }

  @Test
  void enumsCompareAsTheirTypeSays() {
    Schema state = new EnumSchema(Facets.NONE, List.of("open", "closed"), OperandType.STRING);
    assertThat(check("state", state, "\"open\"")).isEmpty();
    assertThat(check("state", state, "\"opn\""))
        .containsExactly(
            "[EnumValue] op.state: \"opn\" is not one of the allowed values: closed, open; did you"
                + " mean \"open\"?");
    Schema size = new EnumSchema(Facets.NONE, List.of("1", "2.5"), OperandType.NUMBER);
    assertThat(check("size", size, "1.0")).isEmpty();
    assertThat(check("size", size, "2.50")).isEmpty();
    assertThat(check("size", size, "\"1\""))
        .containsExactly("[EnumValue] op.size: \"1\" is not one of the allowed values: 1, 2.5");
    assertThat(check("size", size, "4"))
        .containsExactly(
            "[EnumValue] op.size: the number 4 is not one of the allowed values: 1, 2.5");
    Schema yes = new EnumSchema(Facets.NONE, List.of("true"), OperandType.BOOLEAN);
    assertThat(check("flag", yes, "true")).isEmpty();
    assertThat(check("flag", yes, "false"))
        .containsExactly("[EnumValue] op.flag: false is not one of the allowed values: true");
  }

  @Test
  void aConstantIsEqualAsJson() {
    Schema kind = new ConstSchema(Facets.NONE, "\"task\"");
    assertThat(check("kind", kind, "\"task\"")).isEmpty();
    assertThat(check("kind", kind, "\"x\""))
        .containsExactly(
            "[ConstValue] op.kind is the string \"x\", but the only value allowed is \"task\"");
    Schema point = new ConstSchema(new Facets("", "", true), "{\"x\":1,\"y\":[2]}");
    assertThat(check("p", point, "{\"y\":[2.0],\"x\":1}")).isEmpty();
    assertThat(check("p", point, "{\"x\":1}"))
        .containsExactly(
            "[ConstValue] op.p is an object, but the only value allowed is {\"x\":1,\"y\":[2]} (or"
                + " null)");
  }

  @Test
  void arraysAreCountedAndTheirElementsChecked() {
    Schema tags = new ArraySchema(Facets.NONE, string(null, 3, null), 1, 2, true);
    assertThat(check("tags", tags, "[]"))
        .containsExactly("[ItemCount] op.tags has 0 elements, fewer than the minimum 1");
    assertThat(check("tags", tags, "[\"a\",\"b\",\"c\"]"))
        .containsExactly("[ItemCount] op.tags has 3 elements, more than the maximum 2");
    assertThat(check("tags", tags, "[\"a\",\"a\"]"))
        .containsExactly(
            "[DuplicateItems] op.tags has equal elements at [0] and [1]; give each value once");
    assertThat(check("tags", tags, "[\"a\",\"toolong\"]"))
        .containsExactly("[StringLength] op.tags[1] is 7 characters long, more than the maximum 3");
    Schema one = new ArraySchema(Facets.NONE, NUMBER, 2, null, true);
    assertThat(check("xs", one, "[1]"))
        .containsExactly("[ItemCount] op.xs has 1 element, fewer than the minimum 2");
    // Equal as JSON: 1 and 1.0, objects whatever their key order.
    assertThat(check("xs", one, "[1,1.0]"))
        .containsExactly(
            "[DuplicateItems] op.xs has equal elements at [0] and [1]; give each value once");
    Schema objects = new ArraySchema(Facets.NONE, object(false, null), null, null, true);
    assertThat(check("os", objects, "[{\"a\":1,\"b\":2},{\"b\":2,\"a\":1}]"))
        .containsExactly(
            "[DuplicateItems] op.os has equal elements at [0] and [1]; give each value once");
    assertThat(check("os", objects, "[{\"a\":1},{\"a\":\"1\"}]")).isEmpty();
  }

  @Test
  void objectsNameTheMissingAndTheUnknownProperty() {
    Schema entity =
        object(
            false,
            null,
            required("name", STRING),
            required("entityType", STRING),
            required("observations", ArraySchema.of(STRING)));
    Schema entities = ArraySchema.of(entity);
    assertThat(
            check(
                "entities",
                entities,
                "[{\"name\":\"Bob\",\"entityType\":\"person\",\"observations\":[]}]"))
        .isEmpty();
    assertThat(check("entities", entities, "[{\"name\":\"Bob\",\"observations\":[1]}]"))
        .containsExactly(
            "[RequiredMissing] op.entities[0].entityType is required: give it a string",
            "[WrongType] op.entities[0].observations[0] is the number 1, not a string");
    Schema edit = object(true, null, required("oldText", STRING), required("newText", STRING));
    assertThat(check("edit", edit, "{\"oldText\":\"a\",\"newText\":\"b\",\"newtext\":\"b\"}"))
        .containsExactly(
            "[UnknownProperty] op.edit has no property \"newtext\"; its properties are: newText,"
                + " oldText; did you mean \"newText\"?");
    assertThat(check("none", object(true, null), "{\"x\":1}"))
        .containsExactly("[UnknownProperty] op.none has no property \"x\"; it takes none");
    Schema labels = object(false, STRING);
    assertThat(check("labels", labels, "{\"a\":\"x\",\"b c\":1,\"d\":2}"))
        .containsExactly(
            "[WrongType] op.labels[\"b c\"] is the number 1, not a string",
            "[WrongType] op.labels.d is the number 2, not a string");
    assertThat(check("open", object(false, null), "{\"anything\":[1,{}]}")).isEmpty();
  }

  @Test
  void aUnionNeedsOneAlternativeOrExactlyOne() {
    Schema title = new UnionSchema(Facets.NONE, true, List.of(string(null, 3, null), INTEGER));
    assertThat(check("title", title, "\"abc\"")).isEmpty();
    assertThat(check("title", title, "5")).isEmpty();
    assertThat(check("title", title, "true"))
        .containsExactly(
            "[NoAlternative] op.title is true, which fits none of its alternatives (a string or"
                + " an integer)");
    assertThat(check("title", title, "\"abcd\""))
        .containsExactly(
            "[NoAlternative] op.title is the string \"abcd\", which fits none of its alternatives"
                + " (a string or an integer); as a string: op.title is 4 characters long, more"
                + " than the maximum 3");
    Schema overlapping = new UnionSchema(Facets.NONE, true, List.of(NUMBER, INTEGER));
    assertThat(check("n", overlapping, "2.5")).isEmpty();
    assertThat(check("n", overlapping, "3"))
        .containsExactly(
            "[AmbiguousUnion] op.n is the number 3, which fits more than one of its alternatives"
                + " (a number and an integer), but must fit exactly one");
    Schema any = new UnionSchema(Facets.NONE, false, List.of(NUMBER, INTEGER));
    assertThat(check("n", any, "3")).isEmpty();
  }

  @Test
  void tenProblemsAreToldAndTheRestCounted() {
    List<String> twelve = new ArrayList<>();
    for (int i = 0; i < 12; i++) {
      twelve.add(String.valueOf(i));
    }
    List<String> problems = check("tags", ArraySchema.of(STRING), twelve.toString());
    assertThat(problems).hasSize(ValueCheck.MAX_PROBLEMS + 1);
    assertThat(problems.get(0)).isEqualTo("[WrongType] op.tags[0] is the number 0, not a string");
    assertThat(problems.get(ValueCheck.MAX_PROBLEMS))
        .isEqualTo(
            "[MoreProblems] op.tags has 2 more problems after these; fix the ones above and call"
                + " again");
  }

  @Test
  void nestedUnionsCostWhatTheValueHolds() {
    // Each level is a union of two arrays of the level below: tried naively, 2^depth checks.
    Schema s = INTEGER;
    for (int i = 0; i < 30; i++) {
      s = new UnionSchema(Facets.NONE, false, List.of(ArraySchema.of(s), ArraySchema.of(s)));
    }
    String value = "[".repeat(30) + "\"x\"" + "]".repeat(30);
    Schema deep = s;
    long start = System.nanoTime();
    List<String> problems = check("v", deep, value);
    assertThat(Duration.ofNanos(System.nanoTime() - start)).isLessThan(Duration.ofSeconds(2));
    assertThat(problems).hasSize(1);
    assertThat(problems.get(0)).startsWith("[NoAlternative] op.v is an array, which fits none");
  }

  @Test
  void namesAndValuesTheBackendServedStayOnOneLine() {
    Schema closed = object(true, null, required("a\nb", STRING));
    assertThat(check("o", closed, "{\"a\\nb\":\"x\",\"a\\nc\":1}"))
        .containsExactly(
            "[UnknownProperty] op.o has no property \"a\\nc\"; its properties are: a\\nb; did you"
                + " mean \"a\\nb\"?");
    Schema e = new EnumSchema(Facets.NONE, List.of("x\u202ey", "z"), OperandType.STRING);
    assertThat(check("e", e, "\"xy\""))
        .containsExactly(
            "[EnumValue] op.e: \"xy\" is not one of the allowed values: x\\u202ey, z; did you mean"
                + " \"x\\u202ey\"?");
    assertThat(check("p", object(false, null, required("a\nb", e)), "{}"))
        .containsExactly(
            "[RequiredMissing] op.p[\"a\\nb\"] is required: give it one of x\\u202ey, z");
  }
}

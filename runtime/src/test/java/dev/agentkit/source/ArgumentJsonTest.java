package dev.agentkit.source;

import static dev.agentkit.source.JsonTrees.object;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.agentkit.contract.Operand;
import dev.agentkit.internal.json.JsonTree;
import org.junit.jupiter.api.Test;

/** Each row of the argument-to-JSON table, and each message. */
class ArgumentJsonTest {
  private static Operand operand(String schema) {
    return SchemaOperands.property("tool \"t\"", "x", object(schema), false, null)
        .operands()
        .get(0);
  }

  private static String sent(String schema, String text) throws Exception {
    return JsonTree.compact(ArgumentJson.of(operand(schema), text));
  }

  @Test
  void flatValuesAreReadAsTheirJsonType() throws Exception {
    assertThat(sent("{'type':'string'}", " a b ")).isEqualTo("\" a b \"");
    assertThat(sent("{'type':'string','format':'date'}", "2026-12-01")).isEqualTo("\"2026-12-01\"");
    assertThat(sent("{'type':'number'}", "2.50")).isEqualTo("2.50");
    assertThat(sent("{'type':'integer'}", "1e3")).isEqualTo("1000");
    assertThat(sent("{'type':'boolean'}", "T")).isEqualTo("true");
    assertThat(sent("{'enum':[1,2]}", "2")).isEqualTo("2");
    assertThat(sent("{'enum':[true]}", "true")).isEqualTo("true");
    assertThat(sent("{'enum':['1','2']}", "2")).isEqualTo("\"2\"");
  }

  @Test
  void nullIsNullWhereTheSchemaTakesItAndIsNoStringValue() throws Exception {
    assertThat(sent("{'type':'integer','nullable':true}", "null")).isEqualTo("null");
    assertThat(sent("{'type':['string','null']}", "null")).isEqualTo("\"null\"");
    assertThat(sent("{'enum':['a',null]}", "null")).isEqualTo("null");
  }

  @Test
  void aListIsAnArrayOfItsValues() throws Exception {
    String ints = "{'type':'array','items':{'type':'integer'}}";
    assertThat(sent(ints, "[\"1\", 2]")).isEqualTo("[1,2]");
    assertThat(sent(ints, "7")).isEqualTo("[7]");
    assertThat(sent("{'type':'array','items':{'type':'string'}}", "[\"a\",\"b c\"]"))
        .isEqualTo("[\"a\",\"b c\"]");
  }

  @Test
  void aTreeArgumentIsItsJsonAndTextThatIsNoJsonAString() throws Exception {
    String entities =
        "{'type':'array','items':{'type':'object','properties':{'name':{'type':'string'}}}}";
    assertThat(sent(entities, "[{\"name\":\"Bob\",\"observations\":[]}]"))
        .isEqualTo("[{\"name\":\"Bob\",\"observations\":[]}]");
    assertThat(sent("{'oneOf':[{'type':'string'},{'type':'integer'}]}", "Found a bug"))
        .isEqualTo("\"Found a bug\"");
    assertThat(sent("{'oneOf':[{'type':'string'},{'type':'integer'}]}", "5")).isEqualTo("5");
    assertThat(sent("{}", "{\"k\": [1, null]}")).isEqualTo("{\"k\":[1,null]}");
    assertThat(sent("{'const':'task'}", "task")).isEqualTo("\"task\"");
    assertThat(ArgumentJson.isTree(operand(entities))).isTrue();
    assertThat(ArgumentJson.isTree(operand("{'type':'array','items':{'type':'string'}}")))
        .isFalse();
  }

  @Test
  void eachMessageNamesTheOperand() {
    assertThatThrownBy(() -> sent("{'type':'number'}", "abc"))
        .hasMessage("operand x must be a number, not \"abc\"");
    assertThatThrownBy(() -> sent("{'type':'number'}", "1e400"))
        .hasMessage("operand x is \"1e400\", beyond the range of a JSON number");
    assertThatThrownBy(() -> sent("{'type':'integer'}", "2.5"))
        .hasMessage("operand x must be a whole number, not \"2.5\"");
    assertThatThrownBy(() -> sent("{'type':'boolean'}", "yes"))
        .hasMessage("operand x must be true or false, not \"yes\"");
    String strings = "{'type':'array','items':{'type':'string'}}";
    assertThatThrownBy(() -> sent(strings, "[\"a\""))
        .hasMessage("list operand x must be a JSON array, not \"[\"a\"\"");
    assertThatThrownBy(() -> sent(strings, "[{\"a\":1}]"))
        .hasMessage("list operand x must hold plain values, not objects or arrays");
    assertThatThrownBy(() -> sent(strings, "[null]")).hasMessage("operand x takes no null");
  }

  @net.jqwik.api.Property(tries = 200)
  void aTreeArgumentSendsExactlyTheJsonItHolds(@net.jqwik.api.ForAll("values") Object value)
      throws Exception {
    Operand tree = operand("{'type':'object'}");
    String text = JsonTree.compact(value);
    assertThat(JsonTree.compact(ArgumentJson.of(tree, text))).isEqualTo(text);
  }

  @net.jqwik.api.Provide
  net.jqwik.api.Arbitrary<Object> values() {
    return value(3);
  }

  private static net.jqwik.api.Arbitrary<Object> value(int depth) {
    net.jqwik.api.Arbitrary<Object> leaf =
        net.jqwik.api.Arbitraries.oneOf(
            net.jqwik.api.Arbitraries.strings().ofMaxLength(6).map(s -> (Object) s),
            net.jqwik.api.Arbitraries.bigDecimals()
                .between(new java.math.BigDecimal("-1e6"), new java.math.BigDecimal("1e6"))
                .ofScale(2)
                .map(n -> (Object) n),
            net.jqwik.api.Arbitraries.of(true, false).map(b -> (Object) b),
            net.jqwik.api.Arbitraries.just(null));
    if (depth == 0) {
      return leaf;
    }
    return net.jqwik.api.Arbitraries.oneOf(
        leaf,
        value(depth - 1).list().ofMaxSize(3).map(l -> (Object) l),
        net.jqwik.api.Arbitraries.maps(
                net.jqwik.api.Arbitraries.strings().ofMaxLength(4), value(depth - 1))
            .ofMaxSize(3)
            .map(m -> (Object) new java.util.LinkedHashMap<>(m)));
  }
}

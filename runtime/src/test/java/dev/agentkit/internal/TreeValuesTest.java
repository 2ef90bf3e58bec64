package dev.agentkit.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.math.BigDecimal;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.function.Function;
import org.junit.jupiter.api.Test;

/**
 * What the typed views of nested operands read ({@link TreeValues}): the argument's JSON as
 * unmodifiable plain Java, every node read as one type, and every other shape read as empty, never
 * as an exception.
 */
class TreeValuesTest {
  private static final String DEEP = "[".repeat(65) + "]".repeat(65);

  @Test
  void anArgumentIsItsJsonAndATextThatIsNoJsonIsThatText() {
    assertThat(TreeValues.parse(null)).isNull();
    assertThat(TreeValues.parse(" ")).isNull();
    assertThat(TreeValues.parse("null")).isNull();
    assertThat(TreeValues.parse("[1,\"a\",true]"))
        .isEqualTo(List.of(new BigDecimal("1"), "a", true));
    assertThat(TreeValues.parse("{\"b\":1,\"a\":2}").toString()).isEqualTo("{b=1, a=2}");
    // Not JSON, past the depth bound, or with a key twice: the text itself, as verify reads it.
    for (String text : List.of("Fix the build", "[1,", DEEP, "{\"a\":1,\"a\":2}")) {
      assertThat(TreeValues.parse(text)).as(text).isEqualTo(text);
    }
  }

  @Test
  @SuppressWarnings("unchecked")
  void theTreeIsUnmodifiableAtEveryLevel() {
    Map<String, Object> top = (Map<String, Object>) TreeValues.parse("{\"a\":[{\"b\":[]}]}");
    List<Object> a = (List<Object>) top.get("a");
    Map<String, Object> b = (Map<String, Object>) a.get(0);
    for (Runnable change :
        List.<Runnable>of(
            () -> top.put("c", 1),
            () -> a.add(1),
            () -> b.remove("b"),
            () -> ((List<Object>) b.get("b")).add(1))) {
      assertThatThrownBy(change::run).isInstanceOf(UnsupportedOperationException.class);
    }
  }

  @Test
  void eachReadingTakesItsOwnTypeAndAStringThatSpellsOne() {
    BigDecimal n = new BigDecimal("2.50");
    assertThat(TreeValues.text(n)).contains("2.5");
    assertThat(TreeValues.text(new BigDecimal("1E+3"))).contains("1000");
    assertThat(TreeValues.text(true)).contains("true");
    assertThat(TreeValues.string(Map.of())).isEmpty();
    assertThat(TreeValues.number(n)).contains(n);
    assertThat(TreeValues.number(" 1.5 ")).contains(new BigDecimal("1.5"));
    assertThat(TreeValues.integer(new BigDecimal("3.0"))).isEqualTo(OptionalLong.of(3));
    assertThat(TreeValues.integer("42")).isEqualTo(OptionalLong.of(42));
    assertThat(TreeValues.longValue(new BigDecimal("7"))).contains(7L);
    assertThat(TreeValues.bool("true")).contains(true);
    assertThat(TreeValues.date("2026-12-01").map(d -> d.toLocalDate().toString()))
        .contains("2026-12-01");
    assertThat(TreeValues.value("x")).contains("x");
    assertThat(TreeValues.object(Map.of("a", 1), Map::size)).contains(1);
  }

  @Test
  void everyOtherShapeReadsAsEmpty() {
    List<Object> others =
        java.util.Arrays.asList(null, Map.of(), List.of(), "x", new BigDecimal("1.5"), false);
    for (Object o : others) {
      String shown = String.valueOf(o);
      if (!(o instanceof String) && !(o instanceof BigDecimal) && !(o instanceof Boolean)) {
        assertThat(TreeValues.text(o)).as(shown).isEmpty();
      }
      if (!(o instanceof BigDecimal)) {
        assertThat(TreeValues.number(o)).as(shown).isEmpty();
        assertThat(TreeValues.integer(o)).as(shown).isEmpty();
      }
      if (!(o instanceof Boolean)) {
        assertThat(TreeValues.bool(o)).as(shown).isEmpty();
      }
      assertThat(TreeValues.date(o)).as(shown).isEmpty();
      if (!(o instanceof Map)) {
        assertThat(TreeValues.object(o)).as(shown).isEmpty();
      }
      if (!(o instanceof List)) {
        assertThat(TreeValues.list(o, TreeValues::text)).as(shown).isEmpty();
      }
    }
    assertThat(TreeValues.value(null)).isEmpty();
    assertThat(TreeValues.integer(new BigDecimal("1.5"))).isEmpty();
    assertThat(TreeValues.integer(new BigDecimal("1e19"))).isEmpty();
  }

  @Test
  void aListKeepsTheElementsThatReadInOrderAtEveryDepth() {
    Object node = TreeValues.parse("[[1,\"2\",\"x\"],7,[],[{\"a\":1},3.0]]");
    Function<Object, Optional<List<Long>>> row = TreeValues.arrayOf(TreeValues::longValue);
    assertThat(TreeValues.list(node, row)).containsExactly(List.of(1L, 2L), List.of(), List.of(3L));
    Object objects = TreeValues.parse("[{\"a\":1},\"x\",{}]");
    assertThat(TreeValues.list(objects, TreeValues.objectOf(Map::keySet)))
        .containsExactly(java.util.Set.of("a"), java.util.Set.of());
    Object words = TreeValues.parse("[\"low\",1,null,{}]");
    assertThat(TreeValues.list(words, TreeValues.enumOf(String::toUpperCase)))
        .containsExactly("LOW", "1");
    assertThatThrownBy(() -> TreeValues.list(node, row).add(List.of()))
        .isInstanceOf(UnsupportedOperationException.class);
  }
}

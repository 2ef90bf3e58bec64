package dev.agentkit.contract;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/**
 * An op a backend serves without a tier (no key, or null) is refused whatever its opcode, with one
 * line that names the op by its opcode, so the backend's author finds it without counting ops.
 */
class MissingTierPropertyTest {

  @Provide
  Arbitrary<String> opcodes() {
    Arbitrary<String> plain = Arbitraries.of("delete_everything", "archive", "a", "send_reply");
    Arbitrary<String> hostile =
        Arbitraries.strings()
            .withCharRange(' ', '~')
            .withChars('\n', '\r', '\t', '\u0000', '\u00e9', '\u202e', '"', '\\', '|', '{')
            .ofMaxLength(40);
    return Arbitraries.oneOf(plain, hostile);
  }

  private static String json(String s) {
    StringBuilder sb = new StringBuilder();
    dev.agentkit.internal.text.JsonText.string(sb, s);
    return sb.toString();
  }

  @Property(tries = 400)
  void anOpWithoutATierIsRefusedNamingItsOpcode(
      @ForAll("opcodes") String opcode, @ForAll boolean nullTier, @ForAll boolean second) {
    String op = "{\"opcode\": " + json(opcode) + (nullTier ? ", \"tier\": null" : "") + "}";
    String ok = "{\"opcode\": \"other\", \"tier\": \"reversible\"}";
    String doc = "{\"ops\": [" + (second ? ok + ", " + op : op) + "]}";
    assertThatThrownBy(
            () -> ContractSnapshot.parseWire(doc.getBytes(StandardCharsets.UTF_8), "served", "t"))
        .isExactlyInstanceOf(ContractFormatException.class)
        .satisfies(
            e -> {
              String m = e.getMessage();
              assertThat(m)
                  .contains("at $.ops[" + (second ? 1 : 0) + "]: ")
                  .contains("missing key \"tier\" in op " + DocumentErrors.quote(opcode) + ": ")
                  .endsWith("a missing tier is never taken as read-only")
                  .doesNotContain("\n", "\r");
            });
  }
}

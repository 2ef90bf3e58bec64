package dev.agentkit.reliability;

import static org.assertj.core.api.Assertions.assertThat;

import dev.agentkit.benchmarks.SyntheticContract;
import dev.agentkit.contract.Contract;
import dev.agentkit.contract.ContractFormatException;
import dev.agentkit.contract.ContractSnapshot;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;

/**
 * The strict snapshot reader over mutated snapshots: byte flips, truncations, insertions and key
 * renames of a valid snapshot either parse or throw {@link ContractFormatException}, never anything
 * else.
 */
class SnapshotCodecFuzzTest {
  private static final byte[] VALID =
      SyntheticContract.snapshotBytes(SyntheticContract.generate("fuzz", 12, 7));
  private static final String[] KEYS = {
    "\"format\"", "\"contract\"", "\"source\"", "\"digest\"", "\"ops\"", "\"opcode\"",
    "\"description\"", "\"object_type\"", "\"tier\"", "\"operands\"", "\"name\"", "\"type\"",
    "\"required\"", "\"list\"", "\"enum\""
  };
  private static final byte[] INSERTS = {
    '{', '}', '[', ']', '"', ',', ':', '\\', 0, (byte) 0xC3, (byte) 0xFF, ' ', '\n', 'x', '1'
  };

  @Property(tries = 12_000)
  void aMutatedSnapshotParsesOrFailsWithAFormatException(
      @ForAll @IntRange(min = 0, max = 3) int kind,
      @ForAll @IntRange(min = 0, max = 1_000_000) int where,
      @ForAll @IntRange(min = 0, max = 255) int value,
      @ForAll @IntRange(min = 1, max = 4) int count) {
    byte[] mutated = mutate(kind, where, value, count);
    try {
      Contract c = ContractSnapshot.parse(mutated, "fuzz.json");
      assertThat(c.ops()).isNotEmpty();
    } catch (ContractFormatException e) {
      assertThat(e.getMessage()).startsWith("fuzz.json");
      assertThat(e.problem()).isNotBlank();
    }
  }

  private static byte[] mutate(int kind, int where, int value, int count) {
    int at = where % VALID.length;
    switch (kind) {
      case 0 -> {
        byte[] out = VALID.clone();
        for (int i = 0; i < count; i++) {
          out[(at + i * 7919) % out.length] ^= (byte) (1 << ((value + i) % 8));
        }
        return out;
      }
      case 1 -> {
        return Arrays.copyOf(VALID, at);
      }
      case 2 -> {
        byte[] out = new byte[VALID.length + count];
        System.arraycopy(VALID, 0, out, 0, at);
        for (int i = 0; i < count; i++) {
          out[at + i] = INSERTS[(value + i) % INSERTS.length];
        }
        System.arraycopy(VALID, at, out, at + count, VALID.length - at);
        return out;
      }
      default -> {
        String text = new String(VALID, StandardCharsets.UTF_8);
        String key = KEYS[value % KEYS.length];
        int found = text.indexOf(key, at % text.length());
        if (found < 0) {
          found = text.indexOf(key);
        }
        String renamed = key.substring(0, key.length() - 1) + (count == 1 ? "s\"" : "_\"");
        return (text.substring(0, found) + renamed + text.substring(found + key.length()))
            .getBytes(StandardCharsets.UTF_8);
      }
    }
  }
}

package dev.agentkit.benchmarks;

import dev.agentkit.contract.Contract;
import dev.agentkit.contract.ContractSnapshot;
import dev.agentkit.contract.Op;
import dev.agentkit.contract.Operand;
import dev.agentkit.contract.OperandType;
import dev.agentkit.contract.Tier;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;

/**
 * A synthetic contract of the shape the benchmarks measure: many ops with a handful of operands
 * each, about 30% of them enums. Generated from a seed, so every run and every fork sees the same
 * bytes.
 */
public final class SyntheticContract {
  /** The seed every benchmark uses. */
  public static final long SEED = 0x5EED_2026L;

  /** The op count of the large contract. */
  public static final int LARGE_OPS = 5_000;

  private static final String[] VERBS = {
    "create", "update", "archive", "assign", "set", "clear", "move", "link", "tag", "close"
  };
  private static final String[] NOUNS = {
    "task", "project", "sprint", "label", "comment", "milestone", "board", "user", "team", "epic"
  };
  private static final String[] WORDS = {
    "the", "task", "value", "owner", "state", "given", "new", "current", "board", "when", "after",
    "backend", "project", "field", "of", "to", "for", "any", "which", "is"
  };

  private SyntheticContract() {}

  /** The contract of {@code ops} ops generated from {@code seed}. */
  public static Contract generate(String name, int ops, long seed) {
    SplittableRandom random = new SplittableRandom(seed);
    List<Op> actions = new ArrayList<>(ops);
    for (int i = 0; i < ops; i++) {
      actions.add(op(random, i));
    }
    return Contract.of(name, "synthetic:" + Long.toHexString(seed), actions);
  }

  /** The large contract: {@value #LARGE_OPS} ops from {@link #SEED}. */
  public static Contract large() {
    return generate("synthetic", LARGE_OPS, SEED);
  }

  /** The canonical snapshot bytes of a contract. */
  public static byte[] snapshotBytes(Contract contract) {
    return ContractSnapshot.write(contract).getBytes(StandardCharsets.UTF_8);
  }

  /** The opcode of the {@code i}th generated op. */
  public static String opcode(int i) {
    return String.format(
        Locale.ROOT, "%s_%s_%04d", VERBS[i % VERBS.length], NOUNS[(i / 10) % NOUNS.length], i);
  }

  private static Op op(SplittableRandom random, int i) {
    Op.Builder b =
        Op.builder(opcode(i))
            .description(sentence(random, 2 + random.nextInt(6)))
            .objectType(NOUNS[(i / 10) % NOUNS.length])
            .tier(i % 7 == 0 ? Tier.READ_ONLY : Tier.REVERSIBLE);
    // 1 to 10 operands, 5.5 on average.
    int operands = 1 + random.nextInt(10);
    b.operand(new Operand("id", "The object.", OperandType.STRING, true, List.of(), false));
    for (int k = 1; k < operands; k++) {
      b.operand(operand(random, k));
    }
    return b.build();
  }

  private static Operand operand(SplittableRandom random, int k) {
    String name = WORDS[random.nextInt(WORDS.length)] + k;
    String description = random.nextInt(4) > 0 ? "" : sentence(random, 1 + random.nextInt(2));
    boolean required = random.nextInt(3) == 0;
    int kind = random.nextInt(100);
    // Operand 0 is always a string id, so enums are a little more frequent among the rest.
    if (kind < 37) {
      int count = 2 + random.nextInt(3);
      List<String> values = new ArrayList<>(count);
      for (int v = 0; v < count; v++) {
        values.add("v" + v);
      }
      return new Operand(name, description, OperandType.ENUM, required, values, kind < 3);
    }
    OperandType type =
        kind < 60 ? OperandType.STRING : kind < 80 ? OperandType.DATE : OperandType.NUMBER;
    return new Operand(name, description, type, required, List.of(), false);
  }

  private static String sentence(SplittableRandom random, int words) {
    StringBuilder sb = new StringBuilder();
    for (int w = 0; w < words; w++) {
      String word = WORDS[random.nextInt(WORDS.length)];
      if (w == 0) {
        sb.append(Character.toUpperCase(word.charAt(0))).append(word, 1, word.length());
      } else {
        sb.append(' ').append(word);
      }
    }
    return sb.append('.').toString();
  }
}

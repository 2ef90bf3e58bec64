package dev.agentkit.benchmarks;

import dev.agentkit.contract.Contract;
import dev.agentkit.contract.ContractSnapshot;
import dev.agentkit.contract.Op;
import dev.agentkit.contract.Operand;
import dev.agentkit.contract.OperandType;
import dev.agentkit.contract.Schema;
import dev.agentkit.contract.Schema.ArraySchema;
import dev.agentkit.contract.Schema.Bound;
import dev.agentkit.contract.Schema.EnumSchema;
import dev.agentkit.contract.Schema.Facets;
import dev.agentkit.contract.Schema.NumberSchema;
import dev.agentkit.contract.Schema.ObjectSchema;
import dev.agentkit.contract.Schema.StringSchema;
import dev.agentkit.contract.Schema.UnionSchema;
import dev.agentkit.contract.Tier;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;

/**
 * A synthetic contract of the shape the benchmarks measure: many ops with a handful of operands
 * each, about 30% of them enums. Generated from a seed, so every run and every fork sees the same
 * bytes. {@link #largeNested} adds, to one op in four, an operand whose schema is a tree: an array
 * of objects (bounded strings and integers, an enum, a nested array), an object holding a union and
 * exclusive bounds, or a union of a string and an object, with defaults and nullability.
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

  /** The contract of {@code ops} ops generated from {@code seed}, all operands flat. */
  public static Contract generate(String name, int ops, long seed) {
    return generate(name, ops, seed, false);
  }

  /**
   * The contract of {@code ops} ops generated from {@code seed}; with {@code nested}, one op in
   * four also takes a tree-typed operand (its flat operands are the same either way).
   */
  public static Contract generate(String name, int ops, long seed, boolean nested) {
    SplittableRandom random = new SplittableRandom(seed);
    SplittableRandom trees = new SplittableRandom(~seed);
    List<Op> actions = new ArrayList<>(ops);
    for (int i = 0; i < ops; i++) {
      Op op = op(random, i);
      if (nested && i % 4 == 1) {
        op = op.toBuilder().operand(nestedOperand(trees, i)).build();
      }
      actions.add(op);
    }
    return Contract.of(name, "synthetic:" + Long.toHexString(seed), actions);
  }

  /** The large contract: {@value #LARGE_OPS} ops from {@link #SEED}. */
  public static Contract large() {
    return generate("synthetic", LARGE_OPS, SEED);
  }

  /** The large contract with a tree-typed operand in one op in four. */
  public static Contract largeNested() {
    return generate("synthetic", LARGE_OPS, SEED, true);
  }

  /** Operands across the contract whose schema is a tree. */
  public static int nestedOperands(Contract contract) {
    int n = 0;
    for (Op op : contract.ops()) {
      for (Operand o : op.operands()) {
        n += o.isFlat() ? 0 : 1;
      }
    }
    return n;
  }

  private static Operand nestedOperand(SplittableRandom random, int i) {
    int shape = random.nextInt(3);
    boolean required = random.nextInt(3) == 0;
    String description = sentence(random, 2 + random.nextInt(4));
    return switch (shape) {
      case 0 -> new Operand("items", description, required, itemsArray(random));
      case 1 -> new Operand("settings", description, required, settingsObject(random));
      default -> new Operand("target", description, required, union(random));
    };
  }

  /** {@code [{text: string 1..200, weight: integer 1..10, kind: enum, tags: [string]}]}. */
  private static Schema itemsArray(SplittableRandom random) {
    List<Operand> properties =
        List.of(
            new Operand("text", "What to do.", true, new StringSchema(Facets.NONE, "", 1, 200, "")),
            new Operand(
                "weight",
                "",
                false,
                new NumberSchema(
                    new Facets("", "1", false),
                    true,
                    new Bound(BigDecimal.ONE, false),
                    new Bound(BigDecimal.TEN, false),
                    null)),
            new Operand(
                "kind",
                "",
                random.nextBoolean(),
                new EnumSchema(Facets.NONE, List.of("step", "check", "note"), OperandType.STRING)),
            new Operand(
                "tags",
                "",
                false,
                new ArraySchema(
                    Facets.NONE, new StringSchema(Facets.NONE, "", null, 40, ""), null, 8, true)));
    return new ArraySchema(
        Facets.NONE,
        new ObjectSchema(Facets.described("One item."), properties, true, null),
        1,
        10 + random.nextInt(40),
        false);
  }

  /** {@code {mode: oneOf[enum, {every: number (0, 24]}], ratio: number, note: string?}}. */
  private static Schema settingsObject(SplittableRandom random) {
    Schema every =
        ObjectSchema.of(
            List.of(
                new Operand(
                    "every",
                    "Hours between runs.",
                    true,
                    new NumberSchema(
                        Facets.NONE,
                        false,
                        new Bound(BigDecimal.ZERO, true),
                        new Bound(BigDecimal.valueOf(24), false),
                        null))));
    Schema mode =
        new UnionSchema(
            Facets.NONE,
            true,
            List.of(
                new EnumSchema(Facets.NONE, List.of("daily", "weekly"), OperandType.STRING),
                every));
    return new ObjectSchema(
        Facets.NONE,
        List.of(
            new Operand("mode", "How often.", true, mode),
            new Operand(
                "ratio",
                "",
                false,
                new NumberSchema(
                    Facets.NONE,
                    false,
                    new Bound(BigDecimal.ZERO, false),
                    new Bound(BigDecimal.ONE, false),
                    new BigDecimal("0.05"))),
            new Operand(
                "note", "", false, new StringSchema(new Facets("", "", true), "", null, 500, ""))),
        random.nextBoolean(),
        null);
  }

  /** {@code anyOf[string, {id: string, kind: enum}]}, nullable. */
  private static Schema union(SplittableRandom random) {
    Schema ref =
        new ObjectSchema(
            Facets.NONE,
            List.of(
                Operand.requiredString("id", "The object's id."),
                new Operand(
                    "kind",
                    "",
                    false,
                    new EnumSchema(Facets.NONE, List.of("task", "project"), OperandType.STRING))),
            true,
            null);
    return new UnionSchema(
        new Facets("", "", random.nextBoolean()),
        false,
        List.of(new StringSchema(Facets.NONE, "", 1, null, ""), ref));
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

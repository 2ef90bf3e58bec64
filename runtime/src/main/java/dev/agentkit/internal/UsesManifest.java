package dev.agentkit.internal;

import dev.agentkit.contract.ChangeCategory;
import dev.agentkit.contract.Tier;
import dev.agentkit.internal.text.JsonText;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;

/**
 * What one agent uses of one backend contract, as the annotation processor publishes it in {@code
 * META-INF/agentkit/uses/<contract>/<agent>.json}: the contract's name and the digest the agent was
 * compiled against, and for each backend op it uses its premise, its handlers, the tier it asserts
 * or overrides, and the enum values the agent's code names through its typed views; for each local
 * act only its opcode. A backend's build grades a proposed contract against it ({@code
 * agentkit:verify-consumers}).
 *
 * <p>It holds no text of the contract beyond opcodes, operand names and the enum values the agent
 * names: no description, no source, no credential. The text is canonical ({@link #encode}): fixed
 * key order, two-space indentation, acts sorted by opcode, no timestamp, so the same agent against
 * the same snapshot always writes the same bytes. {@link UsesManifestReader} reads it back. Not
 * API: see the package documentation.
 *
 * @param contract the contract's name
 * @param agent the agent's qualified name
 * @param digest the digest of the snapshot the agent was compiled against
 * @param acts the backend ops the agent uses, sorted by opcode
 * @param localActs the opcodes of the agent's local acts, sorted
 */
public record UsesManifest(
    String contract, String agent, String digest, List<Use> acts, List<String> localActs) {
  /** The format this code writes and reads. */
  public static final int FORMAT = 1;

  /** The class-output directory of the manifests: {@code <contract>/<agent>.json} under it. */
  public static final String LOCATION = "META-INF/agentkit/uses";

  /** Sorts and copies the lists. */
  public UsesManifest {
    Objects.requireNonNull(contract, "contract");
    Objects.requireNonNull(agent, "agent");
    Objects.requireNonNull(digest, "digest");
    List<Use> sorted = new ArrayList<>(acts);
    sorted.sort((a, b) -> a.opcode().compareTo(b.opcode()));
    acts = List.copyOf(sorted);
    List<String> locals = new ArrayList<>(localActs);
    Collections.sort(locals);
    localActs = List.copyOf(locals);
  }

  /**
   * How the agent uses one backend op.
   *
   * @param opcode the op's opcode
   * @param category the premise's change category
   * @param input the operand the premise compares, or empty
   * @param terminalStates the premise's terminal states, as declared
   * @param structured operands whose value the backend parses as JSON, as declared
   * @param run whether the act has a run handler: it runs live
   * @param ask whether the act has ask wording: it can be proposed to a person
   * @param assertedTier the tier the agent asserts, or null
   * @param tierOverride the tier override the agent's snapshot applies to the op, or null
   * @param enumValues for each operand whose enum the agent's code names values of, those values,
   *     sorted; by operand name, sorted
   */
  public record Use(
      String opcode,
      ChangeCategory category,
      String input,
      List<String> terminalStates,
      List<String> structured,
      boolean run,
      boolean ask,
      Tier assertedTier,
      Overridden tierOverride,
      Map<String, List<String>> enumValues) {
    /** Copies the collections; a null input becomes empty. */
    public Use {
      Objects.requireNonNull(opcode, "opcode");
      Objects.requireNonNull(category, "category");
      input = input == null ? "" : input;
      terminalStates = List.copyOf(terminalStates);
      structured = List.copyOf(structured);
      Map<String, List<String>> copy = new TreeMap<>();
      enumValues.forEach(
          (operand, values) -> {
            List<String> v = new ArrayList<>(values);
            Collections.sort(v);
            copy.put(operand, List.copyOf(v));
          });
      enumValues = Collections.unmodifiableMap(copy);
    }
  }

  /**
   * The agent's own word on an op's tier, as its snapshot recorded it.
   *
   * @param tier the tier the override gives
   * @param mayLower whether it was given a reason, which lets it lower the source's tier
   */
  public record Overridden(Tier tier, boolean mayLower) {
    /** Checks the tier is present. */
    public Overridden {
      Objects.requireNonNull(tier, "tier");
    }
  }

  /** The manifest's path in a class output, for a contract and an agent's qualified name. */
  public static String path(String contract, String agent) {
    return LOCATION + "/" + contract + "/" + agent + ".json";
  }

  /** The opcodes of the backend ops the agent uses, sorted. */
  public List<String> opcodes() {
    List<String> out = new ArrayList<>(acts.size());
    for (Use u : acts) {
      out.add(u.opcode());
    }
    return out;
  }

  /** The agent's simple name: its qualified name after the last dot. */
  public String agentName() {
    return agent.substring(agent.lastIndexOf('.') + 1);
  }

  /** The canonical text: keys in a fixed order, two-space indentation, {@code \n} line ends. */
  public String encode() {
    StringBuilder sb = new StringBuilder(256 + 256 * acts.size());
    sb.append("{\n  \"format\": ").append(FORMAT).append(",\n");
    field(sb, 1, "contract", contract).append(",\n");
    field(sb, 1, "agent", agent).append(",\n");
    field(sb, 1, "digest", digest).append(",\n");
    sb.append("  \"acts\": [");
    for (int i = 0; i < acts.size(); i++) {
      sb.append(i == 0 ? "\n" : ",\n");
      use(sb, acts.get(i));
    }
    sb.append(acts.isEmpty() ? "],\n" : "\n  ],\n");
    sb.append("  \"local_acts\": ");
    strings(sb, localActs);
    return sb.append("\n}\n").toString();
  }

  private static void use(StringBuilder sb, Use u) {
    sb.append("    {\n");
    field(sb, 3, "opcode", u.opcode()).append(",\n");
    field(sb, 3, "category", u.category().wireName()).append(",\n");
    field(sb, 3, "input", u.input()).append(",\n");
    sb.append("      \"terminal_states\": ");
    strings(sb, u.terminalStates());
    sb.append(",\n      \"structured\": ");
    strings(sb, u.structured());
    sb.append(",\n      \"run\": ").append(u.run());
    sb.append(",\n      \"ask\": ").append(u.ask());
    sb.append(",\n      \"asserted_tier\": ");
    if (u.assertedTier() == null) {
      sb.append("null");
    } else {
      JsonText.string(sb, u.assertedTier().wireName());
    }
    sb.append(",\n      \"tier_override\": ");
    if (u.tierOverride() == null) {
      sb.append("null");
    } else {
      sb.append("{\"tier\": ");
      JsonText.string(sb, u.tierOverride().tier().wireName());
      sb.append(", \"may_lower\": ").append(u.tierOverride().mayLower()).append('}');
    }
    sb.append(",\n      \"enum_values\": {");
    boolean first = true;
    for (Map.Entry<String, List<String>> e : u.enumValues().entrySet()) {
      sb.append(first ? "\n        " : ",\n        ");
      first = false;
      JsonText.string(sb, e.getKey());
      sb.append(": ");
      strings(sb, e.getValue());
    }
    sb.append(first ? "}\n" : "\n      }\n");
    sb.append("    }");
  }

  private static StringBuilder field(StringBuilder sb, int depth, String key, String value) {
    sb.append("  ".repeat(depth)).append('"').append(key).append("\": ");
    JsonText.string(sb, value);
    return sb;
  }

  /** A list of strings on one line: {@code ["a", "b"]}. */
  private static void strings(StringBuilder sb, List<String> values) {
    sb.append('[');
    for (int i = 0; i < values.size(); i++) {
      if (i > 0) {
        sb.append(", ");
      }
      JsonText.string(sb, values.get(i));
    }
    sb.append(']');
  }
}

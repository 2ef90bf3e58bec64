package dev.agentkit;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * One act: the backend's contract for an op, the agent's premise about it and, once a model has
 * emitted it, the call's arguments.
 *
 * <p>The same type serves three moments. The backend's contract fills opcode, description, object
 * type, tier and operands. The agent's premise adds category, input, terminal states, structured
 * operands and extra. An emitted call carries args (operand name to string value) and user-fills
 * (operands the user supplies on accept). Every collection is copied on construction, so an action
 * is an immutable value that can be shared freely.
 *
 * @param opcode the op's name as the backend knows it
 * @param description what the op does; it is the prompt the model reads
 * @param objectType the kind of object the op acts on ({@code task}), or empty
 * @param tier how reversible the op is; null means unset, which validation rejects
 * @param operands the operands in the contract's order
 * @param category the agent's change premise; null means unset, which validation rejects
 * @param input the operand the premise compares, or empty
 * @param terminalStates for {@link ChangeCategory#TERMINAL}: the states after which the act changes
 *     nothing
 * @param structured operands whose value the backend parses as JSON
 * @param extra agent-private data the kit never interprets, or null
 * @param args an emitted call's arguments, by operand name
 * @param userFills operands the user fills when accepting the proposal
 */
public record Action(
    String opcode,
    String description,
    String objectType,
    Tier tier,
    List<Operand> operands,
    ChangeCategory category,
    String input,
    List<String> terminalStates,
    List<String> structured,
    Object extra,
    Map<String, String> args,
    List<String> userFills) {

  /** Copies every collection; null strings become empty and null collections empty. */
  public Action {
    opcode = opcode == null ? "" : opcode;
    description = description == null ? "" : description;
    objectType = objectType == null ? "" : objectType;
    operands = operands == null ? List.of() : List.copyOf(operands);
    input = input == null ? "" : input;
    terminalStates = terminalStates == null ? List.of() : List.copyOf(terminalStates);
    structured = structured == null ? List.of() : List.copyOf(structured);
    args = args == null ? Map.of() : Map.copyOf(args);
    userFills = userFills == null ? List.of() : List.copyOf(userFills);
  }

  /** A builder for the contract of an op. */
  public static Builder builder(String opcode) {
    return new Builder().opcode(opcode);
  }

  /** A call as a model emits it: an opcode and its arguments. */
  public static Action call(String opcode, Map<String, String> args) {
    return call(opcode, args, List.of());
  }

  /** A call with operands left for the user to fill on accept. */
  public static Action call(String opcode, Map<String, String> args, List<String> userFills) {
    return new Action(
        opcode, "", "", null, List.of(), null, "", List.of(), List.of(), null, args, userFills);
  }

  /** A builder holding this action's values. */
  public Builder toBuilder() {
    Builder b = new Builder();
    b.opcode = opcode;
    b.description = description;
    b.objectType = objectType;
    b.tier = tier;
    b.operands.addAll(operands);
    b.category = category;
    b.input = input;
    b.terminalStates.addAll(terminalStates);
    b.structured.addAll(structured);
    b.extra = extra;
    b.args.putAll(args);
    b.userFills.addAll(userFills);
    return b;
  }

  /** This declared act carrying the arguments and user-fills of an emitted call. */
  public Action withCall(Action call) {
    return new Action(
        opcode,
        description,
        objectType,
        tier,
        operands,
        category,
        input,
        terminalStates,
        structured,
        extra,
        call.args,
        call.userFills);
  }

  /** The argument given for an operand, or the empty string when there is none. */
  public String arg(String name) {
    String v = args.get(name);
    return v == null ? "" : v;
  }

  /** Whether the call gives a non-blank argument for the operand. */
  public boolean hasArg(String name) {
    String v = args.get(name);
    return v != null && !v.isBlank();
  }

  /** The operand with this name, if the op declares one. */
  public Optional<Operand> operand(String name) {
    for (Operand o : operands) {
      if (o.name().equals(name)) {
        return Optional.of(o);
      }
    }
    return Optional.empty();
  }

  /** The operand names in the contract's order. */
  public List<String> operandNames() {
    List<String> names = new ArrayList<>(operands.size());
    for (Operand o : operands) {
      names.add(o.name());
    }
    return names;
  }

  /** Builds an {@link Action}. Not thread-safe. */
  public static final class Builder {
    private String opcode = "";
    private String description = "";
    private String objectType = "";
    private Tier tier;
    private final List<Operand> operands = new ArrayList<>();
    private ChangeCategory category;
    private String input = "";
    private final List<String> terminalStates = new ArrayList<>();
    private final List<String> structured = new ArrayList<>();
    private Object extra;
    private final Map<String, String> args = new LinkedHashMap<>();
    private final List<String> userFills = new ArrayList<>();

    private Builder() {}

    public Builder opcode(String opcode) {
      this.opcode = opcode;
      return this;
    }

    public Builder description(String description) {
      this.description = description;
      return this;
    }

    public Builder objectType(String objectType) {
      this.objectType = objectType;
      return this;
    }

    public Builder tier(Tier tier) {
      this.tier = tier;
      return this;
    }

    /** Adds one operand; operands keep the order they are added in. */
    public Builder operand(Operand operand) {
      operands.add(Objects.requireNonNull(operand, "operand"));
      return this;
    }

    /** Replaces the operands. */
    public Builder operands(List<Operand> operands) {
      this.operands.clear();
      this.operands.addAll(operands);
      return this;
    }

    public Builder category(ChangeCategory category) {
      this.category = category;
      return this;
    }

    public Builder input(String input) {
      this.input = input;
      return this;
    }

    public Builder terminalStates(List<String> states) {
      this.terminalStates.clear();
      this.terminalStates.addAll(states);
      return this;
    }

    public Builder terminalStates(String... states) {
      return terminalStates(List.of(states));
    }

    public Builder structured(List<String> operands) {
      this.structured.clear();
      this.structured.addAll(operands);
      return this;
    }

    public Builder structured(String... operands) {
      return structured(List.of(operands));
    }

    public Builder extra(Object extra) {
      this.extra = extra;
      return this;
    }

    public Builder arg(String name, String value) {
      args.put(name, value);
      return this;
    }

    public Builder userFills(List<String> names) {
      this.userFills.clear();
      this.userFills.addAll(names);
      return this;
    }

    public Action build() {
      return new Action(
          opcode,
          description,
          objectType,
          tier,
          operands,
          category,
          input,
          terminalStates,
          structured,
          extra,
          args,
          userFills);
    }
  }
}

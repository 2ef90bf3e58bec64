package dev.agentkit;

import java.util.List;
import java.util.Objects;

/**
 * One backend op an agent uses: which op, the agent's premise about it, and its handlers.
 * Everything else — operands, types, enum values, required flags, tier and description — comes from
 * the backend's contract when the use is bound.
 *
 * @param opcode the backend op
 * @param category how to tell whether the act would change anything
 * @param input the operand the premise compares, or empty
 * @param terminalStates for {@code terminal}: the states after which the act changes nothing
 * @param structured operands whose value the backend parses as JSON
 * @param extra agent-private data the kit never interprets, or null
 * @param assertTier a tier the agent expects the backend to have, checked rather than trusted; null
 *     to accept the backend's
 * @param run performs the act live, or null: a positive statement that it is only proposed
 * @param ask the question shown to a human when the act is withheld, or null
 * @param reader reads the state the premise compares against, or null
 * @param fieldReader reads one field, for {@code multi_field}, or null
 * @param <S> the agent's state type
 */
public record Use<S>(
    String opcode,
    ChangeCategory category,
    String input,
    List<String> terminalStates,
    List<String> structured,
    Object extra,
    Tier assertTier,
    RunHandler<S> run,
    AskWording ask,
    StateReader<S> reader,
    FieldReader<S> fieldReader) {

  /** Copies the lists; null strings become empty. */
  public Use {
    Objects.requireNonNull(opcode, "opcode");
    input = input == null ? "" : input;
    terminalStates = terminalStates == null ? List.of() : List.copyOf(terminalStates);
    structured = structured == null ? List.of() : List.copyOf(structured);
  }

  /** A builder for a use of {@code opcode} with the given premise category. */
  public static <S> Builder<S> of(String opcode, ChangeCategory category) {
    return new Builder<S>(opcode, category);
  }

  ActDeclaration declaration() {
    Action premise =
        Action.builder(opcode)
            .category(category)
            .input(input)
            .terminalStates(terminalStates)
            .structured(structured)
            .extra(extra)
            .build();
    return new ActDeclaration(
        premise, assertTier, run != null, ask != null, reader != null, fieldReader != null);
  }

  /** Builds a {@link Use}. Not thread-safe. */
  public static final class Builder<S> {
    private final String opcode;
    private final ChangeCategory category;
    private String input = "";
    private List<String> terminalStates = List.of();
    private List<String> structured = List.of();
    private Object extra;
    private Tier assertTier;
    private RunHandler<S> run;
    private AskWording ask;
    private StateReader<S> reader;
    private FieldReader<S> fieldReader;

    private Builder(String opcode, ChangeCategory category) {
      this.opcode = opcode;
      this.category = category;
    }

    public Builder<S> input(String input) {
      this.input = input;
      return this;
    }

    public Builder<S> terminalStates(String... states) {
      this.terminalStates = List.of(states);
      return this;
    }

    public Builder<S> structured(String... operands) {
      this.structured = List.of(operands);
      return this;
    }

    public Builder<S> extra(Object extra) {
      this.extra = extra;
      return this;
    }

    public Builder<S> assertTier(Tier tier) {
      this.assertTier = tier;
      return this;
    }

    public Builder<S> run(RunHandler<S> run) {
      this.run = run;
      return this;
    }

    public Builder<S> ask(AskWording ask) {
      this.ask = ask;
      return this;
    }

    public Builder<S> reader(StateReader<S> reader) {
      this.reader = reader;
      return this;
    }

    public Builder<S> fieldReader(FieldReader<S> fieldReader) {
      this.fieldReader = fieldReader;
      return this;
    }

    public Use<S> build() {
      return new Use<>(
          opcode,
          category,
          input,
          terminalStates,
          structured,
          extra,
          assertTier,
          run,
          ask,
          reader,
          fieldReader);
    }
  }
}

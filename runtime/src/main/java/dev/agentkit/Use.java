package dev.agentkit;

import dev.agentkit.contract.ChangeCategory;
import dev.agentkit.contract.Op;
import dev.agentkit.contract.Tier;
import dev.agentkit.internal.ActDeclaration;
import java.util.EnumSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;

/**
 * An agent's use of one op: which op, the agent's {@link Premise} about it, and its handlers.
 *
 * <p>A use of a backend op names only the opcode; operands, types, enum values, required flags,
 * tier and description come from the backend's contract when the use is bound. A local use ({@link
 * #local}) is of an op the backend has never heard of, so the agent supplies the whole {@link Op}.
 *
 * @param opcode the op
 * @param local the whole op for a local use; null for a backend op
 * @param premise how to tell whether a call would change anything
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
    Op local,
    Premise premise,
    Tier assertTier,
    RunHandler<S> run,
    AskWording ask,
    StateReader<S> reader,
    FieldReader<S> fieldReader) {

  /** Checks the opcode and premise are present and that a local op has the use's opcode. */
  public Use {
    Objects.requireNonNull(opcode, "opcode");
    Objects.requireNonNull(premise, "premise");
    if (local != null && !local.opcode().equals(opcode)) {
      throw new IllegalArgumentException(
          "the use is of \"" + opcode + "\" but its local op is \"" + local.opcode() + "\"");
    }
  }

  /** A builder for a use of the backend op {@code opcode}. */
  public static <S> Builder<S> of(String opcode, ChangeCategory category) {
    return new Builder<S>(opcode, null, category);
  }

  /** A builder for a use of an op the agent declares in full, which no backend serves. */
  public static <S> Builder<S> local(Op op, ChangeCategory category) {
    Objects.requireNonNull(op, "op");
    return new Builder<S>(op.opcode(), op, category);
  }

  /** Whether the agent declares the whole op itself. */
  public boolean isLocal() {
    return local != null;
  }

  /** The use as the rules engine sees it. */
  ActDeclaration declaration() {
    Set<ActDeclaration.Handler> handlers = EnumSet.noneOf(ActDeclaration.Handler.class);
    if (run != null) {
      handlers.add(ActDeclaration.Handler.RUN);
    }
    if (ask != null) {
      handlers.add(ActDeclaration.Handler.ASK);
    }
    if (reader != null) {
      handlers.add(ActDeclaration.Handler.READER);
    }
    if (fieldReader != null) {
      handlers.add(ActDeclaration.Handler.FIELD_READER);
    }
    return new ActDeclaration(
        opcode,
        local,
        premise.category(),
        premise.input(),
        premise.terminalStates(),
        premise.structured(),
        assertTier,
        handlers);
  }

  /** Builds a {@link Use}. Not thread-safe. */
  public static final class Builder<S> {
    private final String opcode;
    private final Op local;
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

    private Builder(String opcode, Op local, ChangeCategory category) {
      this.opcode = opcode;
      this.local = local;
      this.category = category;
    }

    /** The operand the premise compares. */
    public Builder<S> input(String input) {
      this.input = input;
      return this;
    }

    /** For {@code terminal}: the states after which the act changes nothing. */
    public Builder<S> terminalStates(String... states) {
      this.terminalStates = List.of(states);
      return this;
    }

    /** Operands whose value the backend parses as JSON. */
    public Builder<S> structured(String... operands) {
      this.structured = List.of(operands);
      return this;
    }

    /** Agent-private data the kit never interprets. */
    public Builder<S> extra(Object extra) {
      this.extra = extra;
      return this;
    }

    /** A tier the backend must have for this op; binding fails when it differs. */
    public Builder<S> assertTier(Tier tier) {
      this.assertTier = tier;
      return this;
    }

    /** Performs the act live. */
    public Builder<S> run(RunHandler<S> run) {
      this.run = run;
      return this;
    }

    /** Words the question for a withheld call. */
    public Builder<S> ask(AskWording ask) {
      this.ask = ask;
      return this;
    }

    /** Reads the state the premise compares against. */
    public Builder<S> reader(StateReader<S> reader) {
      this.reader = reader;
      return this;
    }

    /** Reads one field, for {@code multi_field}. */
    public Builder<S> fieldReader(FieldReader<S> fieldReader) {
      this.fieldReader = fieldReader;
      return this;
    }

    /** The use. */
    public Use<S> build() {
      return new Use<>(
          opcode,
          local,
          new Premise(category, input, terminalStates, structured, extra),
          assertTier,
          run,
          ask,
          reader,
          fieldReader);
    }
  }
}

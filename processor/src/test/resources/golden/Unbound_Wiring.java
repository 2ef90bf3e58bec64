package test;

import dev.agentkit.BoundAgent;
import dev.agentkit.Call;
import dev.agentkit.LiveAgent;
import dev.agentkit.contract.Contract;
import dev.agentkit.drift.DriftPolicy;
import dev.agentkit.internal.ArgValues;
import dev.agentkit.internal.WireNames;
import dev.agentkit.source.CachedContract;
import dev.agentkit.source.ContractSource;
import java.math.BigDecimal;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import javax.annotation.processing.Generated;

/**
 * The types of agent {@code TriageAgent}'s wiring, generated although the agent has errors, so that
 * javac reports only those; it cannot bind.
 */
@Generated("dev.agentkit.processor.AgentKitProcessor")
final class TriageAgent_Wiring {
  /** The contract's name. */
  public static final String CONTRACT = "taskboard";

  /** The digest of the contract snapshot this wiring was compiled against. */
  public static final String CONTRACT_DIGEST = "sha256:eefc006a8b90de2b87f60ad4ec4fe73cf1fead6a2e8f9cf0883f1fc970bf76f8";

  public static final String OP_ARCHIVE_PROJECT = "archive_project";
  public static final String OP_CREATE_TASK = "create_task";
  public static final String OP_CREATE_TSK = "create_tsk";
  public static final String OP_SET_STATUS = "set_status";

  private static final String UNBOUND =
      "[UnboundWiring] TriageAgent_Wiring was generated from agent TriageAgent while the agentkit processor reported errors in it, so it cannot bind; fix the errors the compiler reported for TriageAgent and build again";

  private TriageAgent_Wiring() {}

  /**
   * Cannot bind: the agent did not compile against its contract.
   *
   * @throws IllegalStateException always
   */
  public static BoundAgent<Board> bind(Object agent, ContractSource source) {
    throw new IllegalStateException(UNBOUND);
  }

  /**
   * Cannot bind: the agent did not compile against its contract.
   *
   * @throws IllegalStateException always
   */
  public static BoundAgent<Board> bind(Object agent, ContractSource source, DriftPolicy policy) {
    throw new IllegalStateException(UNBOUND);
  }

  /**
   * Cannot bind: the agent did not compile against its contract.
   *
   * @throws IllegalStateException always
   */
  public static BoundAgent<Board> bind(Object agent, Contract contract) {
    throw new IllegalStateException(UNBOUND);
  }

  /**
   * Cannot bind: the agent did not compile against its contract.
   *
   * @throws IllegalStateException always
   */
  public static BoundAgent<Board> bindOffline(Object agent) {
    throw new IllegalStateException(UNBOUND);
  }

  /**
   * Cannot bind: the agent did not compile against its contract.
   *
   * @throws IllegalStateException always
   */
  public static LiveAgent<Board> live(Object agent, CachedContract source, DriftPolicy policy) {
    throw new IllegalStateException(UNBOUND);
  }

  /**
   * Cannot bind: the agent did not compile against its contract.
   *
   * @throws IllegalStateException always
   */
  public static Contract compiledContract() {
    throw new IllegalStateException(UNBOUND);
  }

  /**
   * The arguments of a {@code archive_project} call, typed by the contract; reading never throws.
   */
  public record ArchiveProject(Call call) {
    /** The op's opcode. */
    public static final String OPCODE = OP_ARCHIVE_PROJECT;
    public static final String PROJECT_ID = "project_id";

    public ArchiveProject {
      Objects.requireNonNull(call, "call");
    }

    /** The project. The empty string when none is given. */
    public String projectId() {
      return call.arg(PROJECT_ID);
    }
  }

  /** The arguments of a {@code create_task} call, typed by the contract; reading never throws. */
  public record CreateTask(Call call) {
    /** The op's opcode. */
    public static final String OPCODE = OP_CREATE_TASK;
    public static final String TITLE = "title";
    public static final String ESTIMATE = "estimate";
    public static final String LABELS = "labels";
    public static final String PRIORITY = "priority";

    public CreateTask {
      Objects.requireNonNull(call, "call");
    }

    /** The title. The empty string when none is given. */
    public String title() {
      return call.arg(TITLE);
    }

    /** Operand estimate. Empty when blank or unparseable. */
    public Optional<BigDecimal> estimate() {
      return ArgValues.number(call.arg(ESTIMATE));
    }

    /** Operand labels. The values given, in order; empty when none is. */
    public List<String> labels() {
      return ArgValues.list(call.arg(LABELS));
    }

    /** Operand priority. The values given, in order; empty when none is. */
    public List<Priority> priority() {
      return ArgValues.list(call.arg(PRIORITY)).stream().map(Priority::of).toList();
    }

    /** The values of operand {@code priority}, and {@code UNRECOGNISED} for any other. */
    public enum Priority {
      LOW,
      HIGH,
      CLASS,
      UNRECOGNISED;

      private static final WireNames<Priority> wireNames =
          WireNames.of(values(), "low", "high", "class");

      /** The value as the contract spells it; empty for {@code UNRECOGNISED}. */
      public String wireName() {
        return wireNames.wireName(this);
      }

      /** The constant for a value as the contract spells it, or {@code UNRECOGNISED}. */
      public static Priority of(String value) {
        return wireNames.of(value);
      }
    }
  }

  /** The arguments of a {@code create_tsk} call, typed by the contract; reading never throws. */
  public record CreateTsk(Call call) {
    /** The op's opcode. */
    public static final String OPCODE = OP_CREATE_TSK;
    public static final String TITLE = "title";
    public static final String ESTIMATE = "estimate";
    public static final String LABELS = "labels";
    public static final String PRIORITY = "priority";

    public CreateTsk {
      Objects.requireNonNull(call, "call");
    }

    /** The title. The empty string when none is given. */
    public String title() {
      return call.arg(TITLE);
    }

    /** Operand estimate. Empty when blank or unparseable. */
    public Optional<BigDecimal> estimate() {
      return ArgValues.number(call.arg(ESTIMATE));
    }

    /** Operand labels. The values given, in order; empty when none is. */
    public List<String> labels() {
      return ArgValues.list(call.arg(LABELS));
    }

    /** Operand priority. The values given, in order; empty when none is. */
    public List<Priority> priority() {
      return ArgValues.list(call.arg(PRIORITY)).stream().map(Priority::of).toList();
    }

    /** The values of operand {@code priority}, and {@code UNRECOGNISED} for any other. */
    public enum Priority {
      LOW,
      HIGH,
      CLASS,
      UNRECOGNISED;

      private static final WireNames<Priority> wireNames =
          WireNames.of(values(), "low", "high", "class");

      /** The value as the contract spells it; empty for {@code UNRECOGNISED}. */
      public String wireName() {
        return wireNames.wireName(this);
      }

      /** The constant for a value as the contract spells it, or {@code UNRECOGNISED}. */
      public static Priority of(String value) {
        return wireNames.of(value);
      }
    }
  }

  /** The arguments of a {@code set_status} call, typed by the contract; reading never throws. */
  public record SetStatus(Call call) {
    /** The op's opcode. */
    public static final String OPCODE = OP_SET_STATUS;
    public static final String TASK_ID = "task_id";
    public static final String STATUS = "status";

    public SetStatus {
      Objects.requireNonNull(call, "call");
    }

    /** The task. The empty string when none is given. */
    public String taskId() {
      return call.arg(TASK_ID);
    }

    /** Operand status. {@code UNRECOGNISED} when blank or not in the vocabulary. */
    public Status status() {
      return Status.of(call.arg(STATUS));
    }

    /** The values of operand {@code status}, and {@code UNRECOGNISED} for any other. */
    public enum Status {
      TODO,
      DOING,
      DONE,
      BLOCKED,
      UNRECOGNISED;

      private static final WireNames<Status> wireNames =
          WireNames.of(values(), "todo", "doing", "done", "blocked");

      /** The value as the contract spells it; empty for {@code UNRECOGNISED}. */
      public String wireName() {
        return wireNames.wireName(this);
      }

      /** The constant for a value as the contract spells it, or {@code UNRECOGNISED}. */
      public static Status of(String value) {
        return wireNames.of(value);
      }
    }
  }
}

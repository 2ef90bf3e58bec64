package dev.agentkit.benchmarks;

import dev.agentkit.BoundAgent;
import dev.agentkit.CompiledAgent;
import dev.agentkit.Use;
import dev.agentkit.contract.ChangeCategory;
import dev.agentkit.contract.Contract;
import dev.agentkit.contract.Op;
import dev.agentkit.contract.Operand;
import dev.agentkit.contract.OperandType;
import dev.agentkit.drift.DriftPolicy;
import dev.agentkit.source.ContractSource;
import dev.langchain4j.agent.tool.P;
import dev.langchain4j.agent.tool.Tool;
import dev.langchain4j.agent.tool.ToolSpecification;
import dev.langchain4j.agent.tool.ToolSpecifications;
import java.lang.reflect.Method;
import java.lang.reflect.Parameter;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/**
 * Benchmark 3: binding the corpus's 200 acts. Ours through the generated wiring against a contract
 * already fetched (its digest computed once, at fetch), and through {@link BoundAgent#bind} with
 * equal digests (the fast path) and with a drifted 5,000-op live contract (a full drift report).
 * Anchors: LangChain4j's {@code ToolSpecifications.toolSpecificationsFrom} on a class with 200
 * {@code @Tool} methods, and a bare reflection scan of that class. The ratio table runs it warm
 * (average time) and cold (single shot, one per fresh JVM).
 */
@State(Scope.Benchmark)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
public class BindBenchmark {
  private static final Clock CLOCK =
      Clock.fixed(Instant.parse("2026-06-01T00:00:00Z"), ZoneOffset.UTC);

  private CorpusBinding corpus;
  private ContractSource live;
  private ContractSource drifted;
  private Contract compiled;
  private String compiledDigest;
  private List<Use<Object>> uses;
  private Class<?> tools;

  @Setup
  public void setUp() throws Exception {
    Contract contract = SyntheticContract.large();
    corpus = CorpusBinding.load();
    compiledDigest = corpus.compiledDigest();
    if (!contract.digest().equals(compiledDigest)) {
      throw new IllegalStateException("the corpus was compiled against another snapshot");
    }
    live = () -> contract;
    Contract changed = drift(contract);
    changed.digest();
    drifted = () -> changed;
    compiled = used(contract);
    uses = uses();
    tools = Class.forName(Corpus.TOOLS);
  }

  /** Ours: every corpus agent through its generated {@code bind(agent, source)}. */
  @Benchmark
  public int generatedBind() {
    return corpus.bindAll(live);
  }

  /** Ours: startup re-verification when the live digest equals the compiled one. */
  @Benchmark
  public BoundAgent<Object> boundAgentFastPath() {
    return BoundAgent.bind(
        new CompiledAgent("corpus", compiled, compiledDigest),
        live,
        uses,
        DriftPolicy.failOnBreaking(),
        CLOCK);
  }

  /** Ours: startup re-verification against a drifted live contract: a full drift report. */
  @Benchmark
  public BoundAgent<Object> boundAgentDrift() {
    return BoundAgent.bind(
        new CompiledAgent("corpus", compiled, compiledDigest),
        drifted,
        uses,
        DriftPolicy.failOnBreaking(),
        CLOCK);
  }

  /** Anchor: LangChain4j's tool specifications from the annotated class. */
  @Benchmark
  public List<ToolSpecification> langchain4j() {
    return ToolSpecifications.toolSpecificationsFrom(tools);
  }

  /** Anchor: a bare scan of the annotated class, reading what a tool specification needs. */
  @Benchmark
  public List<Object[]> reflectionScan() {
    List<Object[]> out = new ArrayList<>();
    for (Method m : tools.getDeclaredMethods()) {
      Tool tool = m.getAnnotation(Tool.class);
      if (tool == null) {
        continue;
      }
      Parameter[] parameters = m.getParameters();
      Object[] spec = new Object[2 + parameters.length * 4];
      spec[0] = tool.name().isEmpty() ? m.getName() : tool.name();
      spec[1] = String.join("\n", tool.value());
      for (int i = 0; i < parameters.length; i++) {
        P p = parameters[i].getAnnotation(P.class);
        spec[2 + i * 4] = parameters[i].getName();
        spec[3 + i * 4] = parameters[i].getParameterizedType();
        spec[4 + i * 4] = p == null ? "" : p.value();
        spec[5 + i * 4] = p == null || p.required();
      }
      out.add(spec);
    }
    return out;
  }

  /** The corpus's uses, as the generated wiring declares them. */
  static List<Use<Object>> uses() {
    List<Use<Object>> out = new ArrayList<>();
    List<String> opcodes = Corpus.opcodes();
    for (int act = 0; act < opcodes.size(); act++) {
      Use.Builder<Object> b;
      if (act % 4 == 0) {
        b = Use.<Object>of(opcodes.get(act), ChangeCategory.SCALAR_SET).input("id");
        b.reader((state, call) -> "");
      } else {
        b = Use.of(opcodes.get(act), ChangeCategory.ALWAYS_MINTS);
      }
      if (act % 3 == 0) {
        b.run((state, call) -> null);
      }
      out.add(b.build());
    }
    return out;
  }

  /** The used ops as the snapshot has them: what the agents were compiled against. */
  static Contract used(Contract contract) {
    Set<String> wanted = new HashSet<>(Corpus.opcodes());
    List<Op> ops = new ArrayList<>();
    for (Op op : contract.ops()) {
      if (wanted.contains(op.opcode())) {
        ops.add(op);
      }
    }
    return Contract.of(contract.name(), ops);
  }

  /**
   * The contract after a deploy that changed 20 used ops without breaking them (a new description,
   * a new optional operand) and added 50 ops.
   */
  static Contract drift(Contract contract) {
    Set<String> touched = new HashSet<>(Corpus.opcodes().subList(0, 20));
    List<Op> ops = new ArrayList<>(contract.ops().size() + 50);
    for (Op op : contract.ops()) {
      if (touched.contains(op.opcode())) {
        ops.add(
            op.toBuilder()
                .description(op.description() + " Now audited.")
                .operand(new Operand("audit_note", "", OperandType.STRING, false, List.of(), false))
                .build());
      } else {
        ops.add(op);
      }
    }
    List<Op> added = SyntheticContract.generate("added", 50, 42).ops();
    for (Op op : added) {
      ops.add(
          new Op(
              "new_" + op.opcode(), op.description(), op.objectType(), op.tier(), op.operands()));
    }
    return Contract.of(contract.name(), "drifted", ops);
  }
}

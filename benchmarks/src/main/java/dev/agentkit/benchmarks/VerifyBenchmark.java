package dev.agentkit.benchmarks;

import dev.agentkit.ActionSet;
import dev.agentkit.Call;
import dev.agentkit.Plan;
import dev.agentkit.Use;
import dev.agentkit.contract.AutonomyRung;
import dev.agentkit.contract.ChangeCategory;
import dev.agentkit.contract.Op;
import dev.agentkit.contract.Operand;
import dev.agentkit.contract.OperandType;
import dev.agentkit.contract.Problem;
import dev.agentkit.contract.Schema;
import dev.agentkit.contract.Schema.ArraySchema;
import dev.agentkit.contract.Schema.BooleanSchema;
import dev.agentkit.contract.Schema.Bound;
import dev.agentkit.contract.Schema.DateSchema;
import dev.agentkit.contract.Schema.EnumSchema;
import dev.agentkit.contract.Schema.Facets;
import dev.agentkit.contract.Schema.NumberSchema;
import dev.agentkit.contract.Schema.ObjectSchema;
import dev.agentkit.contract.Schema.StringSchema;
import dev.agentkit.contract.Schema.UnionSchema;
import dev.agentkit.contract.Tier;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/**
 * Benchmark 4: verifying and gating emitted calls of an act with seven operands (a string id, an
 * enum, a date, a number, free text, a list of enum values and a checklist: an array of objects
 * with a bounded string, a bounded integer, a boolean and a union of an enum and an object), all
 * valid. The headline call leaves the list and the checklist out; two more give the list as a bare
 * value and as a JSON array, since list values take another path, and one gives a checklist of
 * three items. Run with {@code -prof gc} to see the bytes allocated per accepted call.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
public class VerifyBenchmark {
  /** Calls per gated program. */
  public static final int PROGRAM = 16;

  private ActionSet<Object> acts;
  private Call call;
  private Call listBare;
  private Call listArray;
  private Call nested;
  private List<Call> program;

  @Setup
  public void setUp() {
    acts =
        ActionSet.of(
            List.of(
                Use.local(updateTaskNested(), ChangeCategory.ALWAYS_MINTS)
                    .run((state, call) -> null)
                    .build()));
    call = validCall(0);
    listBare = withLabels(call, "bug");
    listArray = withLabels(call, "[\"bug\", \"ux\"]");
    Map<String, String> withChecklist = new LinkedHashMap<>(call.args());
    withChecklist.put("checklist", CHECKLIST);
    nested = Call.of(call.opcode(), withChecklist);
    program = new ArrayList<>(PROGRAM);
    for (int i = 0; i < PROGRAM; i++) {
      program.add(validCall(i));
    }
    for (Call a : List.of(call, listBare, listArray, nested)) {
      if (!acts.verify(a).isEmpty()) {
        throw new IllegalStateException("a benchmark call does not verify: " + acts.verify(a));
      }
    }
  }

  /** The act every call is verified against. */
  public static Op updateTask() {
    return Op.builder("update_task")
        .description("Update several fields of a task.")
        .objectType("task")
        .tier(Tier.REVERSIBLE)
        .operand(new Operand("task_id", "The task.", OperandType.STRING, true, List.of(), false))
        .operand(
            new Operand(
                "status",
                "The status.",
                OperandType.ENUM,
                true,
                List.of("todo", "in_progress", "review", "done", "archived"),
                false))
        .operand(new Operand("due", "Due.", OperandType.DATE, false, List.of(), false))
        .operand(new Operand("hours", "Estimate.", OperandType.NUMBER, false, List.of(), false))
        .operand(
            new Operand(
                "labels", "Labels.", OperandType.ENUM, false, List.of("bug", "ops", "ux"), true))
        .operand(new Operand("note", "A note.", OperandType.STRING, false, List.of(), false))
        .build();
  }

  /** A checklist of three items, as a model writes it (the guard keeps it as compact JSON). */
  static final String CHECKLIST =
      "[{\"text\":\"Reproduce on Safari 17\",\"done\":true,\"weight\":3,\"kind\":\"check\"},"
          + "{\"text\":\"Write the regression test\",\"weight\":5,"
          + "\"kind\":{\"review\":\"lee\",\"by\":\"2026-03-20\"}},"
          + "{\"text\":\"Ship the fix\",\"done\":false}]";

  /** {@link #updateTask} with a checklist operand: an array of objects, with bounds and a union. */
  public static Op updateTaskNested() {
    Schema item =
        new ObjectSchema(
            Facets.NONE,
            List.of(
                new Operand(
                    "text", "What to do.", true, new StringSchema(Facets.NONE, "", 1, 200, "")),
                new Operand("done", "Whether it is done.", false, new BooleanSchema(Facets.NONE)),
                new Operand(
                    "weight",
                    "Effort, 1 to 10.",
                    false,
                    new NumberSchema(
                        Facets.NONE,
                        true,
                        new Bound(BigDecimal.ONE, false),
                        new Bound(BigDecimal.TEN, false),
                        null)),
                new Operand(
                    "kind",
                    "A step, a check, or a review by someone.",
                    false,
                    new UnionSchema(
                        Facets.NONE,
                        true,
                        List.of(
                            new EnumSchema(
                                Facets.NONE, List.of("step", "check"), OperandType.STRING),
                            new ObjectSchema(
                                Facets.NONE,
                                List.of(
                                    Operand.requiredString("review", "Who reviews it."),
                                    new Operand(
                                        "by", "When.", false, new DateSchema(Facets.NONE, "date"))),
                                true,
                                null))))),
            true,
            null);
    return updateTask().toBuilder()
        .operand(
            new Operand(
                "checklist",
                "Steps to finish the task.",
                false,
                new ArraySchema(Facets.NONE, item, 1, 20, false)))
        .build();
  }

  private static Call withLabels(Call call, String labels) {
    Map<String, String> args = new LinkedHashMap<>(call.args());
    args.put("labels", labels);
    return Call.of(call.opcode(), args);
  }

  /** A valid call giving five operands: all but the list. */
  public static Call validCall(int i) {
    Map<String, String> args = new LinkedHashMap<>();
    args.put("task_id", "T-" + (1000 + i));
    args.put("status", i % 2 == 0 ? "in_progress" : "review");
    args.put("due", "2026-03-" + (10 + i % 18) + "T17:00:00Z");
    args.put("hours", "2.5");
    args.put("note", "Checked with the team.");
    return Call.of("update_task", args);
  }

  /** One accepted call through {@link ActionSet#verify}. */
  @Benchmark
  public List<Problem> verify() {
    return acts.verify(call);
  }

  /** An accepted call whose list operand is a bare value. */
  @Benchmark
  public List<Problem> verifyListBare() {
    return acts.verify(listBare);
  }

  /** An accepted call whose list operand is a JSON array of two values. */
  @Benchmark
  public List<Problem> verifyListArray() {
    return acts.verify(listArray);
  }

  /** An accepted call that gives the checklist: three objects, checked at every depth. */
  @Benchmark
  public List<Problem> verifyNested() {
    return acts.verify(nested);
  }

  /** A program of {@value #PROGRAM} accepted calls through {@link ActionSet#gate}, per call. */
  @Benchmark
  @OperationsPerInvocation(PROGRAM)
  public Plan gate() {
    return acts.gate(program, AutonomyRung.AUTO);
  }
}

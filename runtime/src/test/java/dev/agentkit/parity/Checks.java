package dev.agentkit.parity;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.agentkit.ActionSet;
import dev.agentkit.BindException;
import dev.agentkit.Call;
import dev.agentkit.Plan;
import dev.agentkit.ProgramRejectedException;
import dev.agentkit.contract.AutonomyRung;
import dev.agentkit.contract.Contract;
import dev.agentkit.contract.ContractFormatException;
import dev.agentkit.contract.Op;
import dev.agentkit.contract.Operand;
import dev.agentkit.contract.Problem;
import dev.agentkit.contract.Tier;
import dev.agentkit.internal.ArgValues;
import dev.agentkit.parity.Sets.State;
import dev.agentkit.proposal.Labeler;
import dev.agentkit.proposal.ObjectRef;
import dev.agentkit.proposal.Proposal;
import dev.agentkit.proposal.Proposals;
import dev.agentkit.proposal.QuestionTokens;
import dev.agentkit.proposal.UserSlot;
import dev.agentkit.source.CachedContract;
import dev.agentkit.source.CachedContracts;
import dev.agentkit.source.ContractSource;
import dev.agentkit.source.ContractSourceException;
import dev.agentkit.tool.GuardResult;
import dev.agentkit.tool.ToolCallGuard;
import dev.agentkit.tool.ToolSchemas;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What each kind of vector checks, by its {@code check} field. Every check goes through the public
 * API (and {@link ArgValues}, what the generated typed views read with).
 */
final class Checks {
  private Checks() {}

  /** One kind of check. */
  @FunctionalInterface
  interface Check {
    void run(Vector v) throws Exception;
  }

  static final Map<String, Check> ALL =
      Map.ofEntries(
          Map.entry("verify", Checks::verify),
          Map.entry("willChange", Checks::willChange),
          Map.entry("validate", Checks::validate),
          Map.entry("bind", Checks::bind),
          Map.entry("gate", Checks::gate),
          Map.entry("lookup", Checks::lookup),
          Map.entry("maxRung", Checks::maxRung),
          Map.entry("tierName", Checks::tierName),
          Map.entry("parseTier", Checks::parseTier),
          Map.entry("contract", Checks::contract),
          Map.entry("immutable", Checks::immutable),
          Map.entry("cache", Checks::cache),
          Map.entry("tokens", Checks::tokens),
          Map.entry("token", Checks::token),
          Map.entry("render", Checks::render),
          Map.entry("tokenize", Checks::tokenize),
          Map.entry("askKey", Checks::askKey),
          Map.entry("labelerRef", Checks::labelerRef),
          Map.entry("listView", Checks::listView),
          Map.entry("numberView", Checks::numberView),
          Map.entry("guard", Checks::guard),
          Map.entry("toolSchema", Checks::toolSchema),
          Map.entry("proposal", Checks::proposal),
          Map.entry("dropNoOps", Checks::dropNoOps));

  /** Problems expected: each listed tag among the problems, each mention in some message. */
  private static void problems(Vector v, List<Problem> found) {
    Map<String, Object> e = v.expect();
    if (Boolean.TRUE.equals(e.get("valid"))) {
      assertThat(found).as(v.toString()).isEmpty();
      return;
    }
    assertThat(found).as(v + ": problems expected").isNotEmpty();
    List<String> tags = found.stream().map(p -> p.kind().tag()).toList();
    assertThat(tags).as(v.toString()).containsAll(Json.strings(e, "kinds"));
    String all = found.stream().map(Problem::message).reduce("", (a, b) -> a + "\n" + b);
    for (String m : Json.strings(e, "mentions")) {
      assertThat(all).as(v.toString()).contains(m);
    }
  }

  static void verify(Vector v) throws Exception {
    problems(v, Sets.actionSet(v).verify(Sets.call(v.fields().get("call"))));
  }

  static void willChange(Vector v) throws Exception {
    if (v.expect().containsKey("bindError")) {
      assertThatThrownBy(() -> Sets.actionSet(v))
          .as(v.toString())
          .hasMessageContaining(Json.str(v.expect(), "bindError"));
      return;
    }
    ActionSet<State> set = Sets.actionSet(v);
    State state = State.of(v.map("state"));
    assertThat(set.willChange(state, Sets.call(v.fields().get("call"))))
        .as(v.toString())
        .isEqualTo(v.expect().get("changes"));
  }

  static void validate(Vector v) throws Exception {
    problems(v, ActionSet.validate(Sets.uses(v.list("uses"))));
  }

  static void bind(Vector v) throws Exception {
    Map<String, Object> e = v.expect();
    ContractSource source = source(v);
    if (!Boolean.TRUE.equals(e.get("ok"))) {
      assertThatThrownBy(() -> ActionSet.bind(source, Sets.uses(v.list("uses"))))
          .as(v.toString())
          .isInstanceOfSatisfying(BindException.class, b -> problems(v, b.problems()));
      return;
    }
    ActionSet<State> set = ActionSet.bind(source, Sets.uses(v.list("uses")));
    assertThat(set.opcodes()).as(v.toString()).isEqualTo(Json.strings(e, "opcodes"));
    Json.map(e, "ops")
        .forEach(
            (opcode, want) -> {
              Op op = set.op(opcode).orElseThrow();
              Map<String, Object> w = Json.asMap(want);
              assertThat(op.tier().wireName()).as(v + " tier").isEqualTo(Json.str(w, "tier"));
              assertThat(op.operands())
                  .as(v + " operands")
                  .hasSize(((Number) w.get("operands")).intValue());
              assertThat(op.description())
                  .as(v + " description")
                  .isEqualTo(Json.str(w, "description"));
            });
    for (Object ask : Json.list(e, "asks")) {
      Map<String, Object> a = Json.asMap(ask);
      assertThat(set.ask(Sets.call(a.get("call")))).as(v.toString()).isEqualTo(a.get("wording"));
    }
    Json.stringMap(e, "category")
        .forEach(
            (opcode, category) ->
                assertThat(set.premise(opcode).orElseThrow().category().wireName())
                    .as(v.toString())
                    .isEqualTo(category));
    Json.stringMap(e, "input")
        .forEach(
            (opcode, input) ->
                assertThat(set.premise(opcode).orElseThrow().input())
                    .as(v.toString())
                    .isEqualTo(input));
  }

  private static ContractSource source(Vector v) throws ContractFormatException {
    if (v.has("sourceFails")) {
      String why = v.str("sourceFails");
      return () -> {
        throw new ContractSourceException(why);
      };
    }
    if (!v.has("contract")) {
      return null;
    }
    Contract c = Sets.contract(v.fields().get("contract"));
    return () -> c;
  }

  static void gate(Vector v) throws Exception {
    ActionSet<State> set = Sets.actionSet(v);
    List<Call> program = new ArrayList<>();
    for (Object c : v.list("program")) {
      program.add(Sets.call(c));
    }
    AutonomyRung ceiling = AutonomyRung.valueOf(v.str("ceiling").toUpperCase(Locale.ROOT));
    Map<String, Object> e = v.expect();
    if (e.containsKey("rejected")) {
      assertThatThrownBy(() -> set.gate(program, ceiling))
          .as(v.toString())
          .isInstanceOfSatisfying(
              ProgramRejectedException.class,
              r ->
                  problems(
                      new Vector(
                          v.file(),
                          Map.of("name", v.name(), "expect", e.get("rejected")),
                          v.sets()),
                      r.calls().stream().flatMap(c -> c.problems().stream()).toList()));
      return;
    }
    Plan plan = set.gate(program, ceiling);
    assertThat(plan.apply().stream().map(Call::opcode))
        .as(v + " apply")
        .containsExactlyElementsOf(Json.strings(e, "apply"));
    assertThat(plan.propose().stream().map(Call::opcode))
        .as(v + " propose")
        .containsExactlyElementsOf(Json.strings(e, "propose"));
    State state = State.of(Map.of());
    for (Call c : plan.apply()) {
      set.run(state, c);
    }
    for (Call c : plan.propose()) {
      if (AutonomyRung.maxRungFor(c.op().tier()) == AutonomyRung.ASK) {
        assertThatThrownBy(() -> set.run(state, c))
            .as(v + ": a call its tier withholds cannot run")
            .isInstanceOf(IllegalStateException.class);
      }
    }
    assertThat(state.ran()).as(v + " ran live").containsExactlyElementsOf(Json.strings(e, "apply"));
  }

  /** {@code found}: whether the set has {@code opcode}; {@code ops}: how many ops it has. */
  static void lookup(Vector v) throws Exception {
    ActionSet<State> set = Sets.actionSet(v);
    Map<String, Object> e = v.expect();
    if (e.containsKey("found")) {
      assertThat(set.op(v.str("opcode")).isPresent()).as(v.toString()).isEqualTo(e.get("found"));
    }
    if (e.containsKey("ops")) {
      assertThat(set.ops()).as(v.toString()).hasSize(((Number) e.get("ops")).intValue());
    }
  }

  static void maxRung(Vector v) {
    assertThat(AutonomyRung.maxRungFor(Tier.parse(v.str("tier"))).name().toLowerCase(Locale.ROOT))
        .as(v.toString())
        .isEqualTo(v.expect().get("rung"));
  }

  static void tierName(Vector v) {
    Tier tier = Tier.valueOf(v.str("tier"));
    assertThat(tier.toString()).as(v.toString()).isEqualTo(v.expect().get("name"));
    assertThat(Tier.parse(tier.wireName())).as(v.toString()).isEqualTo(tier);
  }

  static void parseTier(Vector v) {
    Map<String, Object> e = v.expect();
    if (e.containsKey("tier")) {
      assertThat(Tier.parse(v.str("input")).wireName()).as(v.toString()).isEqualTo(e.get("tier"));
    } else {
      assertThatThrownBy(() -> Tier.parse(v.str("input")))
          .as(v.toString())
          .hasMessageContaining(Json.str(e, "error"));
    }
  }

  /** A wire document: it parses with these operand types, or fails naming the mentions. */
  static void contract(Vector v) throws Exception {
    Map<String, Object> e = v.expect();
    if (e.containsKey("error")) {
      assertThatThrownBy(() -> Sets.contract(v.fields().get("document")))
          .as(v.toString())
          .isInstanceOf(ContractFormatException.class)
          .hasMessageContaining(Json.str(e, "error"));
      return;
    }
    Contract c = Sets.contract(v.fields().get("document"));
    Json.stringMap(e, "types")
        .forEach(
            (path, type) -> {
              String[] p = path.split("\\.");
              Operand o = c.op(p[0]).orElseThrow().operand(p[1]).orElseThrow();
              assertThat(o.type().wireName()).as(v + " " + path).isEqualTo(type);
            });
    Json.stringMap(e, "tiers")
        .forEach(
            (opcode, tier) ->
                assertThat(c.op(opcode).orElseThrow().tier().wireName())
                    .as(v.toString())
                    .isEqualTo(tier));
  }

  /** What a caller is handed cannot change the contract: every list refuses changes. */
  static void immutable(Vector v) throws Exception {
    Contract c = Sets.contract(v.fields().get("document"));
    Op op = c.ops().get(0);
    Operand operand = op.operands().get(0);
    assertThatThrownBy(() -> c.ops().clear()).isInstanceOf(UnsupportedOperationException.class);
    assertThatThrownBy(() -> op.operands().clear())
        .isInstanceOf(UnsupportedOperationException.class);
    assertThatThrownBy(() -> operand.enumValues().set(0, "mutated"))
        .isInstanceOf(UnsupportedOperationException.class);
    Call call =
        Call.of(
            op.opcode(),
            new java.util.HashMap<>(Map.of("preset", "eod")),
            new ArrayList<>(List.of("x")));
    assertThatThrownBy(() -> call.args().put("k", "v"))
        .isInstanceOf(UnsupportedOperationException.class);
    assertThatThrownBy(() -> call.userFills().add("y"))
        .isInstanceOf(UnsupportedOperationException.class);
  }

  /**
   * A cache over a source that counts its calls: {@code steps} are {@code fetch}, {@code bind},
   * {@code fail} (the source starts failing) and {@code advance:<minutes>}; {@code calls} is how
   * often the source was asked.
   */
  static void cache(Vector v) throws Exception {
    Contract c = Sets.contract(v.fields().get("contract"));
    AtomicInteger calls = new AtomicInteger();
    boolean[] failing = {false};
    AtomicLong now = new AtomicLong();
    ContractSource src =
        () -> {
          calls.incrementAndGet();
          if (failing[0]) {
            throw new ContractSourceException("connection refused");
          }
          return c;
        };
    CachedContract cached =
        CachedContracts.withNanoTime(
                CachedContract.builder(src)
                    .ttl(Duration.ofHours(1))
                    .maxStaleness(Duration.ofDays(1))
                    // The vectors state the ttl itself; a jittered one could refresh at 54 or 66.
                    .jitter(0),
                now::get)
            .build();
    for (String step : Json.strings(v.fields(), "steps")) {
      if (step.equals("fetch")) {
        assertThat(cached.fetch()).as(v.toString()).isEqualTo(c);
      } else if (step.equals("bind")) {
        ActionSet.bind(cached, Sets.uses(v.list("uses")));
      } else if (step.equals("fail")) {
        failing[0] = true;
      } else {
        now.addAndGet(
            Duration.ofMinutes(Long.parseLong(step.substring("advance:".length()))).toNanos());
      }
    }
    assertThat(calls.get())
        .as(v + " source calls")
        .isEqualTo(((Number) v.expect().get("calls")).intValue());
  }

  private static final Pattern ECHO = Pattern.compile("<<(.*?)##(.*?)>>");

  /** A labeler that knows every object, labelling it with its kind and id, so tokens show. */
  private static final Labeler ECHO_LABELS =
      Labeler.of((kind, id) -> "<<" + kind + "##" + id + ">>");

  /** The tokens a text holds, as {@code kind:id}: rendered with a labeler that echoes them. */
  static void tokens(Vector v) {
    List<String> found = new ArrayList<>();
    Matcher m = ECHO.matcher(QuestionTokens.render(v.str("input"), ECHO_LABELS));
    while (m.find()) {
      found.add(m.group(1) + ":" + m.group(2));
    }
    assertThat(found)
        .as(v.toString())
        .containsExactlyElementsOf(Json.strings(v.expect(), "tokens"));
  }

  static void token(Vector v) {
    Map<String, Object> e = v.expect();
    if (e.containsKey("error")) {
      assertThatThrownBy(() -> new ObjectRef(v.str("kind"), v.str("id"), v.str("label")))
          .as(v.toString())
          .isInstanceOf(IllegalArgumentException.class)
          .hasMessageContaining(Json.str(e, "error"));
      return;
    }
    String token = QuestionTokens.token(new ObjectRef(v.str("kind"), v.str("id"), v.str("label")));
    assertThat(token).as(v.toString()).isEqualTo(e.get("token"));
    assertThat(QuestionTokens.render(token, Labeler.none()))
        .as(v.toString())
        .isEqualTo(e.get("reads"));
  }

  private static Labeler labels(Vector v) {
    Map<String, Map<String, String>> byKind = new java.util.HashMap<>();
    v.map("labels").forEach((kind, ids) -> byKind.put(kind, Json.stringMap(v.map("labels"), kind)));
    return Labeler.ofMap(byKind);
  }

  static void render(Vector v) {
    assertThat(QuestionTokens.render(v.str("input"), labels(v)))
        .as(v.toString())
        .isEqualTo(v.expect().get("text"));
  }

  private static ObjectRef ref(Object spec) {
    Map<String, Object> m = Json.asMap(spec);
    return new ObjectRef(Json.str(m, "kind"), Json.str(m, "id"), Json.str(m, "label"));
  }

  /**
   * Tokenizes a question and checks the output: {@code prose} (what a reader without tokens sees),
   * {@code names} (kind:id it holds a token for), {@code tokens} (how many), {@code unchanged},
   * {@code idempotent}, {@code contains} and {@code absent} (substrings).
   */
  static void tokenize(Vector v) {
    Labeler labeler = labels(v);
    ObjectRef anchor = ref(v.fields().get("anchor"));
    List<ObjectRef> others = v.list("others").stream().map(Checks::ref).toList();
    String out = QuestionTokens.tokenize(v.str("question"), anchor, others, labeler);
    Map<String, Object> e = v.expect();
    if (e.containsKey("prose")) {
      assertThat(QuestionTokens.render(out, Labeler.none()))
          .as(v + " -> " + out)
          .isEqualTo(e.get("prose"));
    }
    for (String key : Json.strings(e, "names")) {
      assertThat(out).as(v + " names " + key).contains("{{" + key + "|");
    }
    if (e.containsKey("tokens")) {
      assertThat(out.split("\\{\\{", -1).length - 1)
          .as(v + " -> " + out)
          .isEqualTo(((Number) e.get("tokens")).intValue());
    }
    if (Boolean.TRUE.equals(e.get("unchanged"))) {
      assertThat(out).as(v.toString()).isEqualTo(v.str("question"));
    }
    if (Boolean.TRUE.equals(e.get("idempotent"))) {
      assertThat(QuestionTokens.tokenize(out, anchor, others, labeler))
          .as(v.toString())
          .isEqualTo(out);
    }
    for (String s : Json.strings(e, "contains")) {
      assertThat(out).as(v.toString()).contains(s);
    }
    for (String s : Json.strings(e, "absent")) {
      assertThat(out).as(v.toString()).doesNotContain(s);
    }
  }

  static void askKey(Vector v) {
    assertThat(
            Proposal.askKey(
                v.str("agent"),
                v.str("kind"),
                v.str("id"),
                v.str("opcode"),
                v.str("discriminator")))
        .as(v.toString())
        .isEqualTo(v.expect().get("key"));
  }

  /** A ref from the labeler ({@code viaLabeler}) or a bare literal: whether it has a label. */
  static void labelerRef(Vector v) {
    ObjectRef ref =
        Boolean.TRUE.equals(v.fields().get("viaLabeler"))
            ? labels(v).ref(v.str("kind"), v.str("id"))
            : ObjectRef.of(v.str("kind"), v.str("id"));
    assertThat(ref.hasLabel()).as(v.toString()).isEqualTo(v.expect().get("hasLabel"));
  }

  static void listView(Vector v) {
    assertThat(ArgValues.list(v.str("value")))
        .as(v.toString())
        .containsExactlyElementsOf(Json.strings(v.expect(), "elements"));
  }

  static void numberView(Vector v) {
    Map<String, Object> e = v.expect();
    assertThat(ArgValues.number(v.str("value")).map(n -> n.stripTrailingZeros().toPlainString()))
        .as(v.toString())
        .isEqualTo(java.util.Optional.ofNullable((String) e.get("number")));
  }

  static void guard(Vector v) throws Exception {
    GuardResult r = ToolCallGuard.of(Sets.actionSet(v)).check(v.str("tool"), v.str("arguments"));
    Map<String, Object> e = v.expect();
    assertThat(r.accepted()).as(v + ": " + r).isEqualTo(e.get("accepted"));
    if (r instanceof GuardResult.Accepted a) {
      assertThat(a.call().args()).as(v.toString()).containsAllEntriesOf(Json.stringMap(e, "args"));
    } else {
      for (String m : Json.strings(e, "mentions")) {
        assertThat(((GuardResult.Correction) r).message()).as(v.toString()).contains(m);
      }
    }
  }

  static void toolSchema(Vector v) throws Exception {
    String json = ToolSchemas.toJson(Sets.actionSet(v));
    for (String s : Json.strings(v.expect(), "contains")) {
      assertThat(json).as(v.toString()).contains(s);
    }
  }

  /** Builds a proposal from {@code proposal}: agent, anchor, refs, question, ops, slots. */
  private static Proposal build(Vector v, Map<String, Object> spec) throws Exception {
    ActionSet<State> set = Sets.actionSet(v);
    Proposal.Builder b =
        Proposal.builder(Json.str(spec, "agent"))
            .labeler(labels(v))
            .question(Json.str(spec, "question"));
    Map<String, Object> anchor = Json.map(spec, "anchor");
    b.anchor(Json.str(anchor, "kind"), Json.str(anchor, "id"));
    for (Object r : Json.list(spec, "refs")) {
      b.ref(Json.str(Json.asMap(r), "kind"), Json.str(Json.asMap(r), "id"));
    }
    for (Object c : Json.list(spec, "ops")) {
      b.op(set, Sets.call(c));
    }
    for (Object s : Json.list(spec, "slots")) {
      Map<String, Object> m = Json.asMap(s);
      b.slot(
          new UserSlot(
              Json.str(m, "operand"),
              0,
              Json.str(m, "default"),
              Boolean.TRUE.equals(m.get("required"))));
    }
    return b.discriminator(Json.str(spec, "discriminator")).build();
  }

  static void proposal(Vector v) throws Exception {
    Map<String, Object> e = v.expect();
    if (e.containsKey("error")) {
      assertThatThrownBy(() -> build(v, v.map("proposal")))
          .as(v.toString())
          .hasMessageContaining(Json.str(e, "error"));
      return;
    }
    Proposal p = build(v, v.map("proposal"));
    if (e.containsKey("archetype")) {
      assertThat(p.archetype().wireName()).as(v.toString()).isEqualTo(e.get("archetype"));
    }
    if (e.containsKey("askKey")) {
      assertThat(p.askKey()).as(v.toString()).isEqualTo(e.get("askKey"));
    }
    if (e.containsKey("anchorLabel")) {
      assertThat(p.anchor().label()).as(v.toString()).isEqualTo(e.get("anchorLabel"));
    }
    for (String label : Json.strings(e, "refLabels")) {
      assertThat(p.refs().stream().map(ObjectRef::label)).as(v.toString()).contains(label);
    }
    for (String key : Json.strings(e, "names")) {
      assertThat(p.question()).as(v.toString()).contains("{{" + key + "|");
    }
  }

  /** {@code proposals}: each a list of calls (its ops); {@code kept}: the indexes kept. */
  static void dropNoOps(Vector v) throws Exception {
    ActionSet<State> set = Sets.actionSet(v);
    List<Proposal> all = new ArrayList<>();
    Labeler labeler = Labeler.of((kind, id) -> "Task " + id);
    for (Object ops : v.list("proposals")) {
      Proposal.Builder b =
          Proposal.builder("parity").labeler(labeler).question("Do it?").anchor("task", "t");
      for (Object c : Json.asList(ops)) {
        b.op(set, Sets.call(c));
      }
      all.add(b.build());
    }
    List<Proposal> kept = Proposals.dropNoOps(set, State.of(v.map("state")), all);
    List<Integer> indexes = kept.stream().map(all::indexOf).toList();
    assertThat(indexes.stream().map(String::valueOf))
        .as(v.toString())
        .containsExactlyElementsOf(Json.strings(v.expect(), "kept"));
  }
}

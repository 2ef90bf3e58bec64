package dev.agentkit.processor;

import static com.google.testing.compile.CompilationSubject.assertThat;
import static org.assertj.core.api.Assertions.assertThat;

import com.google.testing.compile.Compilation;
import dev.agentkit.contract.ChangeCategory;
import dev.agentkit.contract.Contract;
import dev.agentkit.contract.Op;
import dev.agentkit.contract.Operand;
import dev.agentkit.contract.Tier;
import dev.agentkit.contract.TierOverride;
import dev.agentkit.internal.UseFixture;
import dev.agentkit.internal.UsesManifest;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.lifecycle.AfterTry;
import net.jqwik.api.lifecycle.BeforeTry;

/**
 * A manifest holds nothing of the contract but opcodes, operand names and the enum values the
 * agent's code names, whatever the contract's text: descriptions, object types, the source's URL
 * with its user-info and query, enum values the agent never names, operands it does not name, the
 * reason given for a tier override, ops it does not use. Each of those carries a secret token here,
 * and the manifest the real processor writes must equal the one built from the agent alone.
 */
class UsesManifestPropertyTest {
  private Path dir;

  @BeforeTry
  void makeDir() throws Exception {
    dir = Files.createTempDirectory("agentkit-uses");
  }

  @AfterTry
  void removeDir() throws Exception {
    Fixtures.deleteTree(dir);
  }

  /** A secret a contract may hold anywhere: letters and digits, so any leak shows verbatim. */
  @Provide
  Arbitrary<String> secrets() {
    return Arbitraries.strings().numeric().ofLength(10).map(d -> "zqsecret" + d);
  }

  private static Arbitrary<String> text(String secret) {
    return HostileContractPropertyTest.hostile(0).map(h -> h + secret + h);
  }

  private static Arbitrary<Contract> contract(String secret) {
    Arbitrary<List<String>> otherValues =
        text(secret).list().uniqueElements().ofMaxSize(3).map(List::copyOf);
    Arbitrary<List<Operand>> extras =
        HostileContractPropertyTest.anyOperand()
            .map(o -> o.withDescription(o.description() + secret))
            .list()
            .ofMaxSize(2)
            .uniqueElements(Operand::name)
            .map(l -> l.stream().filter(o -> !o.name().equals("status")).toList());
    Arbitrary<List<Op>> unused =
        HostileContractPropertyTest.name()
            .filter(n -> !n.equals("set_status") && !n.equals("archive_project"))
            .map(n -> n + secret)
            .list()
            .uniqueElements()
            .ofMaxSize(2)
            .map(
                opcodes ->
                    opcodes.stream()
                        .map(
                            o ->
                                Op.builder(o)
                                    .description("d" + secret)
                                    .tier(Tier.REVERSIBLE)
                                    .build())
                        .toList());
    return Combinators.combine(text(secret), text(secret), otherValues, extras, unused)
        .as(
            (description, objectType, values, more, others) -> {
              List<String> status = new ArrayList<>(List.of("todo", "done"));
              status.addAll(values);
              List<Op> ops = new ArrayList<>(others);
              Op.Builder set =
                  Op.builder("set_status")
                      .description(description)
                      .objectType(objectType)
                      .tier(Tier.REVERSIBLE)
                      .operand(Operand.enumOf("status", true, status.toArray(String[]::new)));
              more.forEach(set::operand);
              ops.add(set.build());
              ops.add(
                  Op.builder("archive_project")
                      .description(description)
                      .objectType(objectType)
                      .tier(Tier.IRREVERSIBLE)
                      .build());
              return Contract.of(
                      "taskboard", "https://user:" + secret + "@tasks.example/c?key=" + secret, ops)
                  .withTiers(
                      List.of(
                          TierOverride.forOpcode("set_status", Tier.REVERSIBLE)
                              .because("reviewed " + secret)));
            })
        .filter(c -> c.problems().isEmpty());
  }

  @Provide
  Arbitrary<Map.Entry<String, Contract>> contracts() {
    return secrets().flatMap(s -> contract(s).map(c -> Map.entry(s, c)));
  }

  private static final String AGENT =
      Fixtures.agent(
          "@Act(opcode = \"archive_project\", category = ChangeCategory.ALWAYS_MINTS)",
          """
            @Act(
                opcode = "set_status",
                category = ChangeCategory.TERMINAL,
                input = "status",
                terminalStates = "done")
            String status(Board board, Call call) {
              return board.get("status");
            }

            @Run("set_status")
            void set(Board board, TriageAgent_Wiring.SetStatus view) {
              if (view.status() == TriageAgent_Wiring.SetStatus.Status.TODO) {
                board.values.put("todo", "1");
              }
            }

            @Ask("archive_project")
            String ask(Call call) {
              return "Archive this project?";
            }
          """);

  @Property(tries = 25)
  void theManifestIsTheAgentsAloneWhateverTheContractSays(
      @ForAll("contracts") Map.Entry<String, Contract> drawn) throws Exception {
    String secret = drawn.getKey();
    Contract contract = drawn.getValue();
    Compilation c =
        new Fixtures.Snapshots(dir)
            .put(contract)
            .compile(Fixtures.board(), Fixtures.source("TriageAgent", AGENT));
    assertThat(c).succeeded();

    UsesManifest m = UsesManifestTest.manifest(c, "test.TriageAgent");

    assertThat(m.encode()).doesNotContain(secret).doesNotContain("tasks.example");
    assertThat(m)
        .isEqualTo(
            new UsesManifest(
                "taskboard",
                "test.TriageAgent",
                contract.digest(),
                List.of(
                    UseFixture.use("archive_project", ChangeCategory.ALWAYS_MINTS, "")
                        .asks()
                        .build(),
                    UseFixture.use("set_status", ChangeCategory.TERMINAL, "status")
                        .terminal("done")
                        .runs()
                        .overridden(Tier.REVERSIBLE, true)
                        .values("status", "todo")
                        .build()),
                List.of()));
  }
}

package dev.agentkit.maven;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.agentkit.contract.Contract;
import dev.agentkit.contract.ContractSnapshot;
import dev.agentkit.contract.Tier;
import dev.agentkit.contract.TierOverride;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A {@code <contract>}'s {@code <tiers>}: each {@code <override>}, each mistake, and its fix. */
class TierConfigTest {
  @TempDir Path module;
  private SourceFactory factory;

  @BeforeEach
  void files() throws Exception {
    Files.createDirectories(module.resolve("src/main/openapi"));
    Files.writeString(module.resolve("src/main/openapi/tasks.yaml"), OpenApiConfigTest.DOCUMENT);
    factory = new SourceFactory(Map.<String, String>of()::get, Map.of(), List.of(), module);
  }

  static TierConfig override(String opcode, String pattern, String tier, String reason) {
    TierConfig t = new TierConfig();
    t.opcode = opcode;
    t.pattern = pattern;
    t.tier = tier;
    t.reason = reason;
    return t;
  }

  private ContractConfig tasks(TierConfig... overrides) {
    ContractConfig c = new ContractConfig();
    c.name = "tasks";
    c.openapi = "src/main/openapi/tasks.yaml";
    c.tiers = new ArrayList<>(List.of(overrides));
    return c;
  }

  private Contract fetch(ContractConfig c) throws Exception {
    SourceFactory.Configured configured = factory.configure(c, 0);
    return configured.apply(SourceFetch.fetch(configured.source(), c.name));
  }

  @Test
  void anOverrideRaisesAnOpAndTheSnapshotRecordsIt() throws Exception {
    Contract live =
        fetch(
            tasks(
                override(" closeTask ", null, "Irreversible", null),
                override(null, "get*", "reversible", "")));
    assertThat(live.op("closeTask").orElseThrow().tier()).isEqualTo(Tier.IRREVERSIBLE);
    assertThat(live.op("getTask").orElseThrow().tier()).isEqualTo(Tier.REVERSIBLE);
    assertThat(live.tierOverrides())
        .containsExactly(
            TierOverride.forOpcode("closeTask", Tier.IRREVERSIBLE),
            TierOverride.forPattern("get*", Tier.REVERSIBLE));
    assertThat(ContractSnapshot.write(live))
        .contains("\"opcode\": \"closeTask\",\n      \"tier\": \"irreversible\"");
    assertThat(fetch(tasks())).isEqualTo(live.served());
  }

  @Test
  void aLoweringWithAReasonLowers() throws Exception {
    Contract live = fetch(tasks(override("closeTask", null, "read_only", "reopening undoes it")));
    assertThat(live.op("closeTask").orElseThrow().tier()).isEqualTo(Tier.READ_ONLY);
  }

  @Test
  void eachMistakeInAnOverrideNamesItAndTheFix() {
    Map<TierConfig, String> mistakes = new java.util.LinkedHashMap<>();
    mistakes.put(
        override(null, " ", "irreversible", null),
        "[TierOverride] contracts[0] (tasks): <tiers> <override> 1 names no op; give an <opcode>"
            + " (pulls/merge) or a <pattern> (repos/*)");
    mistakes.put(
        override("closeTask", "close*", "irreversible", null),
        "[TierOverride] contracts[0] (tasks): <tiers> <override> 1 gives both <opcode> and"
            + " <pattern>; give one, and another <override> for the other");
    mistakes.put(
        override("closeTask", null, " ", null),
        "[TierOverride] contracts[0] (tasks): <tiers> <override> 1 (closeTask) has no <tier>;"
            + " give one of external_reversible, irreversible, read_only, reversible");
    mistakes.put(
        override("closeTask", null, "irreversable", null),
        "[TierOverride] contracts[0] (tasks): <tiers> <override> 1 (closeTask): <tier> unknown"
            + " tier \"irreversable\": use one of external_reversible, irreversible, read_only,"
            + " reversible; did you mean \"irreversible\"?");
    for (Map.Entry<TierConfig, String> e : mistakes.entrySet()) {
      assertThatThrownBy(() -> factory.configure(tasks(e.getKey()), 0))
          .isInstanceOf(ConfigException.class)
          .hasMessage(e.getValue());
    }
    ContractConfig empty = tasks();
    empty.tiers.add(null);
    assertThatThrownBy(() -> factory.configure(empty, 0))
        .hasMessage(
            "[TierOverride] contracts[0] (tasks): <tiers> <override> 1 is empty; give an <opcode>"
                + " or a <pattern>, and its <tier>");
    assertThatThrownBy(
            () ->
                factory.configure(
                    tasks(
                        override("closeTask", null, "irreversible", null),
                        override("closeTask", null, "reversible", null)),
                    0))
        .hasMessage(
            "[TierOverride] contracts[0] (tasks): <tiers> the tier override of opcode closeTask is"
                + " given twice; give each opcode or pattern once, with the one tier it should"
                + " have");
  }

  @Test
  void anOverrideTheContractCannotTakeFailsTheGoal() {
    assertThatThrownBy(() -> fetch(tasks(override("closeTsk", null, "irreversible", null))))
        .isInstanceOf(ConfigException.class)
        .hasMessage(
            "[TierOverride] contracts[0] (tasks): <tiers> the tier override of opcode closeTsk"
                + " names an op contract tasks does not have; did you mean \"closeTask\"?; give an"
                + " opcode it serves (closeTask, getTask), or a pattern");
    assertThatThrownBy(
            () ->
                fetch(
                    tasks(
                        override(null, "tasks/*", "irreversible", null),
                        override("closeTask", null, "read_only", null))))
        .hasMessage(
            "[TierOverride] contracts[0] (tasks): <tiers> 2 problems:\n"
                + "  - the tier override of pattern tasks/* matches no opcode of contract tasks (*"
                + " stands for any run of characters, and the rest must be as the contract spells"
                + " it); correct the pattern, or remove the override\n"
                + "  - the tier override of opcode closeTask lowers closeTask (reversible) to"
                + " read_only and gives no reason: a lower tier means less oversight, so give the"
                + " reason it is safe, or a tier no lower than the source's");
  }

  @Test
  void aMessageNamesTheElementToRaise() {
    assertThat(
            SettingHints.forPlugin(
                "[OpenApiTooLarge] the OpenAPI document x is larger than 10 bytes; raise"
                    + " maxDocumentBytes if it really is that large"))
        .isEqualTo(
            "[OpenApiTooLarge] the OpenAPI document x is larger than 10 bytes; raise"
                + " <maxDocumentBytes> in the <contract> if it really is that large");
    assertThat(SettingHints.forPlugin("…; raise listTimeout if its tools really take that long"))
        .isEqualTo(
            "…; raise <mcp><listTimeoutMillis> in the <contract> if its tools really take that"
                + " long");
    assertThat(SettingHints.forPlugin("raise the tier")).isEqualTo("raise the tier");
  }

  @Test
  void theFetchOfATooLargeDocumentNamesTheContractsElement() throws Exception {
    ContractConfig c = tasks();
    c.maxDocumentBytes = 10;
    SourceFactory.Configured configured = factory.configure(c, 0);
    assertThatThrownBy(() -> SourceFetch.fetch(configured.source(), "tasks"))
        .hasMessageEndingWith(
            "is larger than 10 bytes; raise <maxDocumentBytes> in the <contract> if it really is"
                + " that large");
  }

  /** Every setting a source's message says to raise is a row of the plugin's table. */
  @Test
  void everySettingASourceSaysToRaiseIsAnElement() throws Exception {
    Path root = Path.of(System.getProperty("basedir", ".")).toAbsolutePath().getParent();
    Pattern raise =
        Pattern.compile(
            // "raise X", or "raise" + " X" where the formatter broke a literal between them
            "raise\\s*(?:\"\\s*\\+\\s*\")?\\s*(max\\w+|\\w+Timeout)|\"(max\\w+)\"\\)");
    TreeSet<String> named = new TreeSet<>();
    for (String module : List.of("runtime", "openapi", "mcp")) {
      try (Stream<Path> files = Files.walk(root.resolve(module).resolve("src/main/java"))) {
        for (Path f : files.filter(p -> p.toString().endsWith(".java")).toList()) {
          String text = Files.readString(f);
          if (!text.contains("raise")) {
            continue;
          }
          Matcher m = raise.matcher(text);
          while (m.find()) {
            named.add(m.group(1) != null ? m.group(1) : m.group(2));
          }
        }
      }
    }
    named.removeIf(n -> !SettingHints.ELEMENTS.containsKey(n) && !n.startsWith("max"));
    assertThat(named).contains("maxDocumentBytes", "maxResponseBytes", "listTimeout");
    assertThat(SettingHints.ELEMENTS.keySet()).containsAll(named);
  }
}

package dev.agentkit.processor;

import static com.google.testing.compile.CompilationSubject.assertThat;
import static com.google.testing.compile.Compiler.javac;
import static org.assertj.core.api.Assertions.assertThat;

import com.google.testing.compile.Compilation;
import java.io.IOException;
import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Each snapshot is read once per compilation, however many agents use it. */
class SnapshotCacheTest {
  @TempDir Path dir;

  @Test
  void twoAgentsOfOneContractReadItsSnapshotOnce() throws IOException {
    Fixtures.Snapshots snapshots = new Fixtures.Snapshots(dir).put(Fixtures.taskboard());
    AtomicInteger reads = new AtomicInteger();
    SnapshotCache.Loader loader = snapshots.loader();
    Compilation c =
        javac()
            .withProcessors(
                new AgentKitProcessor(
                    file -> {
                      reads.incrementAndGet();
                      return loader.load(file);
                    }))
            .withOptions("-Aagentkit.snapshotDir=" + dir)
            .compile(
                Fixtures.source(
                    "TriageAgent",
                    Fixtures.agent(
                        "@Act(opcode = \"create_task\", category = ChangeCategory.ALWAYS_MINTS)",
                        "")),
                Fixtures.source(
                    "OtherAgent",
                    Fixtures.agent(
                            "@Act(opcode = \"create_task\", category = ChangeCategory.MERGE)", "")
                        .replace("TriageAgent", "OtherAgent")),
                Fixtures.board());
    assertThat(c).succeeded();
    assertThat(c).generatedSourceFile("test.TriageAgent_Wiring");
    assertThat(c).generatedSourceFile("test.OtherAgent_Wiring");
    assertThat(reads).hasValue(1);
  }

  @Test
  void aMissingSnapshotIsReportedOnEveryAgentThatNeedsIt() throws IOException {
    Compilation c =
        new Fixtures.Snapshots(dir)
            .compile(
                Fixtures.source("TriageAgent", Fixtures.agent("", "")),
                Fixtures.source(
                    "OtherAgent", Fixtures.agent("", "").replace("TriageAgent", "OtherAgent")),
                Fixtures.board());
    assertThat(c).hadErrorCount(2);
    assertThat(c).hadErrorContaining("[SnapshotMissing] agent TriageAgent");
    assertThat(c).hadErrorContaining("[SnapshotMissing] agent OtherAgent");
  }
}

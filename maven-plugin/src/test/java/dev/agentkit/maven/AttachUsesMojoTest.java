package dev.agentkit.maven;

import static dev.agentkit.maven.ConsumerFixtures.live;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.agentkit.internal.UsesManifest;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.maven.plugin.MojoFailureException;
import org.apache.maven.plugin.logging.SystemStreamLog;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What attach-uses says when it has nothing to attach, and what it refuses to; attaching itself is
 * the consumers IT's, in a real build that deploys.
 */
class AttachUsesMojoTest {
  @TempDir Path dir;

  /** Maven's console log, keeping its warnings. */
  static final class Warnings extends SystemStreamLog {
    final List<String> lines = new ArrayList<>();

    @Override
    public void warn(CharSequence content) {
      lines.add(content.toString());
    }
  }

  private AttachUsesMojo mojo(Path classes, Warnings log) {
    AttachUsesMojo m = new AttachUsesMojo();
    m.outputDirectory = classes.toFile();
    m.bundle = dir.resolve("target/a-agentkit-uses.zip").toFile();
    m.setLog(log);
    return m;
  }

  @Test
  void aModuleWithoutAgentsAttachesNothingAndSaysWhy() throws Exception {
    Path classes = Files.createDirectories(dir.resolve("classes"));
    Warnings log = new Warnings();
    mojo(classes, log).execute();
    assertThat(log.lines)
        .containsExactly(
            "agentkit: no uses manifest in "
                + classes.resolve(UsesManifest.LOCATION)
                + ", so nothing is attached: this module compiles no @Agent, or compiles it without"
                + " the agentkit processor (annotationProcessorPaths)");
    assertThat(dir.resolve("target/a-agentkit-uses.zip")).doesNotExist();
  }

  @Test
  void theManifestOfAnAgentThatIsGoneIsLeftOutAndNamed() throws Exception {
    Path classes = Files.createDirectories(dir.resolve("classes"));
    Path manifest = classes.resolve(UsesManifest.path("taskboard", "it.LiveAgent"));
    Files.createDirectories(manifest.getParent());
    Files.writeString(manifest, live().encode());
    Warnings log = new Warnings();
    mojo(classes, log).execute();
    assertThat(log.lines.get(0))
        .isEqualTo(
            "agentkit: left out META-INF/agentkit/uses/taskboard/it.LiveAgent.json: its agent's"
                + " class is not in "
                + classes
                + " (an agent deleted or renamed since the last clean build)");
  }

  @Test
  void aBundleThatCannotBeWrittenIsAnError() throws Exception {
    Path classes = Files.createDirectories(dir.resolve("classes"));
    Path manifest = classes.resolve(UsesManifest.path("taskboard", "it.LiveAgent"));
    Files.createDirectories(manifest.getParent());
    Files.writeString(manifest, live().encode());
    Files.createDirectories(classes.resolve("it"));
    Files.write(classes.resolve("it/LiveAgent.class"), new byte[] {(byte) 0xca, (byte) 0xfe});
    Files.writeString(dir.resolve("target"), "a file where the target directory goes");
    Path zip = dir.resolve("target/a-agentkit-uses.zip");
    assertThatThrownBy(() -> mojo(classes, new Warnings()).execute())
        .isInstanceOf(org.apache.maven.plugin.MojoExecutionException.class)
        .hasMessageStartingWith("could not write " + zip + ": ");
  }

  @Test
  void anUnreadableManifestFailsTheBuild() throws Exception {
    Path classes = Files.createDirectories(dir.resolve("classes"));
    Path manifest = classes.resolve(UsesManifest.path("taskboard", "it.LiveAgent"));
    Files.createDirectories(manifest.getParent());
    Files.writeString(manifest, "{}");
    assertThatThrownBy(() -> mojo(classes, new Warnings()).execute())
        .isInstanceOf(MojoFailureException.class)
        .hasMessageStartingWith("[UsesManifest] " + manifest + ": $ has no \"format\"")
        .hasMessageEndingWith(
            "; rebuild the module (mvn clean package) so the processor writes it");
  }
}

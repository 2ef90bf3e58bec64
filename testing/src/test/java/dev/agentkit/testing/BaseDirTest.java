package dev.agentkit.testing;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.ResourceLock;

@ResourceLock("basedir")
class BaseDirTest {
  private String saved;

  @BeforeEach
  void save() {
    saved = System.getProperty("basedir");
  }

  @AfterEach
  void restore() {
    if (saved == null) {
      System.clearProperty("basedir");
    } else {
      System.setProperty("basedir", saved);
    }
  }

  @Test
  void withoutTheBasedirPropertyTheCallersModuleIsFoundAboveItsClassFolder() throws Exception {
    System.clearProperty("basedir");
    Path dir = BaseDir.resolve("pom.xml").getParent();
    assertThat(dir.getFileName()).hasToString("testing");
    assertThat(Files.readString(dir.resolve("pom.xml"))).contains("<artifactId>agentkit-testing<");
  }

  @Test
  void theBasedirPropertyWins() {
    System.setProperty("basedir", "/somewhere/else");
    assertThat(BaseDir.resolve("docs", "x.md")).isEqualTo(Path.of("/somewhere/else/docs/x.md"));
  }

  @Test
  void aClassWithNoPomAboveItSaysHowToGoOn() {
    System.clearProperty("basedir");
    assertThatThrownBy(() -> BaseDir.of(String.class))
        .isInstanceOf(IllegalStateException.class)
        .hasMessageContaining("java.lang.String")
        .hasMessageContaining("run the tests with -Dbasedir=<the module's directory>");
  }
}

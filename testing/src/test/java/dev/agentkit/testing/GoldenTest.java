package dev.agentkit.testing;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.opentest4j.AssertionFailedError;

class GoldenTest {
  @TempDir static Path dir;

  @RegisterExtension final Golden golden = Golden.in(dir.toString());

  @AfterEach
  void noUpdate() {
    System.clearProperty(Golden.UPDATE);
  }

  @Test
  void aMatchingFilePasses() throws Exception {
    Files.writeString(dir.resolve("same.txt"), "one\n");
    golden.assertMatches("same.txt", "one\n");
  }

  @Test
  void aDifferentFileFailsWithBothTextsAndHowToAccept() throws Exception {
    Files.writeString(dir.resolve("other.txt"), "one\n");
    assertThatThrownBy(() -> golden.assertMatches("other.txt", "two\n"))
        .isInstanceOfSatisfying(
            AssertionFailedError.class,
            e -> {
              assertThat(e.getExpected().getStringRepresentation()).isEqualTo("one\n");
              assertThat(e.getActual().getStringRepresentation()).isEqualTo("two\n");
            })
        .hasMessage(
            dir.resolve("other.txt")
                + " differs; if the change is right, run with -Dgolden.update=true to accept it");
  }

  @Test
  void aMissingFileSaysWhereItBelongs() {
    assertThatThrownBy(() -> golden.assertMatches("none/x.txt", "x"))
        .isInstanceOf(AssertionFailedError.class)
        .hasMessage(
            "no golden file "
                + dir.resolve("none/x.txt")
                + ": run the test with -Dgolden.update=true to write it, then read it and commit"
                + " it");
  }

  @Test
  void theUpdatePropertyWritesInsteadOfComparing() throws Exception {
    System.setProperty(Golden.UPDATE, "true");
    golden.assertMatches("new/written.txt", "fresh\n");
    assertThat(dir.resolve("new/written.txt")).hasContent("fresh\n");
  }

  @Test
  void theFileIsNamedAfterTheTestClassAndMethod() throws Exception {
    System.setProperty(Golden.UPDATE, "true");
    golden.assertMatches("by name\n");
    assertThat(dir.resolve("GoldenTest/theFileIsNamedAfterTheTestClassAndMethod.txt"))
        .hasContent("by name\n");
  }

  @Test
  void anUnregisteredGoldenCannotNameTheFile() {
    Golden loose = Golden.in(dir.toString());
    assertThatThrownBy(() -> loose.assertMatches("x"))
        .isInstanceOf(IllegalStateException.class)
        .hasMessage("Golden is not registered: declare it as a @RegisterExtension field");
  }
}

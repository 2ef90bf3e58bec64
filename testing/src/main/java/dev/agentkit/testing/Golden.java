package dev.agentkit.testing;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.reflect.Method;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.extension.BeforeEachCallback;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.opentest4j.AssertionFailedError;

/**
 * Golden files, compared or rewritten: register it in a test class,
 *
 * <pre>{@code @RegisterExtension final Golden golden = Golden.in("src/test/resources/golden");}
 * </pre>
 *
 * and call {@link #assertMatches(String)} (the file named after the test class and method) or
 * {@link #assertMatches(String, String)} (a file named by the test). Running the tests with {@code
 * -Dgolden.update=true} writes every golden file instead of comparing, so a change is accepted by
 * reading the diff in version control. A missing golden file fails with where it belongs and how to
 * create it.
 */
public final class Golden implements BeforeEachCallback {
  /** The system property that rewrites golden files instead of comparing. */
  public static final String UPDATE = "golden.update";

  private final Path dir;
  private String testClass;
  private String testMethod;

  private Golden(Path dir) {
    this.dir = dir;
  }

  /** Golden files under {@code dir}, relative to the module's base directory. */
  public static Golden in(String dir) {
    String base = System.getProperty("basedir");
    Path root = base == null || base.isBlank() ? Path.of("") : Path.of(base);
    return new Golden(root.resolve(dir).toAbsolutePath().normalize());
  }

  @Override
  public void beforeEach(ExtensionContext context) {
    testClass = context.getRequiredTestClass().getSimpleName();
    testMethod = context.getTestMethod().map(Method::getName).orElse("test");
  }

  /** Compares {@code actual} with {@code <dir>/<TestClass>/<testMethod>.txt}. */
  public void assertMatches(String actual) {
    if (testClass == null) {
      throw new IllegalStateException(
          "Golden is not registered: declare it as a @RegisterExtension field");
    }
    assertMatches(testClass + "/" + testMethod + ".txt", actual);
  }

  /** Compares {@code actual} with the golden file {@code name} under the directory. */
  public void assertMatches(String name, String actual) {
    Path file = dir.resolve(name).normalize();
    if (Boolean.getBoolean(UPDATE)) {
      write(file, actual);
      return;
    }
    if (!Files.exists(file)) {
      throw new AssertionFailedError(
          "no golden file "
              + file
              + ": run the test with -D"
              + UPDATE
              + "=true to write it, then read it and commit it");
    }
    String expected = read(file);
    if (!expected.equals(actual)) {
      throw new AssertionFailedError(
          file + " differs; if the change is right, run with -D" + UPDATE + "=true to accept it",
          expected,
          actual);
    }
  }

  private static void write(Path file, String text) {
    try {
      Files.createDirectories(file.getParent());
      Files.writeString(file, text, StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException("could not write the golden file " + file, e);
    }
  }

  private static String read(Path file) {
    try {
      return Files.readString(file, StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException("could not read the golden file " + file, e);
    }
  }
}

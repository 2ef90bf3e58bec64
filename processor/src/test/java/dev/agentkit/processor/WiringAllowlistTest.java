package dev.agentkit.processor;

import static com.google.testing.compile.Compiler.javac;
import static org.assertj.core.api.Assertions.assertThat;

import com.google.testing.compile.Compilation;
import com.google.testing.compile.JavaFileObjects;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * {@link WiringAllowlist} names what a class that could do harm refers to, and lets through what
 * the wiring and its agent use: without the first, the hostile-contract property could not fail.
 */
class WiringAllowlistTest {
  private static Map<String, byte[]> compile(String name, String source) throws IOException {
    Compilation c = javac().compile(JavaFileObjects.forSourceString(name, source));
    assertThat(c.errors()).isEmpty();
    return Sandbox.classFiles(c);
  }

  /** A class whose initializer runs {@code statement}, whatever it throws. */
  private static Map<String, byte[]> initializerRunning(String statement) throws IOException {
    return compile(
        "test.Hostile",
        "package test;\n\n"
            + "public final class Hostile {\n"
            + "  static {\n"
            + "    try {\n"
            + "      "
            + statement
            + ";\n"
            + "    } catch (Exception e) {\n"
            + "      // a hostile class hides its failures\n"
            + "    }\n"
            + "  }\n"
            + "}\n");
  }

  @Test
  void namesEveryReferenceOfAClassThatRunsAProcessAndExits() throws IOException {
    assertThat(
            WiringAllowlist.forbidden(
                initializerRunning(
                    "Runtime.getRuntime().exec(new String[] {\"true\"}); System.exit(1)")))
        .containsExactly(
            "test.Hostile: Class java/lang/Runtime",
            "test.Hostile: Class java/lang/System",
            "test.Hostile: Methodref java/lang/Runtime.exec([Ljava/lang/String;)"
                + "Ljava/lang/Process;",
            "test.Hostile: Methodref java/lang/Runtime.getRuntime()Ljava/lang/Runtime;",
            "test.Hostile: Methodref java/lang/System.exit(I)V");
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(
      delimiter = '|',
      textBlock =
          """
          Class.forName("java.lang.Runtime") | Methodref java/lang/Class.forName(Ljava/lang/String;)Ljava/lang/Class;
          new Object().getClass().getClassLoader() | Methodref java/lang/Object.getClass()Ljava/lang/Class;
          new ProcessBuilder("true").start() | Class java/lang/ProcessBuilder
          System.getProperty("user.home") | Methodref java/lang/System.getProperty(Ljava/lang/String;)Ljava/lang/String;
          new Thread(() -> {}).start() | Methodref java/lang/Thread.start()V
          java.nio.file.Files.delete(java.nio.file.Path.of("x")) | Methodref java/nio/file/Files.delete(Ljava/nio/file/Path;)V
          new java.io.File("x").delete() | Class java/io/File
          new java.net.Socket("localhost", 1).close() | Class java/net/Socket
          java.util.function.IntConsumer exit = System::exit | MethodHandle java/lang/System.exit(I)V
          java.lang.invoke.MethodHandles.lookup() | Methodref java/lang/invoke/MethodHandles.lookup()Ljava/lang/invoke/MethodHandles$Lookup;
          String.class.getDeclaredMethods() | Methodref java/lang/Class.getDeclaredMethods()[Ljava/lang/reflect/Method;
          java.util.List.of(1).parallelStream() | InterfaceMethodref java/util/List.parallelStream()Ljava/util/stream/Stream;
          Object p = dev.agentkit.processor.AgentKitProcessor.class | Class dev/agentkit/processor/AgentKitProcessor
          """)
  void namesTheForbiddenReferenceOfAnInitializer(String statement, String reference)
      throws IOException {
    assertThat(WiringAllowlist.forbidden(initializerRunning(statement)))
        .contains("test.Hostile: " + reference);
  }

  @Test
  void letsThroughTheClassesOwnTypesTheRuntimesAndTheListedJdkMembers() throws IOException {
    Map<String, byte[]> classes =
        compile(
            "test.Harmless",
            """
            package test;

            import dev.agentkit.contract.Tier;
            import java.util.List;
            import java.util.Objects;

            public final class Harmless {
              static final List<Tier> TIERS = List.of(Tier.REVERSIBLE, Tier.READ_ONLY);

              record Pair(String left, String right) {
                Pair {
                  Objects.requireNonNull(left, "left");
                }
              }

              enum Mood {
                CALM
              }

              static List<String> lefts(List<Pair> pairs) {
                return pairs.stream().map(Pair::left).toList();
              }
            }
            """);
    assertThat(classes).containsKeys("test.Harmless", "test.Harmless$Pair", "test.Harmless$Mood");
    assertThat(WiringAllowlist.forbidden(classes)).isEmpty();
  }

  @Test
  void aRuntimeTypeIsOneOfTheRuntimesClassesNotAnyInItsPackages() {
    assertThat(WiringAllowlist.isRuntimeType("dev/agentkit/BoundAgent")).isTrue();
    assertThat(WiringAllowlist.isRuntimeType("dev/agentkit/contract/Contract")).isTrue();
    assertThat(WiringAllowlist.isRuntimeType("dev/agentkit/processor/AgentKitProcessor")).isFalse();
    assertThat(WiringAllowlist.isRuntimeType("dev/agentkit/NoSuchType")).isFalse();
    assertThat(WiringAllowlist.isRuntimeType("java/lang/Runtime")).isFalse();
  }

  @Test
  void aModuleDescriptorsReferencesAreNotAllowed(@TempDir Path dir) throws IOException {
    assertThat(
            WiringAllowlist.forbidden(
                Map.of("module-info", ClassFileReferencesTest.moduleDescriptor(dir))))
        .containsExactly(
            "module-info: Module java.base",
            "module-info: Module java.logging",
            "module-info: Module m",
            "module-info: Package p");
  }
}

package dev.agentkit.maven;

import static dev.agentkit.maven.ConsumerFixtures.asks;
import static dev.agentkit.maven.ConsumerFixtures.live;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.agentkit.internal.UsesManifest;
import dev.agentkit.internal.UsesManifestReader;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.zip.ZipEntry;
import java.util.zip.ZipOutputStream;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The bundle attach-uses writes is the class output's manifests, byte for byte the same from the
 * same manifests; reading one back is bounded and refuses, in one sentence, whatever attach-uses
 * would never write.
 */
class UsesBundleTest {
  @TempDir Path dir;

  private static final String SUFFIX =
      "; a bundle is written by agentkit:attach-uses, never by hand: publish it again from the"
          + " agent's build";

  private Path classes(UsesManifest... manifests) throws Exception {
    Path out = Files.createDirectories(dir.resolve("classes"));
    for (UsesManifest m : manifests) {
      Path file = out.resolve(UsesManifest.path(m.contract(), m.agent()));
      Files.createDirectories(file.getParent());
      Files.writeString(file, m.encode());
      Path agentClass = out.resolve(m.agent().replace('.', '/') + ".class");
      Files.createDirectories(agentClass.getParent());
      Files.write(agentClass, new byte[] {(byte) 0xca, (byte) 0xfe});
    }
    return out;
  }

  /**
   * A directory the walk cannot list, at the top or below it, is one sentence naming the directory.
   * The tests run as root, whom permissions never stop, so the unlistable directory is one the
   * kernel keeps from every process without CAP_SYS_ADMIN over pid 1 ({@code /proc/1/map_files}); a
   * machine that lets it be listed skips the test.
   */
  @Test
  void aDirectoryThatCannotBeListedIsOneSentence() throws Exception {
    Path hidden = Path.of("/proc/1/map_files");
    assumeTrue(unlistable(hidden), "this machine lets " + hidden + " be listed");
    assertThatThrownBy(() -> UsesBundle.readDirectory(hidden))
        .isInstanceOf(GoalException.class)
        .hasMessageMatching(
            "\\[ConsumerManifestMissing\\] could not read the manifest directory /proc/1/map_files:"
                + " /proc/1/map_files");
    // Below the top: the walk meets a directory of pid 1's that it cannot list.
    assertThatThrownBy(() -> UsesBundle.readDirectory(Path.of("/proc/1")))
        .isInstanceOf(GoalException.class)
        .hasMessageMatching(
            "\\[ConsumerManifestMissing\\] could not read the manifest directory /proc/1: /proc/1/\\S+");
  }

  private static boolean unlistable(Path p) {
    try (var listing = Files.list(p)) {
      listing.count();
      return false;
    } catch (Exception e) {
      return true;
    }
  }

  @Test
  void theBundleIsTheClassOutputsManifestsAndTheSameBytesEachTime() throws Exception {
    Path out = classes(live(), asks());
    List<String> stale = new ArrayList<>();
    SortedMap<String, byte[]> entries = UsesBundle.collect(out, stale);
    assertThat(entries.keySet())
        .containsExactly(
            "META-INF/agentkit/uses/taskboard/it.AskingAgent.json",
            "META-INF/agentkit/uses/taskboard/it.LiveAgent.json");
    assertThat(stale).isEmpty();

    Path first = dir.resolve("a.zip");
    Path second = dir.resolve("b.zip");
    UsesBundle.write(first, entries);
    Thread.sleep(1100); // a zip stamped with the clock would differ now
    UsesBundle.write(second, UsesBundle.collect(out, new ArrayList<>()));
    assertThat(Files.readAllBytes(second)).isEqualTo(Files.readAllBytes(first));

    assertThat(UsesBundle.readZip(first, "com.acme:triage-agent:1.0"))
        .extracting(UsesBundle.Entry::manifest)
        .containsExactly(asks(), live());
  }

  @Test
  void aManifestWhoseAgentIsGoneIsLeftOutAndNamed() throws Exception {
    Path out = classes(live(), asks());
    Files.delete(out.resolve("it/LiveAgent.class"));
    List<String> stale = new ArrayList<>();

    assertThat(UsesBundle.collect(out, stale).keySet())
        .containsExactly("META-INF/agentkit/uses/taskboard/it.AskingAgent.json");
    assertThat(stale).containsExactly("META-INF/agentkit/uses/taskboard/it.LiveAgent.json");
  }

  @Test
  void anUnreadableManifestInTheClassOutputIsRefused() throws Exception {
    Path out = classes(live());
    Files.writeString(out.resolve(UsesManifest.path("taskboard", "it.LiveAgent")), "{");
    assertThatThrownBy(() -> UsesBundle.collect(out, new ArrayList<>()))
        .isInstanceOf(UsesManifestReader.Malformed.class)
        .hasMessageStartingWith("[UsesManifest] ");
  }

  private Path zip(String name, byte[] content) throws Exception {
    Path zip = dir.resolve("hand.zip");
    try (OutputStream file = Files.newOutputStream(zip);
        ZipOutputStream z = new ZipOutputStream(file)) {
      z.putNextEntry(new ZipEntry(name));
      z.write(content);
      z.closeEntry();
    }
    return zip;
  }

  @Test
  void aManifestPassedOffAsAnotherAgentsIsRefused() throws Exception {
    Path zip =
        zip(
            "META-INF/agentkit/uses/taskboard/it.AskingAgent.json",
            live().encode().getBytes(StandardCharsets.UTF_8));
    assertThatThrownBy(() -> UsesBundle.readZip(zip, "com.acme:a:1.0"))
        .hasMessage(
            "[UsesBundle] com.acme:a:1.0!META-INF/agentkit/uses/taskboard/it.AskingAgent.json holds"
                + " the manifest of agent \"it.LiveAgent\" of contract taskboard, which belongs at"
                + " \"META-INF/agentkit/uses/taskboard/it.LiveAgent.json\""
                + SUFFIX);
  }

  @Test
  void whatIsNotAZipOrTooLargeIsRefused() throws Exception {
    Path notZip = Files.writeString(dir.resolve("x.zip"), "plain text");
    assertThatThrownBy(() -> UsesBundle.readZip(notZip, "com.acme:a:1.0"))
        .hasMessageStartingWith("[UsesBundle] com.acme:a:1.0 is not a zip file (")
        .hasMessageEndingWith(SUFFIX);
    Path big =
        zip(
            "META-INF/agentkit/uses/taskboard/it.Big.json",
            new byte[UsesManifestReader.MAX_BYTES + 100]);
    assertThatThrownBy(() -> UsesBundle.readZip(big, "com.acme:a:1.0"))
        .hasMessageStartingWith(
            "[UsesManifest] com.acme:a:1.0!META-INF/agentkit/uses/taskboard/it.Big.json is larger"
                + " than 4194304 bytes");

    Path many = dir.resolve("many.zip");
    try (OutputStream file = Files.newOutputStream(many);
        ZipOutputStream z = new ZipOutputStream(file)) {
      for (int i = 0; i <= UsesBundle.MAX_ENTRIES; i++) {
        z.putNextEntry(new ZipEntry("e" + i));
        z.closeEntry();
      }
    }
    assertThatThrownBy(() -> UsesBundle.readZip(many, "com.acme:a:1.0"))
        .hasMessage(
            "[UsesBundle] com.acme:a:1.0 has 10001 entries; at most 10000 are read" + SUFFIX);
  }

  @Test
  void manifestsTooLargeTogetherAreRefusedBeforeAnyIsRead() throws Exception {
    Path zip = dir.resolve("large.zip");
    int entries = (int) (UsesBundle.MAX_TOTAL_BYTES / UsesManifestReader.MAX_BYTES) + 1;
    try (OutputStream file = Files.newOutputStream(zip);
        ZipOutputStream z = new ZipOutputStream(file)) {
      for (int i = 0; i < entries; i++) {
        z.putNextEntry(new ZipEntry("META-INF/agentkit/uses/taskboard/it.A" + i + ".json"));
        z.write(new byte[UsesManifestReader.MAX_BYTES]);
        z.closeEntry();
      }
    }
    assertThatThrownBy(() -> UsesBundle.readZip(zip, "com.acme:a:1.0"))
        .hasMessage(
            "[UsesBundle] com.acme:a:1.0 holds more than 67108864 bytes of manifests; none is read"
                + SUFFIX);
  }

  @Test
  void aBundleThatCannotBeReadOrADirectoryOfTooManyFilesIsRefused() throws Exception {
    Path notAFile = Files.createDirectories(dir.resolve("folder.zip"));
    assertThatThrownBy(() -> UsesBundle.readZip(notAFile, "com.acme:a:1.0"))
        .isInstanceOf(GoalException.class)
        .hasMessageStartingWith("[UsesBundle] could not read com.acme:a:1.0: " + notAFile);
    Path many = Files.createDirectories(dir.resolve("many"));
    for (int i = 0; i <= UsesBundle.MAX_ENTRIES; i++) {
      Files.createFile(many.resolve(i + ".json"));
    }
    assertThatThrownBy(() -> UsesBundle.readDirectory(many))
        .hasMessage("[UsesBundle] " + many + " has 10001 files; at most 10000" + SUFFIX);
  }

  @Test
  void aDirectoryIsReadWhole() throws Exception {
    Path out = classes(live());
    SortedMap<String, byte[]> one = new TreeMap<>();
    one.put(
        UsesManifest.path("taskboard", "it.AskingAgent"),
        asks().encode().getBytes(StandardCharsets.UTF_8));
    UsesBundle.write(out.resolve("more/asking-agentkit-uses.zip"), one);

    assertThat(UsesBundle.readDirectory(out))
        .extracting(UsesBundle.Entry::manifest)
        .containsExactlyInAnyOrder(live(), asks());
  }

  /** An entry's content: any bytes, or a manifest with a character dropped or replaced. */
  @Provide
  Arbitrary<byte[]> contents() {
    Arbitrary<byte[]> any = Arbitraries.bytes().array(byte[].class).ofMaxSize(200);
    Arbitrary<byte[]> edited =
        Arbitraries.integers()
            .between(0, 2_000)
            .flatMap(
                at ->
                    Arbitraries.of('"', '{', ']', ',', '\n', '\u202e', 'x')
                        .map(
                            c -> {
                              String text = live().encode();
                              int i = at % text.length();
                              return (text.substring(0, i) + c + text.substring(i + 1))
                                  .getBytes(StandardCharsets.UTF_8);
                            }));
    return Arbitraries.oneOf(any, edited);
  }

  @Provide
  Arbitrary<String> names() {
    return Arbitraries.oneOf(
        Arbitraries.of(
            UsesManifest.path("taskboard", "it.LiveAgent"),
            "META-INF/agentkit/uses/taskboard/../x.json",
            "x.json",
            "/abs.json",
            "dir/"),
        Arbitraries.strings().ofMinLength(1).ofMaxLength(30).map(s -> s + ".json"));
  }

  @Property(tries = 200)
  void anyZipIsABundleOrOneTaggedRefusal(
      @ForAll("names") String name, @ForAll("contents") byte[] content) throws Exception {
    // jqwik runs properties outside JUnit's @TempDir.
    Path zip = Files.createTempFile("agentkit-any", ".zip");
    try (OutputStream file = Files.newOutputStream(zip);
        ZipOutputStream z = new ZipOutputStream(file)) {
      z.putNextEntry(new ZipEntry(name));
      z.write(content);
      z.closeEntry();
    } catch (IllegalArgumentException unwritable) {
      Files.delete(zip);
      return; // a name a zip cannot hold
    }
    try {
      // Read: each manifest is where attach-uses puts it, and reads back as it is written.
      for (UsesBundle.Entry e : UsesBundle.readZip(zip, "com.acme:a:1.0")) {
        assertThat(UsesManifest.path(e.manifest().contract(), e.manifest().agent()))
            .isEqualTo(name);
        assertThat(
                UsesManifestReader.read(
                    e.manifest().encode().getBytes(StandardCharsets.UTF_8), "again"))
            .isEqualTo(e.manifest());
      }
    } catch (GoalException e) {
      assertThat(e.getMessage()).matches("\\[(UsesBundle|UsesManifest)\\] [^\\n]*");
      assertThat(e.kind()).isEqualTo(GoalException.Kind.UNAVAILABLE);
    } finally {
      Files.delete(zip);
    }
  }
}

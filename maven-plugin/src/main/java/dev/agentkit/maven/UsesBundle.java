package dev.agentkit.maven;

import dev.agentkit.internal.UsesManifest;
import dev.agentkit.internal.UsesManifestReader;
import dev.agentkit.internal.text.JsonText;
import dev.agentkit.internal.text.LineText;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.ArrayList;
import java.util.Enumeration;
import java.util.List;
import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.stream.Stream;
import java.util.zip.ZipEntry;
import java.util.zip.ZipException;
import java.util.zip.ZipFile;
import java.util.zip.ZipOutputStream;

/**
 * A module's uses manifests as one artifact: a zip of {@code META-INF/agentkit/uses/<contract>/
 * <agent>.json}, exactly as they are in the agent's jar, published with classifier {@value
 * #CLASSIFIER} ({@code agentkit:attach-uses}); and how a backend's build reads manifests back, from
 * such a zip or from a directory. What is read comes from another team through a repository, so it
 * is bounded: entries, bytes, and each manifest as {@link UsesManifestReader} bounds it.
 */
final class UsesBundle {
  /** The classifier of the attached artifact. */
  static final String CLASSIFIER = "agentkit-uses";

  /** The attached artifact's type and extension. */
  static final String EXTENSION = "zip";

  /** The most entries one bundle may hold. */
  static final int MAX_ENTRIES = 10_000;

  /** The most bytes one bundle's manifests may hold together, uncompressed. */
  static final long MAX_TOTAL_BYTES = 64L << 20;

  /** The zip's entries' time: fixed, so the same manifests always make the same bytes. */
  private static final FileTime EPOCH = FileTime.fromMillis(315_532_800_000L); // 1980-01-01Z

  private UsesBundle() {}

  /** One manifest and where it was read from. */
  record Entry(String origin, UsesManifest manifest) {}

  /**
   * The manifests in a class output by path ({@code META-INF/agentkit/uses/...}), sorted, each
   * checked by reading it; a manifest whose agent's class is gone (an incremental build after the
   * agent was deleted or renamed) is left out and named in {@code stale}.
   */
  static SortedMap<String, byte[]> collect(Path classOutput, List<String> stale)
      throws IOException, UsesManifestReader.Malformed {
    SortedMap<String, byte[]> out = new TreeMap<>();
    Path root = classOutput.resolve(UsesManifest.LOCATION);
    if (!Files.isDirectory(root)) {
      return out;
    }
    List<Path> files;
    try (Stream<Path> walk = Files.walk(root)) {
      files =
          walk.filter(p -> p.toString().endsWith(".json")).filter(Files::isRegularFile).toList();
    }
    for (Path f : files) {
      String path = classOutput.relativize(f).toString().replace('\\', '/');
      byte[] bytes = Files.readAllBytes(f);
      UsesManifest m = UsesManifestReader.read(bytes, f.toString());
      if (!compiled(classOutput, m.agent())) {
        stale.add(path);
        continue;
      }
      out.put(path, bytes);
    }
    return out;
  }

  /** Whether the class output holds the agent's class (a nested agent's outermost class). */
  private static boolean compiled(Path classOutput, String agent) {
    String[] names = agent.split("\\.");
    for (int n = names.length; n > 0; n--) {
      String file = String.join("/", java.util.Arrays.copyOf(names, n)) + ".class";
      if (Files.isRegularFile(classOutput.resolve(file))) {
        return true;
      }
    }
    return false;
  }

  /** Writes the zip: entries in path order, each stored with the same fixed time. */
  static void write(Path zip, SortedMap<String, byte[]> entries) throws IOException {
    Files.createDirectories(zip.toAbsolutePath().getParent());
    try (OutputStream file = Files.newOutputStream(zip);
        ZipOutputStream out = new ZipOutputStream(file)) {
      for (Map.Entry<String, byte[]> e : entries.entrySet()) {
        ZipEntry entry = new ZipEntry(e.getKey());
        entry.setCreationTime(EPOCH);
        entry.setLastModifiedTime(EPOCH);
        entry.setLastAccessTime(EPOCH);
        entry.setTime(EPOCH.toMillis());
        out.putNextEntry(entry);
        out.write(e.getValue());
        out.closeEntry();
      }
    }
  }

  /**
   * Every manifest in a bundle zip, in entry order.
   *
   * @param origin how messages name the bundle (its coordinates)
   */
  static List<Entry> readZip(Path zip, String origin) throws GoalException {
    // Every bound is checked on the bytes before any of them is read as a manifest.
    Map<String, byte[]> read = new java.util.LinkedHashMap<>();
    try (ZipFile z = new ZipFile(zip.toFile())) {
      if (z.size() > MAX_ENTRIES) {
        throw bundle(origin, "has " + z.size() + " entries; at most " + MAX_ENTRIES + " are read");
      }
      long total = 0;
      Enumeration<? extends ZipEntry> entries = z.entries();
      while (entries.hasMoreElements()) {
        ZipEntry e = entries.nextElement();
        if (e.isDirectory() || !e.getName().endsWith(".json")) {
          continue;
        }
        byte[] bytes;
        try (InputStream in = z.getInputStream(e)) {
          bytes = in.readNBytes(UsesManifestReader.MAX_BYTES + 1);
        }
        total += bytes.length;
        if (total > MAX_TOTAL_BYTES) {
          throw bundle(
              origin, "holds more than " + MAX_TOTAL_BYTES + " bytes of manifests; none is read");
        }
        read.put(e.getName(), bytes);
      }
    } catch (ZipException e) {
      throw bundle(origin, "is not a zip file (" + e.getMessage() + ")");
    } catch (IOException e) {
      throw GoalMessage.USES_BUNDLE_UNREADABLE.failure(
          LineText.of(origin), LineText.of(String.valueOf(e.getMessage())));
    }
    List<Entry> out = new ArrayList<>();
    for (Map.Entry<String, byte[]> e : read.entrySet()) {
      out.add(entry(e.getValue(), e.getKey(), origin + "!" + e.getKey()));
    }
    return out;
  }

  private static GoalException directoryUnreadable(Path dir, IOException e) {
    return GoalMessage.CONSUMER_DIRECTORY_UNREADABLE.failure(
        dir, LineText.of(String.valueOf(e.getMessage())));
  }

  /** Every manifest under a directory: its {@code .json} files, and the bundles among its zips. */
  static List<Entry> readDirectory(Path dir) throws GoalException {
    List<Path> files;
    try (Stream<Path> walk = Files.walk(dir)) {
      files =
          walk.filter(Files::isRegularFile)
              .filter(p -> p.toString().endsWith(".json") || p.toString().endsWith(".zip"))
              .sorted()
              .toList();
    } catch (IOException e) {
      throw directoryUnreadable(dir, e);
    } catch (UncheckedIOException e) {
      // A directory under it that cannot be listed, met while walking.
      throw directoryUnreadable(dir, e.getCause());
    }
    if (files.size() > MAX_ENTRIES) {
      throw bundle(dir.toString(), "has " + files.size() + " files; at most " + MAX_ENTRIES);
    }
    List<Entry> out = new ArrayList<>();
    for (Path f : files) {
      if (f.toString().endsWith(".zip")) {
        out.addAll(readZip(f, f.toString()));
        continue;
      }
      byte[] bytes;
      try (InputStream in = Files.newInputStream(f)) {
        // At most one byte past the limit: the reader then refuses the file for its size.
        bytes = in.readNBytes(UsesManifestReader.MAX_BYTES + 1);
      } catch (IOException e) {
        throw GoalMessage.USES_BUNDLE_UNREADABLE.failure(
            f, LineText.of(String.valueOf(e.getMessage())));
      }
      out.add(entry(bytes, null, f.toString()));
    }
    return out;
  }

  /**
   * One manifest, read; inside a bundle its entry must be where attach-uses puts that manifest, so
   * a bundle cannot pass one agent's manifest off as another's.
   */
  private static Entry entry(byte[] bytes, String entryName, String origin) throws GoalException {
    UsesManifest m;
    try {
      m = UsesManifestReader.read(bytes, origin);
    } catch (UsesManifestReader.Malformed e) {
      throw GoalException.unavailable(e.getMessage());
    }
    if (entryName != null && !entryName.equals(UsesManifest.path(m.contract(), m.agent()))) {
      throw bundle(
          origin,
          "holds the manifest of agent "
              + JsonText.shown(m.agent())
              + " of contract "
              + m.contract()
              + ", which belongs at "
              + JsonText.shown(UsesManifest.path(m.contract(), m.agent())));
    }
    return new Entry(LineText.of(origin), m);
  }

  private static GoalException bundle(String origin, String what) {
    return GoalMessage.USES_BUNDLE.failure(LineText.of(origin), what);
  }
}

package dev.agentkit.contract;

import dev.agentkit.internal.text.ContractName;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.ThreadLocalRandom;

/**
 * Reads and writes contract snapshots: the committed {@code contract-snapshots/<name>.json} files
 * the annotation processor checks agents against, and the contract documents backends serve.
 *
 * <p>A snapshot is canonical JSON: a {@code format} version, the contract name, the source stamp, a
 * {@code sha256:} digest of the op content, and the ops sorted by opcode, with no timestamp; an
 * operand's schema tree is written in format 2's vocabulary (docs/snapshot-format.md). The schema
 * is {@code contract-snapshots/snapshot.schema.json}. Reading a snapshot is strict, since agentkit
 * writes it; reading a served contract ({@link #parseWire}) is lenient about keys it does not need.
 *
 * <p>Every problem with a document is a {@link ContractFormatException} naming the file or URL, the
 * JSON path and the line and column; no other exception escapes for bad input. Stateless and
 * thread-safe.
 */
public final class ContractSnapshot {
  /** The snapshot format this version writes; it reads this one and format 1. */
  public static final int FORMAT = SnapshotWriter.FORMAT;

  private ContractSnapshot() {}

  /**
   * Reads a snapshot file strictly: every key present, no unknown key, format 1 or 2, a digest that
   * matches the content, a valid contract name and a contract that passes {@link
   * Contract#problems}. Type aliases ({@code int}, {@code datetime}...) and tier aliases are
   * accepted, as {@link OperandType#parse} and {@link Tier#parse} accept them.
   *
   * @throws ContractFormatException when the file is missing, unreadable or not a valid snapshot
   */
  public static Contract read(Path file) throws ContractFormatException {
    String origin = file.toString();
    byte[] bytes;
    try {
      bytes = Files.readAllBytes(file);
    } catch (NoSuchFileException e) {
      throw new ContractFormatException(
          origin,
          "",
          0,
          0,
          "the snapshot file does not exist; create it with mvn agentkit:snapshot");
    } catch (IOException e) {
      throw new ContractFormatException(
          origin, "", 0, 0, "the snapshot file cannot be read: " + reason(file, e));
    }
    return SnapshotReader.strict(bytes, origin);
  }

  /**
   * Parses a snapshot already in memory, with the rules of {@link #read(Path)}.
   *
   * @param json the document's bytes, UTF-8
   * @param origin where it came from, for messages
   * @throws ContractFormatException when it is not a valid snapshot
   */
  public static Contract parse(byte[] json, String origin) throws ContractFormatException {
    return SnapshotReader.strict(json, origin);
  }

  /**
   * Parses a contract as a backend serves it: either a full snapshot document or an object with at
   * least an {@code ops} array. Unknown keys, and null values, are ignored at every level; {@code
   * format}, {@code source} and {@code digest} are ignored too (the digest is recomputed from the
   * content). An op needs {@code opcode} and {@code tier} (a missing tier is an error, never a
   * default); an operand needs {@code name} and {@code type}; {@code description}, {@code
   * object_type}, {@code operands}, {@code required}, {@code list} and {@code enum} default to
   * empty or false. The contract's source stamp is {@code origin}.
   *
   * @param json the response body
   * @param origin where it came from (a URL), for messages and as the source stamp
   * @param name the contract's name when the document does not give one; not checked here
   * @throws ContractFormatException when the body is not a contract
   */
  public static Contract parseWire(byte[] json, String origin, String name)
      throws ContractFormatException {
    return SnapshotReader.wire(json, origin, name);
  }

  /** The canonical snapshot text of a contract, ending in a line break. */
  public static String write(Contract contract) {
    return SnapshotWriter.write(contract);
  }

  /**
   * Writes a contract's snapshot so that the file is, at every moment, either the old snapshot or
   * the complete new one: the text goes to a temporary file in the same directory, which is synced
   * and then renamed over the target. Missing parent directories are created. On failure no
   * temporary file is left behind.
   *
   * @throws IllegalArgumentException when the contract has an invalid name, has no op, or fails
   *     {@link Contract#problems}; the file is then not touched, so a good snapshot is never
   *     replaced by an empty or invalid one
   * @throws IOException when the file cannot be written
   */
  public static void writeAtomically(Path file, Contract contract) throws IOException {
    Objects.requireNonNull(file, "file");
    Objects.requireNonNull(contract, "contract");
    refuseInvalid(file, contract);
    byte[] bytes = write(contract).getBytes(StandardCharsets.UTF_8);
    Path target = file.toAbsolutePath();
    Path dir = target.getParent();
    Files.createDirectories(dir);
    Path temp = createTemp(dir, target.getFileName().toString());
    try {
      try (FileChannel channel = FileChannel.open(temp, StandardOpenOption.WRITE)) {
        ByteBuffer buffer = ByteBuffer.wrap(bytes);
        while (buffer.hasRemaining()) {
          channel.write(buffer);
        }
        channel.force(true);
      }
      try {
        Files.move(temp, target, StandardCopyOption.ATOMIC_MOVE);
      } catch (AtomicMoveNotSupportedException e) {
        Files.move(temp, target, StandardCopyOption.REPLACE_EXISTING);
      }
    } catch (IOException | RuntimeException | Error e) {
      try {
        Files.deleteIfExists(temp);
      } catch (IOException suppressed) {
        e.addSuppressed(suppressed);
      }
      throw e;
    }
    syncDirectory(dir);
  }

  /**
   * Whether the file holds exactly the canonical snapshot of the contract, byte for byte; false
   * when it is missing or cannot be read.
   */
  public static boolean isUpToDate(Path file, Contract contract) {
    byte[] expected = write(contract).getBytes(StandardCharsets.UTF_8);
    try {
      return Files.size(file) == expected.length
          && Arrays.equals(Files.readAllBytes(file), expected);
    } catch (IOException e) {
      return false;
    }
  }

  private static void refuseInvalid(Path file, Contract contract) {
    List<String> nameProblems = ContractName.problems(contract.name());
    if (!nameProblems.isEmpty()) {
      throw new IllegalArgumentException(
          "not writing " + file + ": " + String.join("; ", nameProblems));
    }
    if (contract.isEmpty()) {
      throw new IllegalArgumentException(
          "not writing "
              + file
              + ": contract \""
              + contract.name()
              + "\" has no op, and an empty snapshot must never replace a good one; check that"
              + " the backend served its whole contract");
    }
    List<Problem> problems = ContractChecks.checkContract(contract);
    if (!problems.isEmpty()) {
      List<String> messages = new ArrayList<>(problems.size());
      for (Problem p : problems) {
        messages.add(p.message());
      }
      throw new IllegalArgumentException(
          "not writing "
              + file
              + ": contract \""
              + contract.name()
              + "\" is not valid, and an invalid snapshot must never replace a good one: "
              + String.join("; ", messages));
    }
  }

  /** A new empty file beside the target, with the default permissions a new snapshot gets. */
  private static Path createTemp(Path dir, String name) throws IOException {
    while (true) {
      Path temp =
          dir.resolve(
              "." + name + "." + Long.toHexString(ThreadLocalRandom.current().nextLong()) + ".tmp");
      try {
        return Files.createFile(temp);
      } catch (FileAlreadyExistsException e) {
        // Another writer picked the same name; draw another.
      }
    }
  }

  /** Makes the rename durable where the platform allows syncing a directory. */
  private static void syncDirectory(Path dir) {
    try (FileChannel channel = FileChannel.open(dir, StandardOpenOption.READ)) {
      channel.force(true);
    } catch (IOException e) {
      // Some platforms cannot open a directory; the rename itself has happened.
    }
  }

  private static String reason(Path file, IOException e) {
    if (Files.isDirectory(file)) {
      return "it is a directory";
    }
    if (e instanceof FileSystemException fse && fse.getReason() != null) {
      return fse.getReason();
    }
    return e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
  }
}

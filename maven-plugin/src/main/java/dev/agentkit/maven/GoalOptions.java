package dev.agentkit.maven;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;

/**
 * The options of the goals when the {@code agentkit} command line runs them: what the plugin's
 * {@code <configuration>} and its {@code agentkit.*} properties give a Mojo, read from a JSON
 * config file whose keys are the POM's element names ({@link ConfigFile}), then replaced by the
 * flags given. Relative paths resolve against the base directory: the config file's directory, or
 * the working directory when there is none. Mutable while the command line reads its flags; the
 * goals read it once.
 *
 * <p>Public for the command line (agentkit-cli); not API.
 */
public final class GoalOptions {
  final Path baseDirectory;
  List<ContractConfig> contracts = new ArrayList<>();
  String contract;
  Path snapshotDirectory;
  String failOn;
  Path reportDirectory;
  List<Path> classes = new ArrayList<>();
  List<Path> classpath = new ArrayList<>();
  List<String> consumers = new ArrayList<>();
  List<Path> manifestDirectories = new ArrayList<>();
  Path baselineDirectory;
  List<AcknowledgementConfig> acknowledgements = new ArrayList<>();
  List<RepositoryConfig> repositories = new ArrayList<>();
  Path localRepository;

  private GoalOptions(Path baseDirectory) {
    this.baseDirectory = baseDirectory.toAbsolutePath().normalize();
  }

  /** No config file: every option at its default, relative paths against {@code baseDirectory}. */
  public static GoalOptions defaults(Path baseDirectory) {
    return new GoalOptions(baseDirectory);
  }

  /**
   * The options a config file gives.
   *
   * @param env the environment, for the {@code ${env.NAME}} a value may hold
   * @throws GoalException a configuration error naming the key, or the file unreadable
   */
  public static GoalOptions read(Path file, Function<String, String> env) throws GoalException {
    Path dir = file.toAbsolutePath().normalize().getParent();
    GoalOptions o = new GoalOptions(dir);
    ConfigFile.read(file, o, env);
    return o;
  }

  /** One repository consumers are resolved from, as the config file or a flag names it. */
  public static final class RepositoryConfig {
    String id;
    String url;
    String usernameEnv;
    String passwordEnv;

    /** The repository's id (the one credentials and mirrors know it by). */
    public String id() {
      return id;
    }

    /** Its URL. */
    public String url() {
      return url;
    }

    /** The environment variable holding its user name, or null. */
    public String usernameEnv() {
      return usernameEnv;
    }

    /** The environment variable holding its password or token, or null. */
    public String passwordEnv() {
      return passwordEnv;
    }
  }

  Path resolve(Path p) {
    return baseDirectory.resolve(p).toAbsolutePath().normalize();
  }

  /** Only this contract, by name ({@code --contract}). */
  public GoalOptions contract(String name) {
    this.contract = name;
    return this;
  }

  /** Where snapshots are ({@code --snapshot-directory}). */
  public GoalOptions snapshotDirectory(Path dir) {
    this.snapshotDirectory = dir;
    return this;
  }

  /** {@code breaking}, {@code any} or {@code none} ({@code --fail-on}). */
  public GoalOptions failOn(String value) {
    this.failOn = value;
    return this;
  }

  /** Where the reports go ({@code --report-directory}). */
  public GoalOptions reportDirectory(Path dir) {
    this.reportDirectory = dir;
    return this;
  }

  /** The class outputs of the agents whose acts drift is graded for ({@code --classes}). */
  public GoalOptions classes(List<Path> dirs) {
    this.classes = new ArrayList<>(dirs);
    return this;
  }

  /** Where a {@code sourceClass} is loaded from ({@code --classpath}). */
  public GoalOptions classpath(List<Path> entries) {
    this.classpath = new ArrayList<>(entries);
    return this;
  }

  /** The consumers' coordinates ({@code --consumer}). */
  public GoalOptions consumers(List<String> coordinates) {
    this.consumers = new ArrayList<>(coordinates);
    return this;
  }

  /** Directories of consumers' manifests ({@code --manifest-directory}). */
  public GoalOptions manifestDirectories(List<Path> dirs) {
    this.manifestDirectories = new ArrayList<>(dirs);
    return this;
  }

  /** Where each contract's baseline is ({@code --baseline-directory}). */
  public GoalOptions baselineDirectory(Path dir) {
    this.baselineDirectory = dir;
    return this;
  }

  /**
   * The repositories consumers are resolved from, each {@code id=url} ({@code --repository}),
   * replacing the config file's.
   *
   * @throws GoalException a configuration error for an entry that is not {@code id=url}
   */
  public GoalOptions repositories(List<String> idEqualsUrl) throws GoalException {
    List<RepositoryConfig> out = new ArrayList<>();
    for (String entry : idEqualsUrl) {
      int eq = entry.indexOf('=');
      if (eq <= 0 || eq == entry.length() - 1) {
        throw GoalMessage.CONFIG_FILE_REPOSITORY_FLAG.failure(entry);
      }
      RepositoryConfig r = new RepositoryConfig();
      r.id = entry.substring(0, eq).trim();
      r.url = entry.substring(eq + 1).trim();
      out.add(r);
    }
    this.repositories = out;
    return this;
  }

  /** The local repository resolved artifacts are kept in ({@code --local-repository}). */
  public GoalOptions localRepository(Path dir) {
    this.localRepository = dir;
    return this;
  }

  /** The repositories consumers are resolved from. */
  public List<RepositoryConfig> repositories() {
    return List.copyOf(repositories);
  }

  /** The local repository: as given, or {@code ~/.m2/repository}. */
  public Path localRepository() {
    return localRepository != null
        ? resolve(localRepository)
        : Path.of(System.getProperty("user.home"), ".m2", "repository");
  }

  /** Whether any consumer is given as coordinates, which needs repositories. */
  public boolean hasConsumerCoordinates() {
    return !consumers.isEmpty();
  }

  Path snapshotDir() {
    return resolve(snapshotDirectory != null ? snapshotDirectory : Path.of("contract-snapshots"));
  }

  Path reportDir() {
    return resolve(
        reportDirectory != null ? reportDirectory : Path.of("build", "agentkit-reports"));
  }

  Path baselineDir() {
    return baselineDirectory != null ? resolve(baselineDirectory) : snapshotDir();
  }

  List<Path> resolved(List<Path> paths) {
    List<Path> out = new ArrayList<>();
    for (Path p : paths) {
      out.add(resolve(p));
    }
    return out;
  }
}

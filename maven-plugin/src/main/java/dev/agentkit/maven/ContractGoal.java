package dev.agentkit.maven;

import java.io.File;
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
    return GoalContext.select(contracts, contract);
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

  /** The acts of this reactor's agents, per agent, for a contract. */
  GoalContext.Agents agents() {
    return contract -> {
      List<Path> dirs = new ArrayList<>();
      List<MavenProject> projects = session.getProjects();
      for (MavenProject p : projects == null ? List.of(project) : projects) {
        dirs.add(Path.of(p.getBuild().getOutputDirectory()));
      }
      return GoalContext.fromClassOutputs(dirs).of(contract);
    };
  }

  /** The goals' shared context, as this build gives it. */
  GoalContext context(SourceFactory factory) throws ConfigException {
    return new GoalContext(selected(), factory, snapshotDir(), agents(), MavenGoals.log(getLog()));
  }

  /** The configuration error as Maven reports it, worded as {@link GoalException#config}. */
  static MojoFailureException config(ConfigException e) {
    return new MojoFailureException(GoalException.config(e).getMessage());
  }
}

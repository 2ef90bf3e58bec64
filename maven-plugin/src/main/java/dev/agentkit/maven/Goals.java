package dev.agentkit.maven;

import java.net.MalformedURLException;
import java.net.URL;
import java.nio.file.Path;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import org.eclipse.aether.RepositorySystem;
import org.eclipse.aether.RepositorySystemSession;
import org.eclipse.aether.repository.RemoteRepository;

/**
 * The goals as the {@code agentkit} command line runs them: the same classes the Mojos run ({@link
 * SnapshotGoal}, {@link CheckGoal}, {@link DiffGoal}, {@link RecheckGoal}, {@link
 * VerifyConsumersGoal}), given {@link GoalOptions} in place of a POM, with the same messages,
 * reports and failures. Credentials come from the environment only: the command line reads no
 * settings.xml.
 *
 * <p>Public for the command line (agentkit-cli); not API.
 */
public final class Goals {
  private final GoalOptions options;
  private final GoalLog log;
  private final Function<String, String> env;

  /**
   * @param env the environment, which {@code authorizationEnv} names a variable of
   */
  public Goals(GoalOptions options, GoalLog log, Function<String, String> env) {
    this.options = options;
    this.log = log;
    this.env = env;
  }

  /** {@code snapshot}: fetch each contract, write its snapshot. */
  public void snapshot() throws GoalException {
    try {
      new SnapshotGoal(context()).run();
    } catch (ConfigException e) {
      throw GoalException.config(e);
    }
  }

  /** {@code check}: each committed snapshot against the live contract. */
  public void check() throws GoalException {
    String failOn = options.failOn == null ? "breaking" : options.failOn;
    try {
      new CheckGoal(context()).run(FailOn.parse(failOn), failOn, options.reportDir());
    } catch (ConfigException e) {
      throw GoalException.config(e);
    }
  }

  /** {@code diff}: two snapshot files, offline. */
  public void diff(Path from, Path to) throws GoalException {
    String failOn = options.failOn == null ? "none" : options.failOn;
    try {
      DiffGoal.run(
          options.resolve(from),
          options.resolve(to),
          FailOn.parse(failOn),
          failOn,
          options.reportDir(),
          GoalContext.fromClassOutputs(options.resolved(options.classes)),
          log);
    } catch (ConfigException e) {
      throw GoalException.config(e);
    }
  }

  /**
   * {@code recheck}: forget stale wiring so the next compile runs the processor again.
   *
   * @param classes the class output holding the processor's stamps
   * @param compilerState the compiler's incremental state to remove with it, or null
   */
  public void recheck(Path classes, Path compilerState) throws GoalException {
    RecheckGoal.run(
        options.resolve(classes),
        compilerState == null ? null : options.resolve(compilerState),
        log);
  }

  /**
   * {@code verify-consumers}: the proposed contract against every consumer's manifests.
   *
   * @param system Maven's resolver, for consumers given as coordinates
   * @param session its session (the local repository; credentials of the repositories)
   * @param repositories where the consumers are published
   */
  public void verifyConsumers(
      RepositorySystem system, RepositorySystemSession session, List<RemoteRepository> repositories)
      throws GoalException {
    String failOn = options.failOn == null ? "breaking" : options.failOn;
    try {
      FailOn mode = FailOn.parse(failOn);
      List<AcknowledgementConfig.Checked> acks =
          AcknowledgementConfig.check(options.acknowledgements);
      List<ConsumerSpec> specs =
          VerifyConsumersGoal.specs(
              options.consumers, options.resolved(options.manifestDirectories));
      GoalContext context = context();
      List<VerifyConsumersGoal.Target> targets =
          VerifyConsumersGoal.targets(context.selected(), context.sources(), options.baselineDir());
      ConsumerResolver resolver =
          specs.isEmpty() ? null : new ConsumerResolver(system, session, repositories);
      List<VerifyConsumersGoal.Consumer> consumers =
          VerifyConsumersGoal.consumers(
              specs, resolver, options.resolved(options.manifestDirectories));
      new VerifyConsumersGoal(log, options.reportDir(), mode, failOn.trim(), acks, LocalDate.now())
          .run(targets, consumers);
    } catch (ConfigException e) {
      throw GoalException.config(e);
    }
  }

  /** What verify-consumers warns when it runs offline. */
  public static String offlineWarning() {
    return VerifyConsumersGoal.offlineWarning();
  }

  private GoalContext context() throws ConfigException {
    return new GoalContext(
        GoalContext.select(options.contracts, options.contract),
        sources(),
        options.snapshotDir(),
        GoalContext.fromClassOutputs(options.resolved(options.classes)),
        log);
  }

  /** Sources as the plugin builds them: no settings.xml servers, the classpath given. */
  private SourceFactory sources() throws ConfigException {
    List<URL> classpath = new ArrayList<>();
    for (Path p : options.resolved(options.classpath)) {
      try {
        classpath.add(p.toUri().toURL());
      } catch (MalformedURLException e) {
        // A path's file: URI is always a URL.
        throw new IllegalStateException(e);
      }
    }
    return new SourceFactory(env, Map.of(), classpath, options.baseDirectory);
  }
}

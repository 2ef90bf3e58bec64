package dev.agentkit.maven;

import dev.agentkit.internal.text.LineText;
import java.net.URI;
import java.net.URISyntaxException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.eclipse.aether.DefaultRepositoryCache;
import org.eclipse.aether.DefaultRepositorySystemSession;
import org.eclipse.aether.DefaultSessionData;
import org.eclipse.aether.RepositorySystem;
import org.eclipse.aether.RepositorySystemSession;
import org.eclipse.aether.artifact.Artifact;
import org.eclipse.aether.artifact.DefaultArtifact;
import org.eclipse.aether.repository.ArtifactRepository;
import org.eclipse.aether.repository.RemoteRepository;
import org.eclipse.aether.repository.RepositoryPolicy;
import org.eclipse.aether.resolution.ArtifactRequest;
import org.eclipse.aether.resolution.ArtifactResolutionException;
import org.eclipse.aether.resolution.ArtifactResult;
import org.eclipse.aether.resolution.VersionRangeRequest;
import org.eclipse.aether.resolution.VersionRangeResolutionException;
import org.eclipse.aether.resolution.VersionRangeResult;
import org.eclipse.aether.resolution.VersionRequest;
import org.eclipse.aether.resolution.VersionResolutionException;
import org.eclipse.aether.resolution.VersionResult;
import org.eclipse.aether.transfer.ArtifactNotFoundException;
import org.eclipse.aether.version.Version;

/**
 * Finds consumers' uses bundles through Maven's resolver ({@code org.eclipse.aether}), from the
 * repositories it is given: the build's own (its POM's and settings.xml's, mirrors and credentials
 * applied) in the Maven plugin, the configured ones on the command line. The versions of a range,
 * and {@code LATEST} and {@code RELEASE}, are read from the repositories' metadata each time, never
 * from a cache a day old. A repository that cannot be read, a version that does not exist and a
 * bundle that was never published are each an error naming the consumer and the repositories: a
 * consumer that cannot be had never passes.
 */
final class ConsumerResolver {
  private final RepositorySystem system;
  private final RepositorySystemSession session;
  private final List<RemoteRepository> repositories;

  /**
   * @param session the build's session (its local repository, mirrors, proxies, credentials,
   *     offline mode); the resolver asks the repositories for new versions every time it runs,
   *     whatever the session's update policy, and keeps nothing another step of the build resolved
   */
  ConsumerResolver(
      RepositorySystem system,
      RepositorySystemSession session,
      List<RemoteRepository> repositories) {
    DefaultRepositorySystemSession fresh = new DefaultRepositorySystemSession(session);
    fresh.setUpdatePolicy(RepositoryPolicy.UPDATE_POLICY_ALWAYS);
    fresh.setCache(new DefaultRepositoryCache());
    fresh.setData(new DefaultSessionData());
    this.system = system;
    this.session = fresh;
    this.repositories = List.copyOf(repositories);
  }

  /** One consumer version and its bundle. */
  record Resolved(String coordinates, Path bundle) {}

  /** Every version the spec stands for, each with its bundle. */
  List<Resolved> resolve(ConsumerSpec spec) throws GoalException {
    List<Resolved> out = new ArrayList<>();
    for (String version : versions(spec)) {
      out.add(bundle(spec, version));
    }
    return out;
  }

  private Artifact artifact(ConsumerSpec spec, String version) {
    return new DefaultArtifact(
        spec.groupId(), spec.artifactId(), UsesBundle.CLASSIFIER, UsesBundle.EXTENSION, version);
  }

  private List<String> versions(ConsumerSpec spec) throws GoalException {
    if (spec.isRange()) {
      return range(spec);
    }
    if (!spec.isMeta()) {
      return List.of(spec.version());
    }
    VersionResult r;
    try {
      r =
          system.resolveVersion(
              session, new VersionRequest(artifact(spec, spec.version()), repositories, null));
    } catch (VersionResolutionException e) {
      unreachable(spec, e.getResult() == null ? List.of() : e.getResult().getExceptions());
      throw missing(spec, "has no " + spec.version() + " version");
    }
    unreachable(spec, r.getExceptions());
    if (r.getVersion() == null || r.getVersion().equals(spec.version())) {
      throw missing(spec, "has no " + spec.version() + " version");
    }
    return List.of(r.getVersion());
  }

  private List<String> range(ConsumerSpec spec) throws GoalException {
    VersionRangeResult r;
    try {
      r =
          system.resolveVersionRange(
              session, new VersionRangeRequest(artifact(spec, spec.version()), repositories, null));
    } catch (VersionRangeResolutionException e) {
      throw GoalMessage.CONSUMER_COORDINATES_RANGE.failure(
          spec.text(), spec.version(), LineText.of(String.valueOf(e.getMessage())));
    }
    unreachable(spec, r.getExceptions());
    if (r.getVersions().isEmpty()) {
      throw missing(spec, "has no version in " + spec.version());
    }
    List<String> out = new ArrayList<>();
    for (Version v : r.getVersions()) {
      out.add(v.toString());
    }
    return out;
  }

  private Resolved bundle(ConsumerSpec spec, String version) throws GoalException {
    String coordinates = spec.key() + ":" + version;
    ArtifactResult r;
    try {
      r =
          system.resolveArtifact(
              session, new ArtifactRequest(artifact(spec, version), repositories, null));
    } catch (ArtifactResolutionException e) {
      List<Exception> causes = e.getResult() == null ? List.of() : e.getResult().getExceptions();
      List<Exception> transfer = new ArrayList<>();
      for (Exception c : causes) {
        if (!(c instanceof ArtifactNotFoundException)) {
          transfer.add(c);
        }
      }
      unreachable(spec, transfer);
      throw GoalMessage.CONSUMER_NO_BUNDLE.failure(
          coordinates, UsesBundle.CLASSIFIER, describe(repositories));
    }
    return new Resolved(coordinates, r.getArtifact().getFile().toPath());
  }

  /** The first failure to read a repository, as the error it is. */
  private void unreachable(ConsumerSpec spec, List<Exception> exceptions) throws GoalException {
    for (Exception e : exceptions) {
      if (e instanceof ArtifactNotFoundException
          || e instanceof org.eclipse.aether.transfer.MetadataNotFoundException) {
        continue;
      }
      ArtifactRepository repo = repositoryOf(e);
      throw GoalMessage.CONSUMER_REPOSITORY.failure(
          repo == null ? describe(repositories) : describe(List.of(repo)),
          spec.text(),
          LineText.of(redactUrls(String.valueOf(rootCause(e).getMessage()))));
    }
  }

  private static ArtifactRepository repositoryOf(Exception e) {
    if (e instanceof org.eclipse.aether.transfer.ArtifactTransferException t) {
      return t.getRepository();
    }
    if (e instanceof org.eclipse.aether.transfer.MetadataTransferException t) {
      return t.getRepository();
    }
    return null;
  }

  private static Throwable rootCause(Throwable t) {
    Throwable c = t;
    while (c.getCause() != null && c.getCause() != c) {
      c = c.getCause();
    }
    return c.getMessage() == null ? t : c;
  }

  private GoalException missing(ConsumerSpec spec, String what) {
    return GoalMessage.CONSUMER_NOT_FOUND.failure(
        spec.text(), spec.key(), what, describe(repositories));
  }

  /** The repositories as messages name them: id and URL, never user-info or a query. */
  static String describe(List<? extends ArtifactRepository> repos) {
    if (repos.isEmpty()) {
      return "no repository (configure the one the agents are deployed to)";
    }
    List<String> out = new ArrayList<>();
    for (ArtifactRepository r : repos) {
      out.add(
          r instanceof RemoteRepository rr
              ? rr.getId() + " (" + redact(rr.getUrl()) + ")"
              : r.getId());
    }
    return String.join(", ", out);
  }

  /** A URL without its user-info, query and fragment: what a message or a report may show. */
  static String redact(String url) {
    try {
      URI u = new URI(url);
      if (u.getScheme() == null || u.isOpaque()) {
        return url.replaceAll("[?#].*", "");
      }
      if (u.getRawUserInfo() == null && u.getRawQuery() == null && u.getRawFragment() == null) {
        return url;
      }
      return new URI(u.getScheme(), null, u.getHost(), u.getPort(), u.getPath(), null, null)
          .toString();
    } catch (URISyntaxException e) {
      return url.replaceAll("//[^/@]*@", "//").replaceAll("[?#].*", "");
    }
  }

  /** Every http(s) URL in a resolver's message, redacted: the message may quote one whole. */
  static String redactUrls(String message) {
    java.util.regex.Matcher m =
        java.util.regex.Pattern.compile("(?i)\\b(https?|file)://[^\\s,;)\"']+").matcher(message);
    StringBuilder sb = new StringBuilder();
    while (m.find()) {
      m.appendReplacement(sb, java.util.regex.Matcher.quoteReplacement(redact(m.group())));
    }
    return m.appendTail(sb).toString();
  }
}

package dev.agentkit.cli;

import dev.agentkit.maven.GoalException;
import dev.agentkit.maven.GoalMessage;
import dev.agentkit.maven.GoalOptions;
import java.net.URI;
import java.net.URISyntaxException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.Function;
import org.apache.maven.repository.internal.MavenRepositorySystemUtils;
import org.eclipse.aether.DefaultRepositorySystemSession;
import org.eclipse.aether.RepositorySystem;
import org.eclipse.aether.repository.LocalRepository;
import org.eclipse.aether.repository.RemoteRepository;
import org.eclipse.aether.supplier.RepositorySystemSupplier;
import org.eclipse.aether.util.repository.AuthenticationBuilder;

/**
 * Maven's resolver outside Maven, as verify-consumers' coordinates need it: the configured
 * repositories (their credentials from environment variables, never from the command line or the
 * file) and a local repository, {@code ~/.m2/repository} unless given.
 */
final class Repositories {
  final RepositorySystem system;
  final DefaultRepositorySystemSession session;
  final List<RemoteRepository> remotes;

  private Repositories(
      RepositorySystem system, DefaultRepositorySystemSession session, List<RemoteRepository> r) {
    this.system = system;
    this.session = session;
    this.remotes = r;
  }

  /**
   * The resolver for the options.
   *
   * @throws GoalException a configuration error naming the repository entry
   */
  static Repositories of(GoalOptions options, Function<String, String> env, boolean offline)
      throws GoalException {
    List<RemoteRepository> remotes = new ArrayList<>();
    List<GoalOptions.RepositoryConfig> configured = options.repositories();
    for (int i = 0; i < configured.size(); i++) {
      remotes.add(remote(configured.get(i), "repositories entry " + (i + 1), env));
    }
    if (remotes.isEmpty() && options.hasConsumerCoordinates()) {
      throw GoalMessage.CONFIG_FILE_NO_REPOSITORY.failure();
    }
    RepositorySystem system = new RepositorySystemSupplier().get();
    DefaultRepositorySystemSession session = MavenRepositorySystemUtils.newSession();
    session.setLocalRepositoryManager(
        system.newLocalRepositoryManager(
            session, new LocalRepository(options.localRepository().toFile())));
    session.setOffline(offline);
    return new Repositories(system, session, remotes);
  }

  private static RemoteRepository remote(
      GoalOptions.RepositoryConfig r, String where, Function<String, String> env)
      throws GoalException {
    if (blank(r.id()) || blank(r.url())) {
      throw GoalMessage.CONFIG_FILE_REPOSITORY_INCOMPLETE.failure(
          where, blank(r.id()) ? "id" : "url");
    }
    String at = where + " (" + r.id() + ")";
    URI uri;
    try {
      uri = new URI(r.url().trim());
    } catch (URISyntaxException e) {
      throw GoalMessage.CONFIG_FILE_REPOSITORY_NOT_URL.failure(at, e.getReason());
    }
    String scheme = uri.getScheme() == null ? "" : uri.getScheme().toLowerCase(Locale.ROOT);
    if (!List.of("http", "https", "file").contains(scheme)) {
      throw GoalMessage.CONFIG_FILE_REPOSITORY_SCHEME.failure(at);
    }
    if (uri.getRawUserInfo() != null) {
      throw GoalMessage.CONFIG_FILE_REPOSITORY_CREDENTIALS.failure(at);
    }
    RemoteRepository.Builder b =
        new RemoteRepository.Builder(r.id().trim(), "default", uri.toString());
    String user = variable(r.usernameEnv(), "usernameEnv", at, env);
    String password = variable(r.passwordEnv(), "passwordEnv", at, env);
    if (user != null || password != null) {
      AuthenticationBuilder auth = new AuthenticationBuilder();
      if (user != null) {
        auth.addUsername(user);
      }
      if (password != null) {
        auth.addPassword(password);
      }
      b.setAuthentication(auth.build());
    }
    return b.build();
  }

  /** The value of the variable a key names, or null when the key is not given. */
  private static String variable(String name, String key, String at, Function<String, String> env)
      throws GoalException {
    if (blank(name)) {
      return null;
    }
    String value = env.apply(name.trim());
    if (value == null || value.isEmpty()) {
      throw GoalMessage.CONFIG_FILE_REPOSITORY_VARIABLE_UNSET.failure(at, key, name.trim());
    }
    return value;
  }

  private static boolean blank(String s) {
    return s == null || s.isBlank();
  }
}

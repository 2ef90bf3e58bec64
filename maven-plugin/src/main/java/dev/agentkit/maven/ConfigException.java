package dev.agentkit.maven;

/** The plugin's configuration is wrong; the message names the parameter and the fix. */
final class ConfigException extends Exception {
  private static final long serialVersionUID = 1L;

  ConfigException(String message) {
    super(message);
  }
}

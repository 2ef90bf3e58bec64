package dev.agentkit.inbox;

import java.util.regex.Pattern;

/** Removes secrets a driver may echo (a JDBC URL's password) from text the inbox reports. */
final class Redact {
  private static final Pattern KEY_VALUE =
      Pattern.compile("(?i)\\b(password|passwd|pwd|secret|token|apikey|api_key)=([^&;\\s,)\"']+)");
  private static final Pattern USER_INFO = Pattern.compile("//([^/:@\\s]+):([^@/\\s]+)@");

  private Redact() {}

  /** The text with every password-like value replaced by {@code ***}; null becomes empty. */
  static String secrets(String text) {
    if (text == null) {
      return "";
    }
    String out = KEY_VALUE.matcher(text).replaceAll("$1=***");
    return USER_INFO.matcher(out).replaceAll("//$1:***@");
  }
}

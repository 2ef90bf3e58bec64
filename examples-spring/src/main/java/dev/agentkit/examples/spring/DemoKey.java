package dev.agentkit.examples.spring;

import com.nimbusds.jose.JOSEException;
import com.nimbusds.jose.JWSAlgorithm;
import com.nimbusds.jose.JWSHeader;
import com.nimbusds.jose.crypto.RSASSASigner;
import com.nimbusds.jwt.JWTClaimsSet;
import com.nimbusds.jwt.SignedJWT;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.time.Duration;
import java.time.Instant;
import java.util.Base64;
import java.util.Date;

/**
 * A signing key for running the example with no identity provider: {@link
 * TaskboardApplication#main} makes one when {@code spring.security.oauth2.resourceserver.jwt.*}
 * names no key, points the resource server at its public half, and prints a bearer token for an MCP
 * client, as Boot prints a generated password. A service configures its identity provider instead
 * (an {@code issuer-uri}).
 */
final class DemoKey {
  private final KeyPair pair;
  private final Path publicKey;

  private DemoKey(KeyPair pair, Path publicKey) {
    this.pair = pair;
    this.publicKey = publicKey;
  }

  /** A new RSA key, its public half written as PEM to a temporary file. */
  static DemoKey create() throws GeneralSecurityException, IOException {
    KeyPairGenerator rsa = KeyPairGenerator.getInstance("RSA");
    rsa.initialize(2048);
    KeyPair pair = rsa.generateKeyPair();
    Path file = Files.createTempFile("taskboard-mcp-", ".pem");
    file.toFile().deleteOnExit();
    String pem =
        "-----BEGIN PUBLIC KEY-----\n"
            + Base64.getMimeEncoder(64, "\n".getBytes(StandardCharsets.US_ASCII))
                .encodeToString(pair.getPublic().getEncoded())
            + "\n-----END PUBLIC KEY-----\n";
    Files.writeString(file, pem, StandardCharsets.US_ASCII);
    return new DemoKey(pair, file);
  }

  /** Where the resource server reads the public key: {@code file:...}. */
  String publicKeyLocation() {
    return publicKey.toUri().toString();
  }

  /** A bearer token for {@code subject}, signed with the private half, valid for {@code ttl}. */
  String token(String subject, Duration ttl) throws JOSEException {
    Instant now = Instant.now();
    JWTClaimsSet claims =
        new JWTClaimsSet.Builder()
            .subject(subject)
            .issueTime(Date.from(now))
            .expirationTime(Date.from(now.plus(ttl)))
            .build();
    SignedJWT jwt = new SignedJWT(new JWSHeader(JWSAlgorithm.RS256), claims);
    jwt.sign(new RSASSASigner(pair.getPrivate()));
    return jwt.serialize();
  }
}

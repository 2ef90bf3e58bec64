package dev.agentkit.maven;

import static org.assertj.core.api.Assertions.assertThat;

import dev.agentkit.contract.Contract;
import dev.agentkit.mcp.McpContractSource;
import dev.agentkit.source.ContractSource;
import io.modelcontextprotocol.spec.McpSchema;
import java.net.URL;
import javax.net.ssl.SSLContext;
import org.assertj.core.api.Assertions;
import org.junit.jupiter.api.Test;

/**
 * A {@code <sourceClass>}'s loader: the JDK and agentkit-runtime from the plugin, so the source is
 * the plugin's {@code ContractSource}; everything else the project's first, so a library on both
 * classpaths is one consistent copy, the project's.
 */
class SourceClassLoaderTest {
  private static final ClassLoader PLUGIN = SourceClassLoaderTest.class.getClassLoader();

  private static URL jarOf(Class<?> type) {
    return type.getProtectionDomain().getCodeSource().getLocation();
  }

  private static SourceClassLoader project(Class<?>... jars) {
    URL[] urls = new URL[jars.length];
    for (int i = 0; i < jars.length; i++) {
      urls[i] = jarOf(jars[i]);
    }
    return new SourceClassLoader(urls, PLUGIN);
  }

  @Test
  void aLibraryOnBothClasspathsComesFromTheProject() throws Exception {
    try (SourceClassLoader loader = project(Assertions.class)) {
      Class<?> loaded = loader.loadClass(Assertions.class.getName());
      assertThat(loaded.getClassLoader()).isSameAs(loader);
      assertThat(loaded).isNotSameAs(Assertions.class);
      assertThat(loader.loadClass(Assertions.class.getName())).isSameAs(loaded);
    }
  }

  @Test
  void agentkitModulesOtherThanTheRuntimeComeFromTheProjectWithTheProjectsLibraries()
      throws Exception {
    try (SourceClassLoader loader =
        project(McpContractSource.class, McpSchema.class, ContractSource.class)) {
      Class<?> source = loader.loadClass(McpContractSource.class.getName());
      assertThat(source.getClassLoader()).isSameAs(loader);
      assertThat(loader.loadClass(McpSchema.class.getName()).getClassLoader()).isSameAs(loader);
      assertThat(ContractSource.class.isAssignableFrom(source)).isTrue();
    }
  }

  @Test
  void theRuntimeAndTheJdkComeFromThePluginEvenWhenTheProjectHasThem() throws Exception {
    try (SourceClassLoader loader = project(ContractSource.class)) {
      assertThat(loader.loadClass(ContractSource.class.getName())).isSameAs(ContractSource.class);
      assertThat(loader.loadClass(Contract.class.getName())).isSameAs(Contract.class);
      assertThat(loader.loadClass("java.lang.String")).isSameAs(String.class);
      assertThat(loader.loadClass(SSLContext.class.getName())).isSameAs(SSLContext.class);
    }
  }

  @Test
  void whatTheProjectLacksComesFromThePlugin() throws Exception {
    try (SourceClassLoader loader = project()) {
      assertThat(loader.loadClass(Assertions.class.getName())).isSameAs(Assertions.class);
      assertThat(loader.loadClass(McpContractSource.class.getName()))
          .isSameAs(McpContractSource.class);
    }
  }
}

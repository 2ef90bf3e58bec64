/**
 * The annotation processor, in three steps per {@code @Agent} class: <b>read</b> the declaration
 * ({@link dev.agentkit.processor.AgentParser}) and the committed contract snapshot ({@link
 * dev.agentkit.processor.SnapshotLookup}); <b>check</b> every act against it with the runtime's
 * binding rules, collecting every problem into one {@link dev.agentkit.processor.CheckReport}; and
 * <b>write</b> {@code <Agent>_Wiring} (views, enums, the compiled contract, the dispatcher), or an
 * unbindable stand-in when the report is not clean.
 *
 * <p>Only {@link dev.agentkit.processor.AgentKitProcessor} is public: javac finds it through {@code
 * META-INF/services}. Depends on the runtime's {@code contract}, {@code annotation}, {@code
 * internal} and {@code internal.text} packages, and on JavaPoet-free source writing of its own
 * ({@link dev.agentkit.processor.SourceWriter}).
 */
package dev.agentkit.processor;

/**
 * Bound acts as LangChain4j tools. {@link dev.agentkit.langchain4j.AgentkitTools} offers the acts
 * of an {@link dev.agentkit.ActionSet} to a model as tool specifications built from the live
 * contract, and executes the calls the model makes: guarded against the contract, gated by the
 * agent's autonomy, then run or proposed; each outcome is a {@link
 * dev.agentkit.langchain4j.ToolCallResult} with a result message for the model and the details for
 * the operator.
 */
package dev.agentkit.langchain4j;

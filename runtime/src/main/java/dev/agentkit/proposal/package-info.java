/**
 * Proposals: an agent's drafted decisions, held out for a person to accept.
 *
 * <p>Start with {@link dev.agentkit.proposal.Proposal#builder(String)}; every proposal passes
 * through it, so none can reach a person without naming the object it acts on. Object labels come
 * from a {@link dev.agentkit.proposal.Labeler}, never from the model; questions carry them as
 * tokens ({@link dev.agentkit.proposal.QuestionTokens}). Before sending a batch, {@link
 * dev.agentkit.proposal.Proposals} drops the asks that would change nothing and caps how many each
 * agent sends.
 *
 * <p>Depends on {@code dev.agentkit} and {@code contract}.
 */
package dev.agentkit.proposal;

import { errorMessage } from '@rebound/contract/errors';
import { checkMaxBidRequest, type MaxBidRequest, type MaxBidRequestProblem } from '@rebound/core/bidding';
import { formatCents } from '@rebound/core/money';

/** The server's words (contract error catalogue) for a problem core's checkMaxBidRequest found. */
export function bidProblemMessage(problem: MaxBidRequestProblem): string {
  switch (problem.code) {
    case 'bid_too_high':
      return errorMessage('bid_too_high', { amount: formatCents(problem.maxCents) });
    case 'bid_not_higher_than_own':
      return errorMessage('bid_not_higher_than_own', { amount: formatCents(problem.currentMaxCents) });
    case 'bid_too_low':
      return errorMessage('bid_too_low', { amount: formatCents(problem.minimumCents) });
    default:
      return errorMessage(problem.code);
  }
}

/**
 * What the bid form says before it offers to confirm: the server's own checks (core
 * checkMaxBidRequest, which the bid route asks too) in its order and with its words; undefined when
 * the bid may go to the confirm step.
 */
export function bidFormProblem(request: MaxBidRequest): string | undefined {
  const problem = checkMaxBidRequest(request);
  return problem ? bidProblemMessage(problem) : undefined;
}

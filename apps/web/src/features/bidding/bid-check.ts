import { errorMessage } from '@rebound/contract/errors';
import { checkMaxBidRequest, type MaxBidRequest, maxBidProblemParams } from '@rebound/core/bidding';

/**
 * What the bid form says before it offers to confirm: core's checkMaxBidRequest (which the bid route
 * asks too), worded as the server words it (the contract's error catalogue, with core's
 * maxBidProblemParams); undefined when the bid may go to the confirm step. Nothing is decided here.
 */
export function bidFormProblem(request: MaxBidRequest): string | undefined {
  const problem = checkMaxBidRequest(request);
  return problem ? errorMessage(problem.code, maxBidProblemParams(problem)) : undefined;
}

/**
 * Product questions (issue 21): filing, staff answering, and inviting customers who bought the
 * product to answer. Calls of our own beside `GET /Listings/QnAs/`. Filled in by the questions work.
 */
export const reviewQuestionEndpoints = {};

/**
 * Photos sent with a review (issue 21): a call of our own, beside the spec's JSON review calls
 * (see the decision record that adds it). Filled in by the photos work.
 */
export const reviewPhotoEndpoints = {};

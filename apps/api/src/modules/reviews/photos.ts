import type { ReviewsDeps } from './reviews.service.ts';

/** Review photos (issue 21). */
export interface ReviewPhotosService {}

export function createPhotos(_deps: ReviewsDeps): ReviewPhotosService {
  return {};
}

/** What reviews need to know of a product they are about (issue 21). */
export interface ReviewedProduct {
  id: number;
  slug: string;
  name: string;
  /** Its first sku (the one reviews are filed under when the caller named the product by slug). */
  sku: string;
}

/** Figures reviews keep on a product: its average rating in tenths (0 with none), published reviews and questions. */
export interface ReviewFigures {
  ratingTenths: number;
  reviewsCount: number;
  questionsCount?: number;
}

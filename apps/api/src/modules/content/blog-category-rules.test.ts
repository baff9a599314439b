import { describe, expect, it } from 'vitest';
import { AppError } from '../../platform/errors.ts';
import { checkBlogCategoryWords, checkNewBlogCategory } from './blog-category-rules.ts';

const words = { name: 'Small bathrooms', description: 'Ideas for the smallest room.' };
const refusalOf = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    if (error instanceof AppError) return { status: error.status, code: error.code, message: error.message, errors: error.errors };
    throw error;
  }
  throw new Error('expected a refusal');
};

describe('a blog category’s address', () => {
  it.each(['small-bathrooms', 'how-to', 'tips2026', 'a', '2-in-1'])('takes "%s"', (slug) => {
    expect(checkNewBlogCategory({ slug, ...words }).slug).toBe(slug);
  });

  it('is trimmed of spaces around it', () => {
    expect(checkNewBlogCategory({ slug: '  wet-rooms ', ...words })).toEqual({ slug: 'wet-rooms', ...words });
  });

  it.each(['Small-bathrooms', 'small--bathrooms', '-small', 'small-', 'small bathrooms', 'small_bathrooms', 'salle-de-bain-é', 'a/b'])(
    'refuses "%s": lower-case letters, numbers and single hyphens only',
    (slug) => {
      expect(refusalOf(() => checkNewBlogCategory({ slug, ...words }))).toMatchObject({
        status: 422,
        code: 'BLOG_CATEGORY_INVALID',
        message: 'The category’s address must use only lower-case letters, numbers and single hyphens, like "small-bathrooms"',
        errors: [{ path: 'body.slug' }],
      });
    },
  );

  it('refuses one that is empty or longer than 60 characters', () => {
    expect(refusalOf(() => checkNewBlogCategory({ slug: ' ', ...words }))).toMatchObject({ message: 'Enter the category’s address' });
    expect(checkNewBlogCategory({ slug: 'a'.repeat(60), ...words }).slug).toHaveLength(60);
    expect(refusalOf(() => checkNewBlogCategory({ slug: 'a'.repeat(61), ...words }))).toMatchObject({
      message: 'The category’s address must be 60 characters or fewer',
    });
  });
});

describe('a blog category’s name and description', () => {
  it('are needed, each within its length, and say every field that is wrong', () => {
    expect(refusalOf(() => checkBlogCategoryWords({ name: '', description: 'x'.repeat(201) }))).toMatchObject({
      message: 'Enter the category’s name',
      errors: [
        { path: 'body.name', message: 'Enter the category’s name' },
        { path: 'body.description', message: 'The category’s description must be 200 characters or fewer' },
      ],
    });
  });

  it('are words, not HTML', () => {
    expect(refusalOf(() => checkBlogCategoryWords({ name: '<b>Bold</b>', description: 'Fine.' }))).toMatchObject({ code: 'CONTENT_MARKUP_NOT_ALLOWED' });
  });
});

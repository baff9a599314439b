import type { BlogPostDocument, BlogPostInput } from '@shop/contracts';

/** A post's own fields as the editor's form holds them: tags and product codes typed as words separated by commas or lines. */
export interface PostFields {
  summary: string;
  author: string;
  heroSrc: string;
  heroAlt: string;
  category: string;
  tags: string;
  relatedSkus: string;
}

export const POST_FIELD_NAMES = ['summary', 'author', 'heroSrc', 'heroAlt', 'category', 'tags', 'relatedSkus'] as const;

export const postFieldsOfDocument = (post: BlogPostDocument): PostFields => ({
  summary: post.summary,
  author: post.author,
  heroSrc: post.heroImage.src,
  heroAlt: post.heroImage.alt,
  category: post.category,
  tags: post.tags.join(', '),
  relatedSkus: post.relatedSkus.join(', '),
});

export function postFieldsOfForm(form: FormData): PostFields {
  const typed = (name: string) => {
    const value = form.get(`post.${name}`);
    return typeof value === 'string' ? value : '';
  };
  return Object.fromEntries(POST_FIELD_NAMES.map((name) => [name, typed(name)])) as unknown as PostFields;
}

const listOf = (text: string) =>
  text
    .split(/[,\n]/)
    .map((item) => item.trim())
    .filter(Boolean);

/** The post's fields as the API takes them (it checks each, in its own words). */
export const postInputOf = (fields: PostFields): Omit<BlogPostInput, 'title' | 'seoTitle' | 'seoDescription' | 'blocks'> => ({
  summary: fields.summary,
  author: fields.author,
  heroImage: { src: fields.heroSrc, alt: fields.heroAlt },
  category: fields.category,
  tags: listOf(fields.tags).map((tag) => tag.toLowerCase()),
  relatedSkus: listOf(fields.relatedSkus),
});

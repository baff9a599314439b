import { CONTENT_BLOCK_TYPES, CONTENT_PAGE_MAX_BLOCKS, GLOBAL_ITEMS, HOME_PAGE_BLOCK_TYPES, type FieldError } from '@shop/contracts';
import { AppError, fieldRefusal } from '../../platform/errors.ts';
import type { PageKind } from './content.repository.ts';

const homeBlockNames = HOME_PAGE_BLOCK_TYPES.map((type) => CONTENT_BLOCK_TYPES[type].toLowerCase())
  .join(', ')
  .replace(/, ([^,]+)$/, ' or $1');
const blockNames = Object.values(CONTENT_BLOCK_TYPES)
  .map((name) => name.toLowerCase())
  .join(', ');
const itemNames = Object.keys(GLOBAL_ITEMS).join(', ');
const chooseFrom = (slugs: readonly string[]) =>
  slugs.length ? `Choose one of these: ${slugs.join(', ')}.` : 'It has no categories yet: a content editor adds them at /staff/content.';
const field = (path: string, message: string, code: string): FieldError[] => [{ path, message, code }];
/** A change made from a version another editor's change has since replaced (409): what it is now, and nothing saved. */
const changedMeanwhile = (what: string, now: string, next: string, version: number) =>
  new AppError(409, 'CONTENT_CHANGED', `Someone else changed this ${what} since you opened it (${now}). Your changes have not been saved: ${next}.`, {
    extensions: { currentVersion: version },
  });

/** The content module's stable error codes: each refusal changes nothing. */
export const ContentErrors = {
  pageNotFound: (slug: string, kind: PageKind = 'page') =>
    kind === 'post'
      ? new AppError(404, 'BLOG_POST_NOT_FOUND', `There is no blog post called "${slug}". Check the address, or choose a post from the blog’s list.`)
      : new AppError(
          404,
          'CONTENT_PAGE_NOT_FOUND',
          `There is no page called "${slug}". Check the address, or find what you need from the help centre or the search box.`,
        ),
  pageNotPublished: (slug: string) =>
    new AppError(404, 'CONTENT_PAGE_NOT_FOUND', `The page "${slug}" has not been published yet. Preview its draft, or publish it first.`),
  revisionNotFound: (kind: PageKind, slug: string, revision: number) =>
    new AppError(404, 'CONTENT_REVISION_NOT_FOUND', `The ${kind} "${slug}" has no version ${revision}. Choose one from its list of versions.`),
  globalItemNotFound: (id: string) => new AppError(404, 'GLOBAL_ITEM_NOT_FOUND', `There is no global item called "${id}". The global items are: ${itemNames}.`),
  slugInvalid: (slug: string) =>
    new AppError(
      400,
      'CONTENT_SLUG_INVALID',
      `"${slug}" cannot be a page’s address: use lower-case letters, numbers and single hyphens only, like "delivery-and-returns".`,
      { errors: field('body.slug', 'use lower-case letters, numbers and single hyphens only', 'content_slug_invalid') },
    ),
  slugTaken: (slug: string, kind: PageKind = 'page') =>
    new AppError(409, 'CONTENT_SLUG_TAKEN', `There is already a ${kind} called "${slug}". Open it to change it, or choose another address.`, {
      errors: field('body.slug', 'is already a page', 'content_slug_taken'),
    }),
  changed: (what: PageKind | 'global item', version: number) =>
    changedMeanwhile(what, `it is now version ${version}`, 'open it again, check what they did and make your change again', version),
  /** Its words now are in the message: the editor's form keeps what they typed, to send again from the version they see. */
  blogCategoryChanged: (now: { name: string; description: string; version: number }) =>
    changedMeanwhile(
      'category',
      `it is now called “${now.name}”, described as “${now.description}”`,
      'check their change, then save yours again if it is still needed',
      now.version,
    ),
  previewNotAllowed: () =>
    new AppError(403, 'CONTENT_PREVIEW_NOT_ALLOWED', 'Only content editors can preview a page that is not published. Sign in with a content editor’s account.'),
  tooManyBlocks: (count: number) =>
    new AppError(
      422,
      'CONTENT_TOO_MANY_BLOCKS',
      `A page can have at most ${CONTENT_PAGE_MAX_BLOCKS} blocks; this one has ${count}. Remove some, or split it into two pages.`,
      { errors: field('body.page.blocks', `has more than ${CONTENT_PAGE_MAX_BLOCKS} blocks`, 'content_too_many_blocks') },
    ),
  unknownBlockType: (index: number, type: string) =>
    new AppError(422, 'CONTENT_BLOCK_TYPE_UNKNOWN', `Block ${index + 1} is a "${type}", which pages cannot show. Use one of these: ${blockNames}.`, {
      errors: field(`body.page.blocks.${index}.type`, 'is not a kind of block pages can show', 'content_block_type_unknown'),
    }),
  notOnHomePage: (index: number, type: string) =>
    new AppError(
      422,
      'CONTENT_BLOCK_NOT_ON_HOME_PAGE',
      `Block ${index + 1} (${CONTENT_BLOCK_TYPES[type as keyof typeof CONTENT_BLOCK_TYPES] ?? type}) is not one the home page shows. ` +
        `Use ${homeBlockNames}, or put it on a page of its own and link to it.`,
      { errors: field(`body.page.blocks.${index}.type`, 'is not a kind of block the home page shows', 'content_block_not_on_home_page') },
    ),
  markupNotAllowed: (where: string, path: string, tag: string) =>
    new AppError(
      422,
      'CONTENT_MARKUP_NOT_ALLOWED',
      `${where} contains HTML (${tag}). Pages take words, not code: remove it, and use the bold, italic and link options instead.`,
      { errors: field(path, 'contains HTML', 'content_markup_not_allowed') },
    ),
  linkNotAllowed: (where: string, path: string, kind: 'link' | 'image') =>
    new AppError(
      422,
      'CONTENT_LINK_NOT_ALLOWED',
      kind === 'image'
        ? `${where} has an image address that cannot be used. Use a picture of this shop (an address starting with /) or one starting with https://.`
        : `${where} has a link that cannot be used. Link to a page of this shop (starting with /), or to an address starting with https://, mailto: or tel:.`,
      { errors: field(path, kind === 'image' ? 'is not an image address pages can use' : 'is not a link pages can use', 'content_link_not_allowed') },
    ),
  anchorTaken: (where: string, path: string, anchor: string) =>
    new AppError(
      422,
      'CONTENT_ANCHOR_TAKEN',
      anchor === 'main'
        ? `${where} has a heading with the anchor "main", which every page already uses for its main content. Choose another anchor for the heading.`
        : `${where} has a heading with the anchor "${anchor}", which another heading on this page already has. Give each heading its own anchor.`,
      { errors: field(path, 'is already the anchor of another part of the page', 'content_anchor_taken') },
    ),
  anchorMissing: (where: string, path: string, anchor: string) =>
    new AppError(
      422,
      'CONTENT_ANCHOR_MISSING',
      `${where} links to "#${anchor}", but no heading on this page has that anchor. ` +
        `Give the heading it should lead to that anchor (type {#${anchor}} after the heading’s words), or change the link.`,
      { errors: field(path, 'leads to no heading on this page', 'content_anchor_missing') },
    ),
  imageFormRefused: () => fieldRefusal(400, 'CONTENT_IMAGE_FORM', 'image', 'Send the picture as a form (multipart/form-data) in a field named “image”.'),
  oneImage: () => fieldRefusal(422, 'CONTENT_IMAGE_ONE', 'image', 'Choose one picture at a time.'),
  imageMissing: () => fieldRefusal(422, 'CONTENT_IMAGE_MISSING', 'image', 'Choose a picture: a JPG or PNG of 5 MB or less.'),
  invalid: (detail: string, errors: FieldError[]) => new AppError(422, 'CONTENT_INVALID', detail, { errors }),
  /** `slugs`: the categories staff keep now, which the message offers. */
  blogCategoryUnknown: (category: string, slugs: readonly string[]) =>
    new AppError(404, 'BLOG_CATEGORY_NOT_FOUND', `The blog has no category called "${category}". ${chooseFrom(slugs)}`, {
      errors: field('body.blogData.category', 'is not one of the blog’s categories', 'blog_category_not_found'),
    }),
  blogPostCategoryUnknown: (category: string, slugs: readonly string[]) =>
    new AppError(422, 'BLOG_CATEGORY_NOT_FOUND', `The blog has no category called "${category}". ${chooseFrom(slugs)}`, {
      errors: field('body.post.category', 'is not one of the blog’s categories', 'blog_category_not_found'),
    }),
  /** Publishing a draft as it stands (an earlier version restored, say) whose category staff have since removed. */
  blogDraftCategoryRemoved: (category: string, slugs: readonly string[]) =>
    new AppError(
      422,
      'BLOG_CATEGORY_NOT_FOUND',
      `This post’s draft is in the category "${category}", which has been removed. ` +
        `Put the post in another category and save it, then publish it. ${chooseFrom(slugs)}`,
      { errors: field('body.post.category', 'is not one of the blog’s categories', 'blog_category_not_found') },
    ),
  blogCategoryMissing: (slug: string) =>
    new AppError(
      404,
      'BLOG_CATEGORY_NOT_FOUND',
      `The blog has no category called "${slug}". It may have been removed: choose one from the list of categories.`,
    ),
  blogCategoryInvalid: (errors: FieldError[]) => new AppError(422, 'BLOG_CATEGORY_INVALID', errors[0]!.message, { errors }),
  blogCategorySlugTaken: (slug: string) =>
    new AppError(409, 'BLOG_CATEGORY_SLUG_TAKEN', `There is already a category with the address "${slug}". Choose another address, or change that category.`, {
      errors: field('body.slug', 'is already the address of a category', 'blog_category_slug_taken'),
    }),
  blogCategoryInUse: (name: string, postCount: number) =>
    new AppError(
      409,
      'BLOG_CATEGORY_IN_USE',
      `You cannot remove “${name}” because ${postCount === 1 ? '1 post is' : `${postCount} posts are`} in it. ` +
        `Move ${postCount === 1 ? 'that post' : 'those posts'} to another category first, then remove it.`,
      { extensions: { postCount } },
    ),
  blogTagNotFound: (tag: string) =>
    new AppError(404, 'BLOG_TAG_NOT_FOUND', `No blog post is tagged "${tag}". Choose a tag from the blog’s list, or see every post.`, {
      errors: field('body.blogData.tag', 'is not a tag of any post', 'blog_tag_not_found'),
    }),
  blogPageNotFound: (page: number, totalPages: number) =>
    new AppError(
      404,
      'BLOG_PAGE_NOT_FOUND',
      totalPages <= 1
        ? `There is only one page of posts, so there is no page ${page}. Go back to the first page.`
        : `There are ${totalPages} pages of posts, so there is no page ${page}. Choose a page from 1 to ${totalPages}.`,
      { errors: field('body.blogData.page', `is more than the ${totalPages} pages there are`, 'blog_page_not_found') },
    ),
  blogPreviewNeedsSlug: () =>
    new AppError(400, 'BLOG_PREVIEW_NEEDS_SLUG', 'Say which post to preview: a draft can be previewed one post at a time, by its address.', {
      errors: field('body.blogData.slug', 'is needed to preview a draft', 'blog_preview_needs_slug'),
    }),
  notPublished: (slug: string, kind: PageKind = 'page') =>
    new AppError(
      409,
      'CONTENT_NOT_PUBLISHED',
      kind === 'post'
        ? `The blog post "${slug}" is not on the blog, so there is nothing to unpublish. Publish it to show it.`
        : `The page "${slug}" is not on the shop, so there is nothing to unpublish. Publish it to show it.`,
    ),
  scheduleInPast: () =>
    new AppError(422, 'CONTENT_SCHEDULE_IN_PAST', 'The time to publish at has passed. Choose a time in the future, or publish now.', {
      errors: field('body.publishAt', 'is in the past', 'content_schedule_in_past'),
    }),
  scheduleOrder: () =>
    new AppError(
      422,
      'GLOBAL_ITEM_SCHEDULE_INVALID',
      'The end must be after the start. Change the end, or leave it empty to show the item until you change it.',
      {
        errors: field('body.endsAt', 'is not after the start', 'global_item_schedule_invalid'),
      },
    ),
};

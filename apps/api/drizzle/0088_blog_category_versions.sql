-- A blog category's version: each rename or new description names the version the editor opened and is refused (409) when another
-- change came first, as a page's changes are, so two editors changing one category at once never lose one's change unseen.
ALTER TABLE "blog_categories" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;

-- Which clean-up found the pictures uploaded before their rows were kept (0086) in the file store: once one has, the store is not
-- listed again (a bucket's listing and a request for each object's details, daily, for nothing).
ALTER TABLE "content_image_cleanups" ADD COLUMN "swept_store" boolean DEFAULT false NOT NULL;

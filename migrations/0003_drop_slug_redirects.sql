-- Renamed banks and categories answer their old URLs with a 301 by id (bank-paths.json of each
-- build, read by src/server/site/routes.ts): their earlier slugs need no table.
DROP TABLE "slug_redirects" CASCADE;